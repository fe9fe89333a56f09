// expect: cp.async
// expect-converted: 6
// expect-remark: converted a guarded 4-byte global-to-shared copy
// expect-sm_80-ptx: cp.async.ca.shared.global
// expect-sm_90a-ptx: cp.async.ca.shared.global
// ferry-flags: -mllvm -ferry-lone-copy=false
//
// Guarded copies (issue 13, shape 2): `s[t] = i < n ? g[i] : 0` becomes a
// cp.async whose source size is 0 where the guard fails: it reads nothing
// and fills zeros. n is not a multiple of the block, so the last block
// fills zeros; a launch with n = 0 and a null input pointer has every
// thread zero-fill and read nothing (compute-sanitizer's memcheck would
// report a read through it). Also: a 1-D stencil whose halo cells are zero
// outside the input, a guarded int copy written as if/else, a guarded
// float4 copy (16 bytes, cp.async.cg with a source size), and a copy loop
// that ferry-pipeline makes a ring, whose guarded copy joins the ring (its
// guard evaluated for the iteration the ring issues; guarded_ring.cu has
// more). Outputs are
// compared with a CPU reference and, by run.sh, bit for bit with the plain
// build.
#include "harness.cuh"

constexpr int kBlock = 128;

__global__ void guarded_float(float *out, const float *in, int n) {
  __shared__ float s[kBlock];
  int t = threadIdx.x, i = blockIdx.x * kBlock + t;
  s[t] = i < n ? in[i] : 0.0f;
  __syncthreads();
  out[i] = s[kBlock - 1 - t] - 0.5f * s[t];
}

__global__ void guarded_int(int *out, const int *in, int n) {
  __shared__ int s[kBlock];
  int t = threadIdx.x, i = blockIdx.x * kBlock + t;
  int v;
  if (i < n)
    v = in[i];
  else
    v = 0;
  s[t] = v;
  __syncthreads();
  out[i] = s[kBlock - 1 - t] ^ (s[(t + 1) % kBlock] * 3);
}

// 1-D 3-point stencil: the halo cells left and right of the block's range
// are zero outside [0, n).
__global__ void stencil3(float *out, const float *in, int n) {
  __shared__ float s[kBlock + 2];
  int t = threadIdx.x, i = blockIdx.x * kBlock + t;
  s[t + 1] = i < n ? in[i] : 0.0f;
  if (t == 0)
    s[0] = i > 0 && i - 1 < n ? in[i - 1] : 0.0f;
  if (t == kBlock - 1)
    s[kBlock + 1] = i + 1 < n ? in[i + 1] : 0.0f;
  __syncthreads();
  out[i] = 0.5f * s[t + 1] - 0.25f * (s[t] + s[t + 2]);
}

__global__ void guarded_float4(float4 *out, const float4 *in, int n) {
  __shared__ float4 s[kBlock];
  int t = threadIdx.x, i = blockIdx.x * kBlock + t;
  s[t] = i < n ? in[i] : make_float4(0.0f, 0.0f, 0.0f, 0.0f);
  __syncthreads();
  float4 a = s[kBlock - 1 - t];
  out[i] = make_float4(a.y, a.z, a.w, a.x);
}

__global__ void loop_guarded(float *__restrict__ out, const float *__restrict__ in, int n,
                             int iterations) {
  __shared__ float a[kBlock], b[kBlock];
  float sum = 0;
  for (int k = 0; k < iterations; k++) {
    int i = (k * gridDim.x + blockIdx.x) * kBlock + threadIdx.x;
    a[threadIdx.x] = in[i];
    b[threadIdx.x] = i + 1 < n ? in[i + 1] : 0.0f;
    __syncthreads();
    sum += a[kBlock - 1 - threadIdx.x] - 0.5f * b[threadIdx.x ^ 1];
    __syncthreads();
  }
  out[blockIdx.x * kBlock + threadIdx.x] = sum;
}

int main(int argc, char **argv) {
  if (argc != 2)
    return harness::usage(argv[0]);
  harness::Rng rng(0x6A4D);
  harness::Output out;
  int failures = 0;
  char what[96];
  struct { int grid, n; bool null_input; } configs[] = {
      {1, kBlock, false}, {3, 3 * kBlock - 37, false}, {5, 2 * kBlock + 1, false}, {2, 0, true}};
  for (auto c : configs) {
    size_t count = (size_t)c.grid * kBlock;
    std::vector<float> f(c.n), fs(count, 0.0f), f_want(count), st_want(count);
    for (float &v : f)
      v = rng.nonzero_float();
    for (int i = 0; i < c.n; i++)
      fs[i] = f[i];
    for (size_t i = 0; i < count; i++) {
      size_t b = i - i % kBlock, t = i % kBlock;
      f_want[i] = fs[b + kBlock - 1 - t] - 0.5f * fs[i];
      float left = i > 0 ? fs[i - 1] : 0.0f, right = i + 1 < count ? fs[i + 1] : 0.0f;
      st_want[i] = 0.5f * fs[i] - 0.25f * (left + right);
    }
    float *d_f = c.null_input ? nullptr : harness::device_copy(f);
    float *d_out = harness::device_poisoned<float>(count);
    guarded_float<<<c.grid, kBlock>>>(d_out, d_f, c.n);
    CHECK_LAUNCH();
    std::vector<float> got = harness::host_copy(d_out, count);
    std::snprintf(what, sizeof what, "guarded_float grid=%d n=%d", c.grid, c.n);
    failures += harness::count_mismatches(what, got, f_want) != 0;
    out.append(got);
    CHECK(cudaMemset(d_out, harness::kPoisonByte, count * sizeof(float)));
    stencil3<<<c.grid, kBlock>>>(d_out, d_f, c.n);
    CHECK_LAUNCH();
    got = harness::host_copy(d_out, count);
    std::snprintf(what, sizeof what, "stencil3 grid=%d n=%d", c.grid, c.n);
    failures += harness::count_mismatches(what, got, st_want) != 0;
    out.append(got);
    CHECK(cudaFree(d_out));
    if (d_f)
      CHECK(cudaFree(d_f));

    std::vector<int> w(c.n), ws(count, 0), w_want(count);
    for (int &v : w)
      v = rng.nonzero_int(1 << 20);
    for (int i = 0; i < c.n; i++)
      ws[i] = w[i];
    for (size_t i = 0; i < count; i++) {
      size_t b = i - i % kBlock, t = i % kBlock;
      w_want[i] = ws[b + kBlock - 1 - t] ^ (ws[b + (t + 1) % kBlock] * 3);
    }
    int *d_w = c.null_input ? nullptr : harness::device_copy(w);
    int *d_w_out = harness::device_poisoned<int>(count);
    guarded_int<<<c.grid, kBlock>>>(d_w_out, d_w, c.n);
    CHECK_LAUNCH();
    std::vector<int> w_got = harness::host_copy(d_w_out, count);
    std::snprintf(what, sizeof what, "guarded_int grid=%d n=%d", c.grid, c.n);
    failures += harness::count_mismatches(what, w_got, w_want) != 0;
    out.append(w_got);
    CHECK(cudaFree(d_w_out));
    if (d_w)
      CHECK(cudaFree(d_w));

    std::vector<float4> v4(c.n), v4s(count, make_float4(0, 0, 0, 0)), v4_want(count);
    for (float4 &v : v4)
      v = make_float4(rng.nonzero_float(), rng.nonzero_float(), rng.nonzero_float(),
                      rng.nonzero_float());
    for (int i = 0; i < c.n; i++)
      v4s[i] = v4[i];
    for (size_t i = 0; i < count; i++) {
      size_t b = i - i % kBlock, t = i % kBlock;
      const float4 &a = v4s[b + kBlock - 1 - t];
      v4_want[i] = make_float4(a.y, a.z, a.w, a.x);
    }
    float4 *d_v4 = c.null_input ? nullptr : harness::device_copy(v4);
    float4 *d_v4_out = harness::device_poisoned<float4>(count);
    guarded_float4<<<c.grid, kBlock>>>(d_v4_out, d_v4, c.n);
    CHECK_LAUNCH();
    std::vector<float4> v4_got = harness::host_copy(d_v4_out, count);
    std::snprintf(what, sizeof what, "guarded_float4 grid=%d n=%d", c.grid, c.n);
    failures += harness::count_mismatches(what, v4_got, v4_want) != 0;
    out.append(v4_got);
    CHECK(cudaFree(d_v4_out));
    if (d_v4)
      CHECK(cudaFree(d_v4));
  }
  for (int iterations : {1, 5, 40}) {
    const int grid = 3;
    int n = grid * iterations * kBlock;
    std::vector<float> in(n), want((size_t)grid * kBlock);
    for (float &v : in)
      v = rng.nonzero_float();
    for (int blk = 0; blk < grid; blk++)
      for (int t = 0; t < kBlock; t++) {
        float sum = 0;
        for (int k = 0; k < iterations; k++) {
          int row = (k * grid + blk) * kBlock, j = row + (t ^ 1) + 1;
          sum += in[row + kBlock - 1 - t] - 0.5f * (j < n ? in[j] : 0.0f);
        }
        want[(size_t)blk * kBlock + t] = sum;
      }
    float *d_in = harness::device_copy(in), *d_out = harness::device_poisoned<float>(want.size());
    loop_guarded<<<grid, kBlock>>>(d_out, d_in, n, iterations);
    CHECK_LAUNCH();
    std::vector<float> got = harness::host_copy(d_out, want.size());
    std::snprintf(what, sizeof what, "loop_guarded iterations=%d", iterations);
    failures += harness::count_mismatches(what, got, want) != 0;
    out.append(got);
    CHECK(cudaFree(d_in));
    CHECK(cudaFree(d_out));
  }
  return harness::finish("guarded_copy", out, argv[1], failures);
}
