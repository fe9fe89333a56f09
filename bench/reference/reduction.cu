// Hand-written reference for the tree reduction (bench/reduction.cu),
// built with nvcc: each thread's element moved by a hand 4-byte cp.async
// where it is in range, zero stored where it is not, one wait before the
// barrier; the same halving loop after it. Same output bit for bit.
#include "../bench.cuh"
#include "cp_async.cuh"

constexpr int kThreads = 256;
constexpr int kCount = (int)bench::kBandwidthElements - 1000;
constexpr int kBlocks = (kCount + kThreads - 1) / kThreads;

__global__ void reduce_sum_cp_async(float *out, const float *in, int n) {
  __shared__ float partial[kThreads];
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    cp_async<4>(&partial[t], &in[i]);
  else
    partial[t] = 0.0f;
  cp_async_commit();
  cp_async_wait<0>();
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (t < s)
      partial[t] += partial[t + s];
    __syncthreads();
  }
  if (t == 0)
    out[blockIdx.x] = partial[0];
}

int main() {
  bench::Buffers<float> problem(kCount, kBlocks, [](std::vector<float> &v) {
    for (size_t i = 0; i < v.size(); i++)
      v[i] = bench::input_float(i);
  });
  problem.measure("reduction", "256_threads", "hand cp.async 4 B", (double)(kCount + kBlocks) * sizeof(float),
                  [](float *out, const float *in) { reduce_sum_cp_async<<<kBlocks, kThreads>>>(out, in, kCount); });
  return 0;
}
