// A copy guarded by a per-thread condition inside a copy loop is reached
// by some threads of the block only, in each iteration: threads that fail
// the guard reach it again only in a later iteration, through the loop's
// back edge. The block-collective form, whose chunks copy whole rows, must
// refuse it (its chunks overwrote the elements the other threads stored,
// found by test/fuzz). The same loop guarded by a uniform condition keeps
// the collective form.
//
// RUN: %ferry-cc -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_90a -O3 -S --cuda-device-only -Rpass=ferry -Rpass-missed=ferry \
// RUN:   -o %t.ptx %s 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: %ptxas -arch=sm_90a %t.ptx -o /dev/null
// RUN: %ferry-cc -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only -mllvm -ferry-collective=always \
// RUN:   -Rpass=ferry -Rpass-missed=ferry -o %t.always.ptx %s 2>&1 | FileCheck --check-prefix=ALWAYS %s
// RUN: %ptxas -arch=sm_80 %t.always.ptx -o /dev/null

template <typename T>
__global__ void per_thread_guard(unsigned *__restrict__ out, const T *__restrict__ in, int lim, int n) {
  __shared__ T tile[8][32];
  __shared__ T other[8][32];
  const int tx = threadIdx.x, ty = threadIdx.y;
  unsigned acc = 0;
  for (int k = 0; k < n; k++) {
    if (tx < lim)
      tile[ty][tx] = in[blockIdx.x * 256 + k * 256 + ty * 32 + tx];
    else
      tile[ty][tx] = 7;
    other[ty][tx] = in[blockIdx.x * 256 + k * 256 + ty * 32 + tx + 56];
    __syncthreads();
    acc = acc * 31u + tile[ty][tx] + 3u * tile[ty][(tx + 1) % 32] + 5u * other[ty][tx];
    __syncthreads();
  }
  out[blockIdx.x * 256 + ty * 32 + tx] = acc;
}

template <typename T>
__global__ void uniform_guard(unsigned *__restrict__ out, const T *__restrict__ in, int lim, int n) {
  __shared__ T tile[8][32];
  const int tx = threadIdx.x, ty = threadIdx.y;
  unsigned acc = 0;
  for (int k = 0; k < n; k++) {
    if (k < lim)
      tile[ty][tx] = in[blockIdx.x * 256 + k * 256 + ty * 32 + tx];
    __syncthreads();
    acc = acc * 31u + tile[ty][tx] + 3u * tile[ty][(tx + 1) % 32];
    __syncthreads();
  }
  out[blockIdx.x * 256 + ty * 32 + tx] = acc;
}

template __global__ void per_thread_guard<unsigned short>(unsigned *, const unsigned short *, int, int);
template __global__ void uniform_guard<unsigned short>(unsigned *, const unsigned short *, int, int);
template __global__ void per_thread_guard<unsigned>(unsigned *, const unsigned *, int, int);

// REMARK-DAG: refuse-guarded-in-loop.cu:24:{{[0-9]+}}: remark: not converted: 2-byte elements; a per-thread cp.async copies 4, 8 or 16 bytes; the block-collective form does not apply: not every thread of the block reaches the copy
// REMARK-DAG: refuse-guarded-in-loop.cu:42:{{[0-9]+}}: remark: converted the block's 2-byte global-to-shared copies
// ALWAYS-DAG: refuse-guarded-in-loop.cu:24:{{[0-9]+}}: remark: converted a 4-byte global-to-shared copy to cp.async.ca;
// ALWAYS-NOT: refuse-guarded-in-loop.cu:24:{{[0-9]+}}: remark: converted the block's
