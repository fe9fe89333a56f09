// A copy whose loaded value has other uses (issue 13, shape 5), of 2-byte
// elements: the ring copies them as 16-byte cp.async.cg chunks of the
// block, so another thread's chunk carries this thread's element. After
// the wait and the barrier every chunk of iteration i has landed in slot
// i mod S, and the use reads v back from there (ld.shared.b16 between the
// barriers). The versioned loop's fallback, the loop as written, keeps v
// in its register.
//
// RUN: %ferry-cc -mllvm -ferry-stages=16 -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only -Rpass=ferry \
// RUN:   -Rpass-missed=ferry -o %t.sm80.ptx %s 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: FileCheck --check-prefix=PTX %s < %t.sm80.ptx
// RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null
// RUN: %ferry-cc -mllvm -ferry-stages=16 -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_90a -O3 -S --cuda-device-only -o %t.sm90a.ptx %s
// RUN: FileCheck --check-prefix=PTX %s < %t.sm90a.ptx
// RUN: %ptxas -arch=sm_90a %t.sm90a.ptx -o /dev/null

__global__ void ring_short(unsigned *__restrict__ out, const unsigned short *__restrict__ in,
                           int count) {
  __shared__ unsigned short s[256];
  unsigned t = threadIdx.x;
  unsigned acc = 0;
  for (int k = 0; k < count; k++) {
    unsigned short v = in[(size_t)k * 256 + t];
    // REMARK: ring-read-back-collective.cu:[[#@LINE+1]]:{{[0-9]+}}: remark: converted a 2-byte global-to-shared copy to 16-byte cp.async.cg chunks of the block and pipelined its loop over 16 stages: {{.*}}; the loaded value's other uses read it back from the iteration's slot after the barrier
    s[t] = v;
    __syncthreads();
    acc += (unsigned)s[(t + 1) % 256] * 7u + (unsigned)v;
    __syncthreads();
  }
  out[blockIdx.x * 256 + t] = acc;
}
// REMARK-NOT: remark:

// PTX-LABEL: .entry _Z10ring_shortPjPKti(
// PTX:         cp.async.cg.shared.global [{{.+}}], [{{.+}}], 16;
// PTX:         cp.async.wait_group {{[[:space:]]*}}15;
// PTX-NEXT:    bar.sync {{[[:space:]]*}}0;
// PTX-NOT:     bar.sync
// PTX-NOT:     ld.global
// PTX:         ld.shared.b16
// PTX-NOT:     bar.sync
// PTX-NOT:     ld.global
// PTX:         ld.shared.b16
// PTX-NOT:     ld.global
// PTX:         bar.sync {{[[:space:]]*}}0;
// PTX:         ld.global.nc.b16 {{[[:space:]]*}}[[V:%rs[0-9]+]]
// PTX-NEXT:    st.shared.b16 {{[[:space:]]*}}[{{.+}}], [[V]];
// PTX:         cp.async.wait_all;
