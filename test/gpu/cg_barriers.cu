// expect: cp.async
// expect-converted: 4
// expect-remark: the loaded value's other uses read it back from shared memory after the barrier
// ferry-flags: -mllvm -ferry-lone-copy=false
//
// Cooperative groups' block barriers as a copy's barrier (issue 24):
// this_thread_block().sync(), cg::sync(block) and a thread_group's sync()
// lower to barrier.cta.sync.all (bar.sync without .aligned), each a CTA
// barrier for the copies before it. `read_back` uses the loaded value again
// after cg::sync: read back from the tile after the barrier, which a barrier
// that is not .aligned allows where the code after every barrier of the
// kernel writes no shared tile. `warp_tile` (tiled_partition(block, 32))
// stays as written: a warp barrier orders no other warp. Every output is
// checked against a CPU reference.
#include "harness.cuh"

#include <cooperative_groups.h>
namespace cg = cooperative_groups;

constexpr int kBlock = 128;

__global__ void member_sync(float *out, const float *in) {
  __shared__ float s[kBlock];
  cg::thread_block b = cg::this_thread_block();
  s[threadIdx.x] = in[blockIdx.x * kBlock + threadIdx.x];
  b.sync();
  out[blockIdx.x * kBlock + threadIdx.x] = s[kBlock - 1 - threadIdx.x];
}

__global__ void free_sync(float *out, const float *in) {
  __shared__ float s[kBlock];
  cg::thread_block b = cg::this_thread_block();
  s[threadIdx.x] = in[blockIdx.x * kBlock + threadIdx.x];
  cg::sync(b);
  out[blockIdx.x * kBlock + threadIdx.x] = s[(threadIdx.x + 5) % kBlock];
}

__global__ void group_sync(float *out, const float *in) {
  __shared__ float s[kBlock];
  cg::thread_group g = cg::this_thread_block();
  s[threadIdx.x] = in[blockIdx.x * kBlock + threadIdx.x];
  g.sync();
  out[blockIdx.x * kBlock + threadIdx.x] = s[threadIdx.x ^ 1] - s[threadIdx.x];
}

__global__ void read_back(float *out, const float *in) {
  __shared__ float s[kBlock];
  cg::thread_block b = cg::this_thread_block();
  unsigned t = threadIdx.x, i = blockIdx.x * kBlock + t;
  float v = in[i];
  s[t] = v;
  cg::sync(b);
  out[i] = v * 2.0f + s[kBlock - 1 - t];
}

__global__ void warp_tile(float *out, const float *in) {
  __shared__ float s[kBlock];
  cg::thread_group g = cg::tiled_partition(cg::this_thread_block(), 32);
  s[threadIdx.x] = in[blockIdx.x * kBlock + threadIdx.x];
  g.sync();
  out[blockIdx.x * kBlock + threadIdx.x] = s[threadIdx.x ^ 1];
}

typedef void (*Kernel)(float *, const float *);

int main(int argc, char **argv) {
  if (argc != 2)
    return harness::usage(argv[0]);
  harness::Rng rng(0xC6B1);
  harness::Output out;
  int failures = 0;
  const int grid = 9;
  size_t count = (size_t)grid * kBlock;
  std::vector<float> in(count);
  for (float &v : in)
    v = rng.nonzero_float();
  float *d_in = harness::device_copy(in);
  struct { const char *name; Kernel kernel; } kernels[] = {
      {"member_sync", member_sync}, {"free_sync", free_sync}, {"group_sync", group_sync},
      {"read_back", read_back},     {"warp_tile", warp_tile}};
  for (int k = 0; k < 5; k++) {
    std::vector<float> want(count);
    for (size_t i = 0; i < count; i++) {
      size_t b = i / kBlock, t = i % kBlock;
      const float *s = &in[b * kBlock];
      switch (k) {
      case 0: want[i] = s[kBlock - 1 - t]; break;
      case 1: want[i] = s[(t + 5) % kBlock]; break;
      case 2: want[i] = s[t ^ 1] - s[t]; break;
      case 3: want[i] = s[t] * 2.0f + s[kBlock - 1 - t]; break;
      default: want[i] = s[t ^ 1]; break;
      }
    }
    float *d_out = harness::device_poisoned<float>(count);
    kernels[k].kernel<<<grid, kBlock>>>(d_out, d_in);
    CHECK_LAUNCH();
    std::vector<float> got = harness::host_copy(d_out, count);
    failures += harness::count_mismatches(kernels[k].name, got, want) != 0;
    out.append(got);
    CHECK(cudaFree(d_out));
  }
  CHECK(cudaFree(d_in));
  return harness::finish("cg_barriers", out, argv[1], failures);
}
