// Benchmark: the seeds' copy-and-compute loop (legacy source, plain
// assignment + __syncthreads), timed at 1, 2, 4 and 8 blocks per SM, and a
// tiled SGEMM with plain tile loads. The same source is built without and
// with ferry; bench/run.sh prints the ratios. Output lines:
//   kernel,config,median_ms,gbps_or_tflops,checksum
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CHECK(x)                                                               \
  do {                                                                         \
    cudaError_t err_ = (x);                                                    \
    if (err_ != cudaSuccess) {                                                 \
      fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(err_)); \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

__device__ void compute(int *global_out, const int *shared_in) {
  unsigned i = threadIdx.x;
  global_out[i] = shared_in[i] * 3 + shared_in[(i + 1) % blockDim.x];
}

// The seeds' loop with a static tile (the pipeliner replicates static
// shared arrays; an extern one has no size to replicate) and __restrict__
// pointers (without them the output may alias the input, and no copy may be
// issued ahead of the compute that could write it).
__global__ void copy_compute(int *__restrict__ global_out, const int *__restrict__ global_in,
                             size_t batch_sz) {
  __shared__ int shared[256];
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

template <int BS>
__global__ void sgemm(float *C, const float *A, const float *B, int wA, int wB) {
  int bx = blockIdx.x, by = blockIdx.y, tx = threadIdx.x, ty = threadIdx.y;
  int aBegin = wA * BS * by, aEnd = aBegin + wA - 1;
  int bBegin = BS * bx, bStep = BS * wB;
  float sum = 0;
  for (int a = aBegin, b = bBegin; a <= aEnd; a += BS, b += bStep) {
    __shared__ float As[BS][BS];
    __shared__ float Bs[BS][BS];
    As[ty][tx] = A[a + wA * ty + tx];
    Bs[ty][tx] = B[b + wB * ty + tx];
    __syncthreads();
#pragma unroll
    for (int k = 0; k < BS; ++k)
      sum += As[ty][k] * Bs[k][tx];
    __syncthreads();
  }
  C[wB * BS * by + BS * bx + wB * ty + tx] = sum;
}

template <typename F> static float median_ms(F launch, int reps) {
  cudaEvent_t start, stop;
  CHECK(cudaEventCreate(&start));
  CHECK(cudaEventCreate(&stop));
  launch();
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  std::vector<float> times;
  for (int r = 0; r < reps; r++) {
    CHECK(cudaEventRecord(start));
    launch();
    CHECK(cudaEventRecord(stop));
    CHECK(cudaEventSynchronize(stop));
    CHECK(cudaGetLastError());
    float ms;
    CHECK(cudaEventElapsedTime(&ms, start, stop));
    times.push_back(ms);
  }
  std::sort(times.begin(), times.end());
  return times[times.size() / 2];
}

static unsigned long long checksum(const void *data, size_t bytes) {
  const unsigned char *p = (const unsigned char *)data;
  unsigned long long h = 1469598103934665603ULL;
  for (size_t i = 0; i < bytes; i++)
    h = (h ^ p[i]) * 1099511628211ULL;
  return h;
}

int main() {
  cudaDeviceProp prop;
  CHECK(cudaGetDeviceProperties(&prop, 0));
  const int threads = 256, reps = 21;
  const size_t elements = (size_t)1 << 26; // 256 MiB in, 256 MiB out
  int *in, *out;
  CHECK(cudaMalloc(&in, elements * sizeof(int)));
  CHECK(cudaMalloc(&out, elements * sizeof(int)));
  std::vector<int> host(elements);
  for (size_t i = 0; i < elements; i++)
    host[i] = (int)(i * 2654435761u);
  CHECK(cudaMemcpy(in, host.data(), elements * sizeof(int), cudaMemcpyHostToDevice));

  float roof = median_ms([&] { cudaMemcpyAsync(out, in, elements * sizeof(int), cudaMemcpyDeviceToDevice); }, reps);
  printf("memcpy,d2d,%.4f,%.1f,0\n", roof, 2.0 * elements * sizeof(int) / roof / 1e6);

  for (int per_sm : {1, 2, 4, 8}) {
    int blocks = prop.multiProcessorCount * per_sm;
    size_t batches = elements / ((size_t)blocks * threads);
    size_t used = batches * blocks * threads;
    CHECK(cudaMemset(out, 0xff, elements * sizeof(int)));
    float ms = median_ms([&] {
      copy_compute<<<blocks, threads>>>(out, in, batches);
    }, reps);
    CHECK(cudaMemcpy(host.data(), out, used * sizeof(int), cudaMemcpyDeviceToHost));
    printf("copy_compute,%d_blocks_per_sm,%.4f,%.1f,%llx\n", per_sm, ms,
           2.0 * used * sizeof(int) / ms / 1e6, checksum(host.data(), used * sizeof(int)));
  }
  CHECK(cudaFree(in));
  CHECK(cudaFree(out));

  const int n = 4096;
  float *A, *B, *C;
  std::vector<float> hf((size_t)n * n);
  CHECK(cudaMalloc(&A, hf.size() * 4));
  CHECK(cudaMalloc(&B, hf.size() * 4));
  CHECK(cudaMalloc(&C, hf.size() * 4));
  for (size_t i = 0; i < hf.size(); i++)
    hf[i] = (float)((i * 2654435761u) % 1000) / 1000.0f - 0.5f;
  CHECK(cudaMemcpy(A, hf.data(), hf.size() * 4, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(B, hf.data(), hf.size() * 4, cudaMemcpyHostToDevice));
  float ms16 = median_ms([&] { sgemm<16><<<dim3(n / 16, n / 16), dim3(16, 16)>>>(C, A, B, n, n); }, 11);
  CHECK(cudaMemcpy(hf.data(), C, hf.size() * 4, cudaMemcpyDeviceToHost));
  printf("sgemm,16x16,%.4f,%.2f,%llx\n", ms16, 2.0 * n * n * (double)n / ms16 / 1e9, checksum(hf.data(), hf.size() * 4));
  float ms32 = median_ms([&] { sgemm<32><<<dim3(n / 32, n / 32), dim3(32, 32)>>>(C, A, B, n, n); }, 11);
  CHECK(cudaMemcpy(hf.data(), C, hf.size() * 4, cudaMemcpyDeviceToHost));
  printf("sgemm,32x32,%.4f,%.2f,%llx\n", ms32, 2.0 * n * n * (double)n / ms32 / 1e9, checksum(hf.data(), hf.size() * 4));
  return 0;
}
