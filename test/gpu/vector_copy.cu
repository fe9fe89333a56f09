// expect: cp.async
// expect-converted: 2
// want-converted: 3
// ferry-flags: -mllvm -ferry-prefetch=never
//
// Element copies wider than 4 bytes, in a batch loop like the seeds' copy and
// compute: float4 (16 bytes), int2 and double (8 bytes). ferry should turn
// the float4 copy into `cp.async.cg.shared.global [..], [..], 16` and the
// int2 and double copies into `cp.async.ca.shared.global [..], [..], 8`.
// The compute steps are chosen so that the CPU reference is exact (sums,
// exact scalings, integer mixes), so every output is compared exactly.
#include "harness.cuh"

constexpr int kBlock = 96; // three warps; not a power of two

__global__ void copy_float4(float4 *out, const float4 *in, int batches) {
  __shared__ float4 tile[kBlock];
  int t = threadIdx.x;
  int next = (t + 1) % kBlock;
  for (int batch = 0; batch < batches; batch++) {
    size_t base = ((size_t)batch * gridDim.x + blockIdx.x) * kBlock;
    tile[t] = in[base + t];
    __syncthreads();
    float4 a = tile[t], b = tile[next];
    out[base + t] = make_float4(a.x + b.y, a.y + b.z, a.z + b.w, a.w + b.x);
    __syncthreads();
  }
}

__global__ void copy_int2(int2 *out, const int2 *in, int batches) {
  __shared__ int2 tile[kBlock];
  int t = threadIdx.x;
  int prev = (t + kBlock - 1) % kBlock;
  for (int batch = 0; batch < batches; batch++) {
    size_t base = ((size_t)batch * gridDim.x + blockIdx.x) * kBlock;
    tile[t] = in[base + t];
    __syncthreads();
    int2 a = tile[t], b = tile[prev];
    out[base + t] = make_int2(a.x ^ b.y, a.y - 3 * b.x);
    __syncthreads();
  }
}

__global__ void copy_double(double *out, const double *in, int batches) {
  __shared__ double tile[kBlock];
  int t = threadIdx.x;
  int mirror = kBlock - 1 - t;
  for (int batch = 0; batch < batches; batch++) {
    size_t base = ((size_t)batch * gridDim.x + blockIdx.x) * kBlock;
    tile[t] = in[base + t];
    __syncthreads();
    out[base + t] = tile[t] - 0.5 * tile[mirror];
    __syncthreads();
  }
}

int main(int argc, char **argv) {
  if (argc != 2)
    return harness::usage(argv[0]);
  harness::Rng rng(0xFACADE);
  harness::Output out;
  int failures = 0;
  struct { int grid, batches; } configs[] = {{1, 1}, {5, 3}, {11, 4}};
  for (auto c : configs) {
    size_t n = (size_t)c.grid * c.batches * kBlock;
    char what[64];

    std::vector<float4> f4(n), f4_want(n);
    for (float4 &v : f4)
      v = make_float4(rng.nonzero_float(), rng.nonzero_float(), rng.nonzero_float(),
                      rng.nonzero_float());
    for (size_t i = 0; i < n; i++) {
      size_t base = i - i % kBlock;
      const float4 &a = f4[i], &b = f4[base + (i % kBlock + 1) % kBlock];
      f4_want[i] = make_float4(a.x + b.y, a.y + b.z, a.z + b.w, a.w + b.x);
    }
    float4 *d_f4 = harness::device_copy(f4);
    float4 *d_f4_out = harness::device_poisoned<float4>(n);
    copy_float4<<<c.grid, kBlock>>>(d_f4_out, d_f4, c.batches);
    CHECK_LAUNCH();
    std::vector<float4> f4_got = harness::host_copy(d_f4_out, n);
    std::snprintf(what, sizeof what, "copy_float4 grid=%d batches=%d", c.grid, c.batches);
    if (harness::count_mismatches(what, f4_got, f4_want))
      failures++;
    out.append(f4_got);
    CHECK(cudaFree(d_f4));
    CHECK(cudaFree(d_f4_out));

    std::vector<int2> i2(n), i2_want(n);
    for (int2 &v : i2)
      v = make_int2(rng.nonzero_int(1 << 28), rng.nonzero_int(1 << 28));
    for (size_t i = 0; i < n; i++) {
      size_t base = i - i % kBlock;
      const int2 &a = i2[i], &b = i2[base + (i % kBlock + kBlock - 1) % kBlock];
      i2_want[i] = make_int2(a.x ^ b.y, a.y - 3 * b.x);
    }
    int2 *d_i2 = harness::device_copy(i2);
    int2 *d_i2_out = harness::device_poisoned<int2>(n);
    copy_int2<<<c.grid, kBlock>>>(d_i2_out, d_i2, c.batches);
    CHECK_LAUNCH();
    std::vector<int2> i2_got = harness::host_copy(d_i2_out, n);
    std::snprintf(what, sizeof what, "copy_int2 grid=%d batches=%d", c.grid, c.batches);
    if (harness::count_mismatches(what, i2_got, i2_want))
      failures++;
    out.append(i2_got);
    CHECK(cudaFree(d_i2));
    CHECK(cudaFree(d_i2_out));

    std::vector<double> d(n), d_want(n);
    for (double &v : d)
      v = rng.nonzero_double();
    for (size_t i = 0; i < n; i++) {
      size_t base = i - i % kBlock;
      d_want[i] = d[i] - 0.5 * d[base + kBlock - 1 - i % kBlock];
    }
    double *d_d = harness::device_copy(d);
    double *d_d_out = harness::device_poisoned<double>(n);
    copy_double<<<c.grid, kBlock>>>(d_d_out, d_d, c.batches);
    CHECK_LAUNCH();
    std::vector<double> d_got = harness::host_copy(d_d_out, n);
    std::snprintf(what, sizeof what, "copy_double grid=%d batches=%d", c.grid, c.batches);
    if (harness::count_mismatches(what, d_got, d_want))
      failures++;
    out.append(d_got);
    CHECK(cudaFree(d_d));
    CHECK(cudaFree(d_d_out));
  }
  return harness::finish("vector_copy", out, argv[1], failures);
}
