// Ring of S 1 KiB slots (chunks, two barriers) with an L2 prefetch P tiles
// further ahead than the ring's issue: does it reach 90 % at 1 blk/SM?
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <algorithm>
#include <cuda_runtime.h>
#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { printf("%s: %s\n", #x, cudaGetErrorString(e)); exit(1); } } while (0)
constexpr int T = 256;
template <int N> __device__ __forceinline__ void waitg() { asm volatile("cp.async.wait_group %0;" ::"n"(N) : "memory"); }
__device__ __forceinline__ void commit() { asm volatile("cp.async.commit_group;" ::: "memory"); }
__device__ __forceinline__ void cp16(void *s, const void *g) {
  unsigned a = (unsigned)__cvta_generic_to_shared(s);
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(a), "l"(g) : "memory");
}
__device__ __forceinline__ void issue(int *slot, const int *in, size_t tile) {
  unsigned t = threadIdx.x;
  if (t < T / 4) cp16(slot + 4 * t, in + tile * T + 4 * t);
}
// Mode 0: none; 1: prefetch.global.L2 per 128-byte line (8 threads);
// 2: cp.async.bulk.prefetch.L2 of the whole tile (one thread; sm_90).
template <int Mode> __device__ __forceinline__ void prefetch(const int *in, size_t tile) {
  unsigned t = threadIdx.x;
  if (Mode == 1) { if (t < 8) asm volatile("prefetch.global.L2 [%0];" ::"l"(in + tile * T + 32 * t)); }
  if (Mode == 2) { if (t == 0) asm volatile("cp.async.bulk.prefetch.L2.global [%0], 1024;" ::"l"(in + tile * T) : "memory"); }
}
template <int S, int Mode, int P>
__global__ void ring(int *__restrict__ out, const int *__restrict__ in, size_t n) {
  extern __shared__ __align__(16) int sm[];
  unsigned t = threadIdx.x;
  size_t g = gridDim.x;
  for (int k = 0; k < S; k++) { if ((size_t)k < n) issue(sm + k * T, in, k * g + blockIdx.x); commit(); }
  if (Mode) for (int k = S; k < S + P; k++) if ((size_t)k < n) prefetch<Mode>(in, k * g + blockIdx.x);
  for (size_t b = 0; b < n; b++) {
    int *cur = sm + (b % S) * T;
    waitg<S - 1>();
    __syncthreads();
    out[(b * g + blockIdx.x) * T + t] = cur[t] * 3 + cur[(t + 1) % T];
    __syncthreads();
    size_t nb = b + S; if (nb < n) issue(cur, in, nb * g + blockIdx.x); commit();
    if (Mode) { size_t pb = nb + P; if (pb < n) prefetch<Mode>(in, pb * g + blockIdx.x); }
  }
  asm volatile("cp.async.wait_all;" ::: "memory");
}
template <class K> float timeit(K k, int blocks, size_t shm, int *o, const int *i, size_t n) {
  CK(cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)shm));
  cudaEvent_t a, b; cudaEventCreate(&a); cudaEventCreate(&b);
  std::vector<float> v;
  for (int r = 0; r < 23; r++) {
    cudaEventRecord(a); k<<<blocks, T, shm>>>(o, i, n); cudaEventRecord(b); CK(cudaEventSynchronize(b));
    float ms; cudaEventElapsedTime(&ms, a, b); if (r >= 2) v.push_back(ms);
  }
  CK(cudaGetLastError());
  std::sort(v.begin(), v.end()); return v[v.size() / 2];
}
int main() {
  int sms; CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  size_t total = 64ull << 20; // ints
  int *in, *out, *o2; CK(cudaMalloc(&in, total * 4)); CK(cudaMalloc(&out, total * 4)); CK(cudaMalloc(&o2, total * 4));
  std::vector<int> h(total); for (size_t k = 0; k < total; k++) h[k] = (int)(k * 2654435761u);
  CK(cudaMemcpy(in, h.data(), total * 4, cudaMemcpyHostToDevice));
  std::vector<float> rv;
  for (int r = 0; r < 21; r++) { cudaEvent_t a, b; cudaEventCreate(&a); cudaEventCreate(&b); cudaEventRecord(a); cudaMemcpy(o2, in, total * 4, cudaMemcpyDeviceToDevice); cudaEventRecord(b); cudaEventSynchronize(b); float ms; cudaEventElapsedTime(&ms, a, b); rv.push_back(ms); }
  std::sort(rv.begin(), rv.end()); float roof = rv[10];
  printf("roof %.4f ms\n", roof);
#define RUN(S, M, P, NAME) \
  { printf("%-8s S=%2d P=%2d:", NAME, S, P); for (int bps : {1, 2, 4, 8}) { int blocks = sms * bps; size_t n = total / ((size_t)blocks * T); \
    CK(cudaMemset(out, 0, total * 4)); \
    float ms = timeit(ring<S, M, P>, blocks, (size_t)S * T * 4, out, in, n); \
    std::vector<int> got(total); CK(cudaMemcpy(got.data(), out, total * 4, cudaMemcpyDeviceToHost)); \
    size_t bad = 0; for (size_t k = 0; k < (size_t)blocks * T * n; k++) { size_t base = k / T * T; int t = k % T; \
      if (got[k] != h[base + t] * 3 + h[base + (t + 1) % T]) bad++; } \
    printf("  %d: %.4f %5.1f%%%s", bps, ms, 100 * roof / ms, bad ? " WRONG" : ""); } printf("\n"); }
  RUN(16, 0, 0, "none") RUN(8, 0, 0, "none") RUN(4, 0, 0, "none")
  RUN(16, 1, 8, "line") RUN(16, 1, 16, "line") RUN(16, 1, 32, "line")
  RUN(16, 2, 8, "bulk") RUN(16, 2, 16, "bulk") RUN(16, 2, 32, "bulk")
  RUN(8, 1, 8, "line") RUN(8, 2, 8, "bulk") RUN(4, 1, 4, "line") RUN(4, 2, 4, "bulk")
  return 0;
}
