// expect: cp.async
// expect-converted: 3
// expect-remark: versioned on one block-uniform run-time isspacep.global test of the source's base pointer
// expect-sm_80-ptx: isspacep.global
// expect-sm_90a-ptx: isspacep.global
// ferry-flags: -mllvm -ferry-lone-copy=false
//
// Sources not provably global (issue 13, shape 8): a pointer loaded from a
// by-value struct parameter, from a __constant__ table, and a pointer that
// is a global one or a __shared__ staging array as the launch decides. Each
// copy is versioned on isspacep.global of its base pointer, the same in
// every thread of the block in all three (a by-value parameter's and a
// __constant__ entry's pointer, a select on a kernel argument): cp.async
// where the source is global, the load and store as written elsewhere (the
// staging launches run that path). Outputs are compared with a CPU reference and, by run.sh, bit
// for bit with the plain build.
#include "harness.cuh"

constexpr int kBlock = 128;

struct Source {
  const float *data;
  int stride;
};

__constant__ const float *table[2];

__global__ void from_struct(float *__restrict__ out, Source src) {
  __shared__ float s[kBlock];
  int t = threadIdx.x, b = blockIdx.x * kBlock;
  s[t] = src.data[(b + t) * src.stride];
  __syncthreads();
  out[b + t] = s[kBlock - 1 - t] - 0.5f * s[t];
}

__global__ void from_constant(float *__restrict__ out, int which) {
  __shared__ float s[kBlock];
  int t = threadIdx.x, b = blockIdx.x * kBlock;
  s[t] = table[which][b + t];
  __syncthreads();
  out[b + t] = s[(t + 1) % kBlock] - s[t];
}

// The source is the input or a __shared__ staging array: global or not
// as the launch decides.
__global__ void maybe_shared(float *__restrict__ out, const float *__restrict__ in,
                             int use_staging) {
  __shared__ float staging[kBlock];
  __shared__ float s[kBlock];
  int t = threadIdx.x, b = blockIdx.x * kBlock;
  staging[t] = 0.25f * (float)(t + b);
  __syncthreads();
  const float *p = use_staging ? staging : in + b;
  s[t] = p[t];
  __syncthreads();
  out[b + t] = s[kBlock - 1 - t] + 2.0f * s[t];
}

int main(int argc, char **argv) {
  if (argc != 2)
    return harness::usage(argv[0]);
  harness::Rng rng(0x15A9);
  harness::Output out;
  int failures = 0;
  char what[96];
  for (int grid : {1, 4}) {
    size_t count = (size_t)grid * kBlock;
    std::vector<float> in(2 * count), other(count);
    for (float &v : in)
      v = rng.nonzero_float();
    for (float &v : other)
      v = rng.nonzero_float();
    float *d_in = harness::device_copy(in), *d_other = harness::device_copy(other);
    float *d_out = harness::device_poisoned<float>(count);

    for (int stride : {1, 2}) {
      std::vector<float> want(count);
      for (size_t i = 0; i < count; i++) {
        size_t b = i - i % kBlock, t = i % kBlock;
        want[i] = in[(b + kBlock - 1 - t) * stride] - 0.5f * in[i * stride];
      }
      CHECK(cudaMemset(d_out, harness::kPoisonByte, count * sizeof(float)));
      from_struct<<<grid, kBlock>>>(d_out, Source{d_in, stride});
      CHECK_LAUNCH();
      std::vector<float> got = harness::host_copy(d_out, count);
      std::snprintf(what, sizeof what, "from_struct grid=%d stride=%d", grid, stride);
      failures += harness::count_mismatches(what, got, want) != 0;
      out.append(got);
    }

    const float *pointers[2] = {d_in, d_other};
    CHECK(cudaMemcpyToSymbol(table, pointers, sizeof pointers));
    for (int which : {0, 1}) {
      const std::vector<float> &src = which ? other : in;
      std::vector<float> want(count);
      for (size_t i = 0; i < count; i++) {
        size_t b = i - i % kBlock, t = i % kBlock;
        want[i] = src[b + (t + 1) % kBlock] - src[i];
      }
      CHECK(cudaMemset(d_out, harness::kPoisonByte, count * sizeof(float)));
      from_constant<<<grid, kBlock>>>(d_out, which);
      CHECK_LAUNCH();
      std::vector<float> got = harness::host_copy(d_out, count);
      std::snprintf(what, sizeof what, "from_constant grid=%d which=%d", grid, which);
      failures += harness::count_mismatches(what, got, want) != 0;
      out.append(got);
    }

    for (int use_staging : {0, 1}) {
      std::vector<float> want(count);
      for (size_t i = 0; i < count; i++) {
        size_t b = i - i % kBlock, t = i % kBlock, m = b + kBlock - 1 - t;
        float x = use_staging ? 0.25f * (float)m : in[m];
        float y = use_staging ? 0.25f * (float)i : in[i];
        want[i] = x + 2.0f * y;
      }
      CHECK(cudaMemset(d_out, harness::kPoisonByte, count * sizeof(float)));
      maybe_shared<<<grid, kBlock>>>(d_out, d_in, use_staging);
      CHECK_LAUNCH();
      std::vector<float> got = harness::host_copy(d_out, count);
      std::snprintf(what, sizeof what, "maybe_shared grid=%d staging=%d", grid, use_staging);
      failures += harness::count_mismatches(what, got, want) != 0;
      out.append(got);
    }
    CHECK(cudaFree(d_in));
    CHECK(cudaFree(d_other));
    CHECK(cudaFree(d_out));
  }
  return harness::finish("versioned_source", out, argv[1], failures);
}
