// expect: cp.async
// expect-converted: 7
// expect-remark: the loaded value's other uses read it back from shared memory after the barrier
// expect-remark: not converted: the loaded value has other uses than the store before the copy's barrier
// expect-sm_80-ptx: cp.async.ca.shared.global
// expect-sm_90a-ptx: cp.async.ca.shared.global
// ferry-flags: -mllvm -ferry-lone-copy=false
//
// A copy whose loaded value has other uses (issue 13, shape 5):
// `v = in[i]; s[t] = v; __syncthreads(); ... v ...`. The copy becomes a
// cp.async and the other uses read v back from s[t] after the barrier.
// Also: uses in a branch, float4 (clang splits it into four 4-byte copies,
// each read back), a loop over tiles whose accumulator adds
// the value (the phase after the first barrier writes nothing in s; the
// second barrier ends it), and a negative: a use before the barrier (the
// copy stays). Outputs are compared with a CPU reference and, by run.sh,
// bit for bit with the plain build.
#include "harness.cuh"

constexpr int kBlock = 256;

__global__ void use_after(float *out, const float *in) {
  __shared__ float s[kBlock];
  int t = threadIdx.x, i = blockIdx.x * kBlock + t;
  float v = in[i];
  s[t] = v;
  __syncthreads();
  out[i] = s[kBlock - 1 - t] - 0.5f * v;
}

__global__ void use_in_branch(int *out, const int *in, int odd) {
  __shared__ int s[kBlock];
  int t = threadIdx.x, i = blockIdx.x * kBlock + t;
  int v = in[i];
  s[t] = v;
  __syncthreads();
  int r = s[(t + 1) % kBlock];
  if ((t & 1) == odd)
    r ^= v * 3;
  out[i] = r;
}

__global__ void vector4(float4 *out, const float4 *in) {
  __shared__ float4 s[kBlock];
  int t = threadIdx.x, i = blockIdx.x * kBlock + t;
  float4 v = in[i];
  s[t] = v;
  __syncthreads();
  float4 a = s[kBlock - 1 - t];
  out[i] = make_float4(a.x - v.w, a.y - v.z, a.z - v.y, a.w - v.x);
}

__global__ void tiles(float *__restrict__ out, const float *__restrict__ in, int count) {
  __shared__ float s[kBlock];
  int t = threadIdx.x;
  float acc = 0.0f;
  for (int k = 0; k < count; k++) {
    float v = in[(k * gridDim.x + blockIdx.x) * kBlock + t];
    s[t] = v;
    __syncthreads();
    acc += s[kBlock - 1 - t] - 0.5f * v;
    __syncthreads();
  }
  out[blockIdx.x * kBlock + t] = acc;
}

// Negative: the value is used before the barrier; the copy stays.
__global__ void use_before(float *__restrict__ out, const float *__restrict__ in,
                           float *__restrict__ also) {
  __shared__ float s[kBlock];
  int t = threadIdx.x, i = blockIdx.x * kBlock + t;
  float v = in[i];
  s[t] = v;
  also[i] = 2.0f * v;
  __syncthreads();
  out[i] = s[kBlock - 1 - t];
}

int main(int argc, char **argv) {
  if (argc != 2)
    return harness::usage(argv[0]);
  harness::Rng rng(0x5B4F);
  harness::Output out;
  int failures = 0;
  char what[96];
  for (int grid : {1, 5}) {
    size_t count = (size_t)grid * kBlock;
    std::vector<float> f(count), want(count), also_want(count);
    for (float &v : f)
      v = rng.nonzero_float();
    for (size_t i = 0; i < count; i++) {
      size_t b = i - i % kBlock, t = i % kBlock;
      want[i] = f[b + kBlock - 1 - t] - 0.5f * f[i];
    }
    float *d_f = harness::device_copy(f), *d_out = harness::device_poisoned<float>(count);
    use_after<<<grid, kBlock>>>(d_out, d_f);
    CHECK_LAUNCH();
    std::vector<float> got = harness::host_copy(d_out, count);
    std::snprintf(what, sizeof what, "use_after grid=%d", grid);
    failures += harness::count_mismatches(what, got, want) != 0;
    out.append(got);

    float *d_also = harness::device_poisoned<float>(count);
    CHECK(cudaMemset(d_out, harness::kPoisonByte, count * sizeof(float)));
    use_before<<<grid, kBlock>>>(d_out, d_f, d_also);
    CHECK_LAUNCH();
    got = harness::host_copy(d_out, count);
    std::vector<float> also_got = harness::host_copy(d_also, count);
    for (size_t i = 0; i < count; i++) {
      size_t b = i - i % kBlock, t = i % kBlock;
      want[i] = f[b + kBlock - 1 - t];
      also_want[i] = 2.0f * f[i];
    }
    std::snprintf(what, sizeof what, "use_before grid=%d", grid);
    failures += harness::count_mismatches(what, got, want) != 0;
    failures += harness::count_mismatches(what, also_got, also_want) != 0;
    out.append(got);
    out.append(also_got);
    CHECK(cudaFree(d_also));

    std::vector<int> w(count), w_want(count);
    for (int &v : w)
      v = rng.nonzero_int(1 << 20);
    int *d_w = harness::device_copy(w), *d_w_out = harness::device_poisoned<int>(count);
    for (int odd : {0, 1}) {
      for (size_t i = 0; i < count; i++) {
        size_t b = i - i % kBlock, t = i % kBlock;
        int r = w[b + (t + 1) % kBlock];
        if ((int)(t & 1) == odd)
          r ^= w[i] * 3;
        w_want[i] = r;
      }
      CHECK(cudaMemset(d_w_out, harness::kPoisonByte, count * sizeof(int)));
      use_in_branch<<<grid, kBlock>>>(d_w_out, d_w, odd);
      CHECK_LAUNCH();
      std::vector<int> w_got = harness::host_copy(d_w_out, count);
      std::snprintf(what, sizeof what, "use_in_branch grid=%d odd=%d", grid, odd);
      failures += harness::count_mismatches(what, w_got, w_want) != 0;
      out.append(w_got);
    }
    CHECK(cudaFree(d_w));
    CHECK(cudaFree(d_w_out));

    std::vector<float4> v4(count), v4_want(count);
    for (float4 &v : v4)
      v = make_float4(rng.nonzero_float(), rng.nonzero_float(), rng.nonzero_float(),
                      rng.nonzero_float());
    for (size_t i = 0; i < count; i++) {
      size_t b = i - i % kBlock, t = i % kBlock;
      const float4 &a = v4[b + kBlock - 1 - t], &v = v4[i];
      v4_want[i] = make_float4(a.x - v.w, a.y - v.z, a.z - v.y, a.w - v.x);
    }
    float4 *d_v4 = harness::device_copy(v4), *d_v4_out = harness::device_poisoned<float4>(count);
    vector4<<<grid, kBlock>>>(d_v4_out, d_v4);
    CHECK_LAUNCH();
    std::vector<float4> v4_got = harness::host_copy(d_v4_out, count);
    std::snprintf(what, sizeof what, "vector4 grid=%d", grid);
    failures += harness::count_mismatches(what, v4_got, v4_want) != 0;
    out.append(v4_got);
    CHECK(cudaFree(d_v4));
    CHECK(cudaFree(d_v4_out));

    for (int n : {1, 3, 17}) {
      std::vector<float> in((size_t)n * count), t_want(count);
      for (float &v : in)
        v = rng.nonzero_float();
      for (int blk = 0; blk < grid; blk++)
        for (int t = 0; t < kBlock; t++) {
          float acc = 0.0f;
          for (int k = 0; k < n; k++) {
            size_t row = ((size_t)k * grid + blk) * kBlock;
            acc += in[row + kBlock - 1 - t] - 0.5f * in[row + t];
          }
          t_want[(size_t)blk * kBlock + t] = acc;
        }
      float *d_in = harness::device_copy(in);
      CHECK(cudaMemset(d_out, harness::kPoisonByte, count * sizeof(float)));
      tiles<<<grid, kBlock>>>(d_out, d_in, n);
      CHECK_LAUNCH();
      got = harness::host_copy(d_out, count);
      std::snprintf(what, sizeof what, "tiles grid=%d count=%d", grid, n);
      failures += harness::count_mismatches(what, got, t_want) != 0;
      out.append(got);
      CHECK(cudaFree(d_in));
    }
    CHECK(cudaFree(d_f));
    CHECK(cudaFree(d_out));
  }
  return harness::finish("read_back", out, argv[1], failures);
}
