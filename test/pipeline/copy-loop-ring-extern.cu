// A block-strided copy loop filling an extern __shared__ tile is not made
// a ring, even where the kernel says how much dynamic shared memory it is
// launched with (a ring of single copies would be: dynamic-tile.cu): the
// copy loop's ring is static arrays only, at first.
//
// RUN: %ferry-cc -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only \
// RUN:   -Rpass=ferry -Rpass-missed=ferry -Rpass-analysis=ferry -o %t.sm80.ptx %s 2>&1 \
// RUN:   | FileCheck --check-prefix=REMARK %s
// RUN: FileCheck --check-prefix=PTX %s < %t.sm80.ptx
// RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null

constexpr int kTile = 1024;

__global__ void __attribute__((annotate("ferry:dynamic_shared=16384")))
extern_tile(float *__restrict__ out, const float *__restrict__ in, int count) {
  extern __shared__ float e[];
  float acc = 0.0f;
  for (int k = 0; k < count; k++) {
    // REMARK: copy-loop-ring-extern.cu:[[#@LINE+2]]:{{[0-9]+}}: remark: the loop around this block-strided copy loop is not pipelined: the copy loop fills an extern __shared__ tile, whose ring ferry does not make for a copy loop
    for (int p = threadIdx.x; p < kTile; p += blockDim.x)
      e[p] = in[(size_t)k * kTile + p];
    __syncthreads();
    acc += e[threadIdx.x % kTile];
    __syncthreads();
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}
// REMARK-NOT: pipelined its loop

// PTX-LABEL: .entry _Z11extern_tilePfPKfi(
// PTX-NOT:     cp.async.wait_group {{[[:space:]]*}}{{[1-9]}}
// PTX:         cp.async.wait_group {{[[:space:]]*}}0;
// PTX-NOT:     cp.async.wait_group {{[[:space:]]*}}{{[1-9]}}
