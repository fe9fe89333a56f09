// A copy whose loaded value has other uses (issue 13, shape 5) in a loop
// no ring takes (its closing barrier stands at the top of the next
// iteration: a ring's issue would overwrite a slot other threads still
// read) is a copy loop like any other for ferry-prefetch: its source is
// prefetched into L2 ahead and the copy stays plain, its value used from
// the register as written (no cp.async, no read back from the tile).
//
// RUN: %ferry-cc -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only -Rpass=ferry \
// RUN:   -Rpass-analysis=ferry -o %t.ptx %s 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_80 %t.ptx -o /dev/null

__global__ void top_barrier(unsigned *__restrict__ out, const unsigned *__restrict__ in, int count) {
  __shared__ unsigned s[256];
  unsigned t = threadIdx.x;
  unsigned acc = 0;
  for (int k = 0; k < count; k++) {
    __syncthreads();
    unsigned v = in[(size_t)k * 256 + t];
    s[t] = v;
    // REMARK: read-back.cu:[[@LINE-1]]:10: remark: the copy loop is not pipelined: the copy's loaded value is read back from the shared array with no barrier between that read and the end of the iteration
    // REMARK: read-back.cu:[[@LINE-2]]:10: remark: left a 4-byte global-to-shared copy plain and prefetched its source into L2
    __syncthreads();
    acc += s[255 - t] ^ (v * 9u);
  }
  out[blockIdx.x * 256 + t] = acc;
}
// REMARK-NOT: remark: converted

// CHECK-LABEL: .entry _Z11top_barrierPjPKji(
// CHECK-NOT:     cp.async
// CHECK:         prefetch.global.L2
// CHECK:         ld.global.nc.b32 [[V:%r[0-9]+]]
// CHECK-NEXT:    st.shared.b32 [{{.+}}], [[V]];
// CHECK-NOT:     cp.async
// CHECK:         bar.sync
// CHECK:         mul.lo.s32 {{%r[0-9]+}}, [[V]], 9;
// CHECK-NOT:     cp.async
