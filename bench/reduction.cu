// Benchmark: a tree reduction as legacy CUDA, in the shape of the CUDA
// samples' first reductions: each thread loads one element or zero past
// the end (s[t] = (i < n) ? g[i] : 0), then the block halves the active
// threads with a __syncthreads per level, and thread 0 writes the block's
// sum. n is 1000 short of 2^26 floats, so the last block's guard matters.
// Built by clang without and with ferry; reference/reduction.cu is the same
// kernel with hand cp.async.
#include "bench.cuh"

constexpr int kThreads = 256;
constexpr int kCount = (int)bench::kBandwidthElements - 1000;
constexpr int kBlocks = (kCount + kThreads - 1) / kThreads;

__global__ void reduce_sum(float *out, const float *in, int n) {
  __shared__ float partial[kThreads];
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  partial[t] = (i < n) ? in[i] : 0.0f;
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
  problem.measure("reduction", "256_threads", "", (double)(kCount + kBlocks) * sizeof(float),
                  [](float *out, const float *in) { reduce_sum<<<kBlocks, kThreads>>>(out, in, kCount); });
  return 0;
}
