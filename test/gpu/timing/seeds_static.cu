// Timing, not a test (build.sh does not build this folder): the seeds' loop
// as written with a static tile (`__shared__ int tile[256]`, 256 threads,
// pointers that may alias), in and out of 64 MiB each, at 1, 2, 4 and 8
// blocks per SM. Built plain and with ferry (test/gpu/timing/run.sh); with
// disjoint buffers ferry's ring runs behind its range check, with out =
// in + gridDim.x * 256 (each block writes the source of its own next batch)
// the check fails and the loop runs as written. Prints the median of 21
// launches and a checksum of the output, which must match between builds.
// -DRESTRICT marks the pointers __restrict__ (the ring needs no check; only
// for the disjoint buffers), -DTILE=4096 declares a 16 KiB tile of which
// the loop uses 1 KiB (what the ring's shared memory costs the loop as
// written, plain).
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <algorithm>
#include <cuda_runtime.h>

#define CHECK(call)                                                                    \
  do {                                                                                 \
    cudaError_t e_ = (call);                                                           \
    if (e_ != cudaSuccess) {                                                           \
      std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); \
      std::exit(2);                                                                    \
    }                                                                                  \
  } while (0)

__device__ void compute(int *global_out, const int *shared_in) {
  unsigned i = threadIdx.x;
  global_out[i] = shared_in[i] * 3 + shared_in[(i + 1) % blockDim.x];
}

#ifdef RESTRICT
#define MAY_ALIAS __restrict__
#else
#define MAY_ALIAS
#endif
#ifndef TILE
#define TILE 256
#endif

__global__ void seeds_static(int *MAY_ALIAS global_out, const int *MAY_ALIAS global_in,
                             size_t batch_sz) {
  __shared__ int shared[TILE];
  size_t local_idx = threadIdx.x;
  size_t grid_size = (size_t)gridDim.x * blockDim.x;
  for (size_t batch = 0; batch < batch_sz; batch++) {
    size_t block_batch_idx = blockIdx.x * blockDim.x + grid_size * batch;
    shared[local_idx] = global_in[block_batch_idx + local_idx];
    __syncthreads();
    compute(global_out + block_batch_idx, shared);
    __syncthreads();
  }
}

static unsigned long long checksum(const int *d, size_t n) {
  std::vector<int> h(n);
  CHECK(cudaMemcpy(h.data(), d, n * sizeof(int), cudaMemcpyDeviceToHost));
  unsigned long long s = 1469598103934665603ull;
  for (int v : h)
    s = (s ^ (unsigned)v) * 1099511628211ull;
  return s;
}

int main() {
  const size_t elements = (size_t)1 << 24; // 64 MiB of ints
  const int threads = 256;
  int sms;
  CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  std::vector<int> host(2 * elements + 8 * 256 * (size_t)sms);
  for (size_t i = 0; i < host.size(); i++)
    host[i] = (int)(i * 2654435761u) >> 3;
  int *in, *out, *both;
  CHECK(cudaMalloc(&in, elements * sizeof(int)));
  CHECK(cudaMalloc(&out, elements * sizeof(int)));
  CHECK(cudaMalloc(&both, host.size() * sizeof(int)));
  cudaEvent_t start, stop;
  CHECK(cudaEventCreate(&start));
  CHECK(cudaEventCreate(&stop));
  for (int overlap = 0; overlap < 2; overlap++)
    for (int per_sm : {1, 2, 4, 8}) {
      int blocks = sms * per_sm;
      size_t batches = elements / ((size_t)blocks * threads);
      size_t used = batches * blocks * threads;
      int *src = overlap ? both : in;
      int *dst = overlap ? both + (size_t)blocks * threads : out;
      std::vector<float> ms;
      for (int rep = 0; rep < 21; rep++) {
        CHECK(cudaMemcpy(src, host.data(), (overlap ? host.size() : elements) * sizeof(int),
                         cudaMemcpyHostToDevice));
        CHECK(cudaEventRecord(start));
        seeds_static<<<blocks, threads>>>(dst, src, batches);
        CHECK(cudaEventRecord(stop));
        CHECK(cudaEventSynchronize(stop));
        CHECK(cudaGetLastError());
        float t;
        CHECK(cudaEventElapsedTime(&t, start, stop));
        ms.push_back(t);
      }
      std::sort(ms.begin(), ms.end());
      std::printf("%s %d_blocks_per_sm %.4f ms checksum %016llx\n",
                  overlap ? "overlapping" : "disjoint", per_sm, ms[ms.size() / 2],
                  checksum(dst, used));
    }
  return 0;
}
