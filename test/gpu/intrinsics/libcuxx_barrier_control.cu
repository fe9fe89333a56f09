// Control for run.sh: libcu++'s own cuda::memcpy_async bound to a
// cuda::barrier, built by nvcc. It is the pattern ferry's barrier forms
// lower to on sm_80+ (cp.async + cp.async.mbarrier.arrive, then the
// thread's own arrive_and_wait), so what compute-sanitizer's synccheck says
// of it tells a report about that pattern from one about ferry.
#include <cuda/barrier>
#include <cstdio>
__global__ void k(const int *in, int *out) {
  __shared__ int tile[256];
#pragma nv_diag_suppress static_var_with_dynamic_init
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  if (threadIdx.x == 0) init(&bar, blockDim.x);
  __syncthreads();
  cuda::memcpy_async(&tile[threadIdx.x], &in[blockIdx.x * 256 + threadIdx.x], sizeof(int), bar);
  bar.arrive_and_wait();
  out[blockIdx.x * 256 + threadIdx.x] = tile[255 - threadIdx.x];
}
int main() {
  int *in, *out;
  cudaMalloc(&in, 64 * 256 * 4); cudaMalloc(&out, 64 * 256 * 4);
  cudaMemset(in, 1, 64 * 256 * 4);
  k<<<64, 256>>>(in, out);
  cudaError_t e = cudaDeviceSynchronize();
  int h = 0; cudaMemcpy(&h, out, 4, cudaMemcpyDeviceToHost);
  printf("libcuxx_barrier: %s, out[0] = %#x\n", cudaGetErrorString(e), h);
  return e != cudaSuccess;
}
