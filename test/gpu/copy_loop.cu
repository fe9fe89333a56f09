// expect: cp.async
// expect-converted: 7
// expect-remark: converted a 4-byte global-to-shared copy in a loop with no barrier to per-thread cp.async
// expect-remark: converted a 16-byte global-to-shared copy in a loop with no barrier to per-thread cp.async
// expect-remark: converted a 4-byte global-to-shared copy (guarded: a source size of 0 where the guard fails) in a loop with no barrier
// expect-sm_80-ptx: cp.async.ca.shared.global
// expect-sm_90a-ptx: cp.async.cg.shared.global
//
// Block-strided copy loops (issue 13, shape 4):
//   for (p = threadIdx.x; p < N; p += blockDim.x) s[p] = g[base + p];
//   __syncthreads();
// every iteration's copy becomes a per-thread cp.async, all in flight until
// one wait before the barrier after the loop. Blocks of 64, 96 (the tile is
// not a multiple: threads run different trip counts), 256 and 1024 threads;
// a bound known at run time (0 included: no thread copies), a guarded copy
// whose input ends inside the tile, float4 elements, two arrays filled by
// one loop, and a copy loop inside an outer loop over tiles (a ring of the
// copy loop since copy loops join rings: copy_loop_ring.cu). Outputs are
// compared with a CPU reference and, by run.sh, bit for bit with the plain
// build; the arithmetic is exact (sums of two, halvings).
#include "harness.cuh"

constexpr int kTile = 1024;

// After the barrier each thread reads four elements, (4t + j) % kTile, with
// no loop over the tile (a loop reading the destination after the barrier
// is the cost model's sign of a shared-memory-bound kernel, where it keeps
// plain copies).
#define READ_FOUR(out, s, tile, expr)                                         \
  _Pragma("unroll") for (int j = 0; j < 4; j++) {                            \
    int q = (4 * (int)threadIdx.x + j) % (tile);                             \
    out[(blockIdx.x * blockDim.x + threadIdx.x) * 4 + j] = (expr);           \
  }

__global__ void constant_bound(float *out, const float *in) {
  __shared__ float s[kTile];
  int base = blockIdx.x * kTile;
  for (int p = threadIdx.x; p < kTile; p += blockDim.x)
    s[p] = in[base + p];
  __syncthreads();
  READ_FOUR(out, s, kTile, 0.5f * s[kTile - 1 - q])
}

__global__ void runtime_bound(float *out, const float *in, int n) {
  __shared__ float s[kTile];
  int base = blockIdx.x * n;
  for (int p = threadIdx.x; p < n; p += blockDim.x)
    s[p] = in[base + p];
  __syncthreads();
  if (n > 0)
    READ_FOUR(out, s, n, 0.5f * s[n - 1 - q])
}

// The input holds n elements; the tile past them is zero.
__global__ void guarded(float *out, const float *in, int n) {
  __shared__ float s[kTile];
  int base = blockIdx.x * kTile;
  for (int p = threadIdx.x; p < kTile; p += blockDim.x)
    s[p] = base + p < n ? in[base + p] : 0.0f;
  __syncthreads();
  READ_FOUR(out, s, kTile, 0.5f * s[kTile - 1 - q])
}

__global__ void vector4(float4 *out, const float4 *in) {
  __shared__ float4 s[kTile / 4];
  int base = blockIdx.x * (kTile / 4);
  for (int p = threadIdx.x; p < kTile / 4; p += blockDim.x)
    s[p] = in[base + p];
  __syncthreads();
  float4 a = s[(kTile / 4 - 1 - threadIdx.x) % (kTile / 4)];
  out[blockIdx.x * blockDim.x + threadIdx.x] = make_float4(a.y, a.z, a.w, a.x);
}

__global__ void two_arrays(float *out, const float *a, const float *b) {
  __shared__ float sa[kTile], sb[kTile];
  int base = blockIdx.x * kTile;
  for (int p = threadIdx.x; p < kTile; p += blockDim.x) {
    sa[p] = a[base + p];
    sb[p] = b[base + p];
  }
  __syncthreads();
  READ_FOUR(out, sa, kTile, sa[q] - sb[kTile - 1 - q])
}

// Tiles one after another: each phase's copy loop waits at its barrier.
__global__ void outer_tiles(float *__restrict__ out, const float *__restrict__ in, int tiles) {
  __shared__ float s[kTile];
  float acc = 0.0f;
  for (int k = 0; k < tiles; k++) {
    int base = (k * gridDim.x + blockIdx.x) * kTile;
    for (int p = threadIdx.x; p < kTile; p += blockDim.x)
      s[p] = in[base + p];
    __syncthreads();
    acc += s[kTile - 1 - threadIdx.x];
    __syncthreads();
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

static std::vector<float> random_floats(harness::Rng &rng, size_t count) {
  std::vector<float> v(count);
  for (float &x : v)
    x = rng.nonzero_float();
  return v;
}

// The reference of READ_FOUR: f(block's tile, q) for each thread's four q.
template <typename F>
static std::vector<float> four_reads(int grid, int block, int tile, F f) {
  std::vector<float> w((size_t)grid * block * 4);
  for (int blk = 0; blk < grid; blk++)
    for (int t = 0; t < block; t++)
      for (int j = 0; j < 4; j++)
        w[((size_t)blk * block + t) * 4 + j] = f(blk, (4 * t + j) % tile);
  return w;
}

int main(int argc, char **argv) {
  if (argc != 2)
    return harness::usage(argv[0]);
  harness::Rng rng(0x5A4E);
  harness::Output out;
  int failures = 0;
  char what[96];
  const int grid = 3;
  const size_t count = (size_t)grid * kTile;
  for (int block : {64, 96, 256, 1024}) {
    std::vector<float> in = random_floats(rng, count), b = random_floats(rng, count);
    float *d_in = harness::device_copy(in), *d_b = harness::device_copy(b);
    const size_t outs = (size_t)grid * block * 4;
    float *d_out = harness::device_poisoned<float>(outs);

    std::vector<float> want = four_reads(grid, block, kTile, [&](int blk, int q) {
      return 0.5f * in[(size_t)blk * kTile + kTile - 1 - q];
    });
    constant_bound<<<grid, block>>>(d_out, d_in);
    CHECK_LAUNCH();
    std::vector<float> got = harness::host_copy(d_out, outs);
    std::snprintf(what, sizeof what, "constant_bound block=%d", block);
    failures += harness::count_mismatches(what, got, want) != 0;
    out.append(got);

    for (int n : {kTile, 700, 1, 0}) {
      CHECK(cudaMemset(d_out, harness::kPoisonByte, outs * sizeof(float)));
      runtime_bound<<<grid, block>>>(d_out, d_in, n);
      CHECK_LAUNCH();
      got = harness::host_copy(d_out, outs);
      std::vector<float> w;
      if (n > 0) {
        w = four_reads(grid, block, n, [&](int blk, int q) {
          return 0.5f * in[(size_t)blk * n + n - 1 - q];
        });
      } else {
        float poisoned;
        std::memset(&poisoned, harness::kPoisonByte, sizeof poisoned);
        w.assign(outs, poisoned);
      }
      std::snprintf(what, sizeof what, "runtime_bound block=%d n=%d", block, n);
      failures += harness::count_mismatches(what, got, w) != 0;
      out.append(got);
    }

    for (int n : {(int)count, (int)count - 300, kTile + 5}) {
      CHECK(cudaMemset(d_out, harness::kPoisonByte, outs * sizeof(float)));
      guarded<<<grid, block>>>(d_out, d_in, n);
      CHECK_LAUNCH();
      got = harness::host_copy(d_out, outs);
      auto at = [&](size_t i) { return (int)i < n ? in[i] : 0.0f; };
      std::vector<float> w = four_reads(grid, block, kTile, [&](int blk, int q) {
        return 0.5f * at((size_t)blk * kTile + kTile - 1 - q);
      });
      std::snprintf(what, sizeof what, "guarded block=%d n=%d", block, n);
      failures += harness::count_mismatches(what, got, w) != 0;
      out.append(got);
    }

    CHECK(cudaMemset(d_out, harness::kPoisonByte, outs * sizeof(float)));
    two_arrays<<<grid, block>>>(d_out, d_in, d_b);
    CHECK_LAUNCH();
    got = harness::host_copy(d_out, outs);
    want = four_reads(grid, block, kTile, [&](int blk, int q) {
      return in[(size_t)blk * kTile + q] - b[(size_t)blk * kTile + kTile - 1 - q];
    });
    std::snprintf(what, sizeof what, "two_arrays block=%d", block);
    failures += harness::count_mismatches(what, got, want) != 0;
    out.append(got);

    const size_t count4 = count / 4, outs4 = (size_t)grid * block;
    const int tile4 = kTile / 4;
    std::vector<float4> in4(count4), want4(outs4);
    std::memcpy(in4.data(), in.data(), count * sizeof(float));
    for (int blk = 0; blk < grid; blk++)
      for (int t = 0; t < block; t++) {
        const float4 &a = in4[(size_t)blk * tile4 + (unsigned)(tile4 - 1 - t) % tile4];
        want4[(size_t)blk * block + t] = make_float4(a.y, a.z, a.w, a.x);
      }
    float4 *d_in4 = harness::device_copy(in4), *d_out4 = harness::device_poisoned<float4>(outs4);
    vector4<<<grid, block>>>(d_out4, d_in4);
    CHECK_LAUNCH();
    std::vector<float4> got4 = harness::host_copy(d_out4, outs4);
    std::snprintf(what, sizeof what, "vector4 block=%d", block);
    failures += harness::count_mismatches(what, got4, want4) != 0;
    out.append(got4);
    CHECK(cudaFree(d_in4));
    CHECK(cudaFree(d_out4));
    CHECK(cudaFree(d_in));
    CHECK(cudaFree(d_b));
    CHECK(cudaFree(d_out));

    for (int tiles : {1, 4}) {
      std::vector<float> t_in = random_floats(rng, (size_t)tiles * grid * kTile);
      std::vector<float> t_want((size_t)grid * block);
      for (int blk = 0; blk < grid; blk++)
        for (int t = 0; t < block; t++) {
          float acc = 0.0f;
          for (int k = 0; k < tiles; k++)
            acc += t_in[((size_t)k * grid + blk) * kTile + kTile - 1 - t];
          t_want[(size_t)blk * block + t] = acc;
        }
      float *d_t_in = harness::device_copy(t_in);
      float *d_t_out = harness::device_poisoned<float>(t_want.size());
      outer_tiles<<<grid, block>>>(d_t_out, d_t_in, tiles);
      CHECK_LAUNCH();
      std::vector<float> t_got = harness::host_copy(d_t_out, t_want.size());
      std::snprintf(what, sizeof what, "outer_tiles block=%d tiles=%d", block, tiles);
      failures += harness::count_mismatches(what, t_got, t_want) != 0;
      out.append(t_got);
      CHECK(cudaFree(d_t_in));
      CHECK(cudaFree(d_t_out));
    }
  }
  return harness::finish("copy_loop", out, argv[1], failures);
}
