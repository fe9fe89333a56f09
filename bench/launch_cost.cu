// Benchmark: what a launch costs on the host. A tiny kernel whose copy
// ferry converts (so that, built with ferry, every launch goes through the
// launch dispatch and runs its variant) is launched 100,000 times, each
// launch timed on the host, and so is the same kernel built plain in the
// same binary (ferry-bench compiles this file a second time with
// -DLAUNCH_COST_REFERENCE and no plugin): launch times differ from process
// to process by more than the dispatch could cost, so the two are compared
// in one process, in alternating rounds of 1,000 launches. The queue is
// drained every 500 launches (a full queue would time the GPU instead).
// Reported: the median per launch of each, in ms.
#include <chrono>

#include "bench.cuh"

#if defined(LAUNCH_COST_REFERENCE)
__global__ void tiny_reference(int *__restrict__ out, const int4 *__restrict__ in) {
  // Two 16-byte copies: a lone copy stays plain, and a variant of narrower
  // ones runs only where a trial timed it faster (cost_model.c).
  __shared__ int4 s[32], r[32];
  s[threadIdx.x] = in[threadIdx.x];
  r[threadIdx.x] = in[31 - threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = s[31 - threadIdx.x].x + r[threadIdx.x ^ 1].w;
}
void launch_reference(int *out, const int4 *in) { tiny_reference<<<1, 32>>>(out, in); }
#else
__global__ void tiny(int *__restrict__ out, const int4 *__restrict__ in) {
  // Two 16-byte copies: a lone copy stays plain, and a variant of narrower
  // ones runs only where a trial timed it faster (cost_model.c).
  __shared__ int4 s[32], r[32];
  s[threadIdx.x] = in[threadIdx.x];
  r[threadIdx.x] = in[31 - threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = s[31 - threadIdx.x].x + r[threadIdx.x ^ 1].w;
}
void launch_reference(int *out, const int4 *in);

int main() {
  constexpr int kRounds = 100, kPerRound = 1000, kDrain = 500;
  int4 *in;
  int *out;
  CHECK(cudaMalloc(&in, 32 * sizeof(int4)));
  CHECK(cudaMalloc(&out, 32 * sizeof(int)));
  std::vector<int> host(4 * 32);
  for (size_t i = 0; i < host.size(); i++)
    host[i] = bench::input_int(i);
  CHECK(cudaMemcpy(in, host.data(), 32 * sizeof(int4), cudaMemcpyHostToDevice));
  tiny<<<1, 32>>>(out, in); // first launches: the dispatch learns the device
  launch_reference(out, in);
  CHECK(cudaDeviceSynchronize());
  std::vector<double> tested, reference;
  auto time_launches = [&](std::vector<double> &ns, bool reference_build) {
    for (int i = 0; i < kPerRound; i++) {
      auto start = std::chrono::steady_clock::now();
      if (reference_build)
        launch_reference(out, in);
      else
        tiny<<<1, 32>>>(out, in);
      ns.push_back(std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - start).count());
      if (i % kDrain == kDrain - 1)
        CHECK(cudaDeviceSynchronize());
    }
  };
  for (int round = 0; round < kRounds; round++) {
    time_launches(round % 2 ? reference : tested, round % 2);
    time_launches(round % 2 ? tested : reference, !(round % 2));
  }
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  unsigned long long sum = bench::device_checksum(out, 32 * sizeof(int));
  std::sort(tested.begin(), tested.end());
  std::sort(reference.begin(), reference.end());
  bench::print_result("launch_cost", "tiny", "", (float)(tested[tested.size() / 2] / 1e6), 0, 0, sum);
  bench::print_result("launch_cost", "tiny", "plain in the same process",
                      (float)(reference[reference.size() / 2] / 1e6), 0, 0, sum);
  CHECK(cudaFree(in));
  CHECK(cudaFree(out));
  return 0;
}
#endif
