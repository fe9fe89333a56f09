// expect: cp.async
// expect-converted: 7
// expect-remark: converted a 4-byte global-to-shared copy to cp.async.ca and pipelined its loop over 2 stages
// expect-remark: converted a 4-byte global-to-shared copy to cp.async.ca and pipelined its loop over 4 stages: iteration i issues the copy of iteration i+3 into a ring of shared buffers and waits only for its own (4 stages: as annotate("ferry:stages=4") asks)
// expect-remark: the loop around this block-strided copy loop is not pipelined: the copy loop's bound (or another branch in it) changes
// expect-remark: the loop around this block-strided copy loop is not pipelined: the copy loop fills an extern __shared__ tile
// expect-remark: converted a 4-byte global-to-shared copy in a loop with no barrier to per-thread cp.async
// expect-sm_80-ptx: cp.async.ca.shared.global
// expect-sm_90a-ptx: cp.async.ca.shared.global
//
// Block-strided copy loops (issue 13, shape 4) inside a loop of the ring's
// shape, copy -> __syncthreads -> compute -> __syncthreads:
//   for (k = 0; k < tiles; k++) {
//     for (p = threadIdx.x; p < n; p += blockDim.x) s[p] = g[k * n + p];
//     __syncthreads(); acc += s[..]; __syncthreads();
//   }
// become rings (pipeline_copy_loop.c): the copy loop issues, for each of
// its elements, iteration k+S-1's copy into the ring's slot, and in
// iteration 0 those of iterations 0..S-2 too (S = 2 by default, 4 where
// the kernel asks). The edge cases: outer trip
// counts 0, 1, 2, 3 (fewer than, as many as and one more than a 2- or
// 4-stage ring's prologue) and 17; an inner bound that is not a multiple of
// the block (96 and 256 threads over 1000 elements, a run-time bound of
// 1000, 700, 5 and 0: threads run different inner trip counts, some none,
// behind the rotated loop's guard); two arrays filled by one copy loop from
// sources stepped by pointers (a 2-stage ring); a 64-bit outer counter
// (4 stages); and two shapes the ring
// refuses, which stay right one stage at a time: an inner bound that
// shrinks with the outer counter, and an extern __shared__ tile. Outputs
// are compared with a CPU reference and, by run.sh, bit for bit with the
// plain build; each thread's sum adds the same floats in the same order as
// the reference.
#include "harness.cuh"

constexpr int kTile = 1000; // a multiple of no block size used here

// A constant inner bound: the source advances a tile per outer iteration.
// 4 stages (a copy loop's ring has 2 by default): iteration 0 issues
// iterations 0, 1 and 2 besides 3.
__global__ void __attribute__((annotate("ferry:stages=4"))) ring_constant(float *__restrict__ out, const float *__restrict__ in,
                              int tiles) {
  __shared__ float s[kTile];
  float acc = 0.0f;
  for (int k = 0; k < tiles; k++) {
    for (int p = threadIdx.x; p < kTile; p += blockDim.x)
      s[p] = in[((size_t)k * gridDim.x + blockIdx.x) * kTile + p];
    __syncthreads();
    acc += s[(threadIdx.x * 7) % kTile] - s[kTile - 1 - threadIdx.x % kTile];
    __syncthreads();
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

// A run-time inner bound, the same in every outer iteration (0 included:
// no thread copies, and none reads).
__global__ void ring_runtime(float *__restrict__ out, const float *__restrict__ in, int tiles,
                             int n) {
  __shared__ float s[kTile];
  float acc = 0.0f;
  for (int k = 0; k < tiles; k++) {
    for (int p = threadIdx.x; p < n; p += blockDim.x)
      s[p] = in[((size_t)k * gridDim.x + blockIdx.x) * n + p];
    __syncthreads();
    if (n > 0)
      acc += s[(threadIdx.x * 3) % n];
    __syncthreads();
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

// Two arrays filled by one copy loop; the sources are pointers stepped by
// a tile each outer iteration.
__global__ void ring_two_arrays(float *__restrict__ out, const float *__restrict__ a,
                                const float *__restrict__ b, int tiles) {
  __shared__ float sa[kTile], sb[kTile];
  float acc = 0.0f;
  const float *pa = a + (size_t)blockIdx.x * kTile, *pb = b + (size_t)blockIdx.x * kTile;
  for (int k = 0; k < tiles; k++) {
    for (int p = threadIdx.x; p < kTile; p += blockDim.x) {
      sa[p] = pa[p];
      sb[p] = pb[p];
    }
    __syncthreads();
    acc += sa[kTile - 1 - threadIdx.x % kTile] * 0.5f - sb[(threadIdx.x * 5) % kTile];
    __syncthreads();
    pa += (size_t)gridDim.x * kTile;
    pb += (size_t)gridDim.x * kTile;
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

// A 64-bit outer counter (whether an iteration ahead runs is told from the
// counter itself, not from the index of the last iteration), 4 stages.
__global__ void __attribute__((annotate("ferry:stages=4")))
ring_wide(float *__restrict__ out, const float *__restrict__ in, long long tiles) {
  __shared__ float w[kTile];
  float acc = 0.0f;
  for (long long k = 0; k < tiles; k++) {
    for (int p = threadIdx.x; p < kTile; p += blockDim.x)
      w[p] = in[(k * gridDim.x + blockIdx.x) * kTile + p];
    __syncthreads();
    acc += w[(threadIdx.x * 11) % kTile];
    __syncthreads();
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

// The inner bound shrinks with the outer counter (the ring refuses it: the
// copy loop's iterations differ from one outer iteration to the next).
__global__ void ring_varying(float *__restrict__ out, const float *__restrict__ in, int tiles) {
  __shared__ float s[kTile];
  float acc = 0.0f;
  for (int k = 0; k < tiles; k++) {
    int n = kTile - 37 * k;
    for (int p = threadIdx.x; p < n; p += blockDim.x)
      s[p] = in[((size_t)k * gridDim.x + blockIdx.x) * kTile + p];
    __syncthreads();
    acc += s[(threadIdx.x * 3) % n];
    __syncthreads();
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

// An extern tile, sized by the launch (refused: no copy loop ring of one).
__global__ void ring_extern(float *__restrict__ out, const float *__restrict__ in, int tiles) {
  extern __shared__ float e[];
  float acc = 0.0f;
  for (int k = 0; k < tiles; k++) {
    for (int p = threadIdx.x; p < kTile; p += blockDim.x)
      e[p] = in[((size_t)k * gridDim.x + blockIdx.x) * kTile + p];
    __syncthreads();
    acc += e[kTile - 1 - threadIdx.x % kTile];
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

int main(int argc, char **argv) {
  if (argc != 2)
    return harness::usage(argv[0]);
  harness::Rng rng(0x4C52);
  harness::Output out;
  int failures = 0;
  char what[96];
  const int grid = 3;
  const int most_tiles = 17;
  const size_t count = (size_t)most_tiles * grid * kTile;
  std::vector<float> in = random_floats(rng, count), b = random_floats(rng, count);
  float *d_in = harness::device_copy(in), *d_b = harness::device_copy(b);
  for (int block : {96, 256}) {
    const size_t outs = (size_t)grid * block;
    float *d_out = harness::device_poisoned<float>(outs);
    for (int tiles : {0, 1, 2, 3, 17}) {
      std::vector<float> want(outs);
      for (int blk = 0; blk < grid; blk++)
        for (int t = 0; t < block; t++) {
          float acc = 0.0f;
          for (int k = 0; k < tiles; k++) {
            const float *tile = &in[((size_t)k * grid + blk) * kTile];
            acc += tile[(t * 7) % kTile] - tile[kTile - 1 - t % kTile];
          }
          want[(size_t)blk * block + t] = acc;
        }
      CHECK(cudaMemset(d_out, harness::kPoisonByte, outs * sizeof(float)));
      ring_constant<<<grid, block>>>(d_out, d_in, tiles);
      CHECK_LAUNCH();
      std::vector<float> got = harness::host_copy(d_out, outs);
      std::snprintf(what, sizeof what, "ring_constant block=%d tiles=%d", block, tiles);
      failures += harness::count_mismatches(what, got, want) != 0;
      out.append(got);

      for (int n : {kTile, 700, 5, 0}) {
        for (int blk = 0; blk < grid; blk++)
          for (int t = 0; t < block; t++) {
            float acc = 0.0f;
            for (int k = 0; k < tiles && n > 0; k++)
              acc += in[((size_t)k * grid + blk) * n + (t * 3) % n];
            want[(size_t)blk * block + t] = acc;
          }
        CHECK(cudaMemset(d_out, harness::kPoisonByte, outs * sizeof(float)));
        ring_runtime<<<grid, block>>>(d_out, d_in, tiles, n);
        CHECK_LAUNCH();
        got = harness::host_copy(d_out, outs);
        std::snprintf(what, sizeof what, "ring_runtime block=%d tiles=%d n=%d", block, tiles, n);
        failures += harness::count_mismatches(what, got, want) != 0;
        out.append(got);
      }

      for (int blk = 0; blk < grid; blk++)
        for (int t = 0; t < block; t++) {
          float acc = 0.0f;
          for (int k = 0; k < tiles; k++) {
            size_t tile = ((size_t)k * grid + blk) * kTile;
            acc += in[tile + kTile - 1 - t % kTile] * 0.5f - b[tile + (t * 5) % kTile];
          }
          want[(size_t)blk * block + t] = acc;
        }
      CHECK(cudaMemset(d_out, harness::kPoisonByte, outs * sizeof(float)));
      ring_two_arrays<<<grid, block>>>(d_out, d_in, d_b, tiles);
      CHECK_LAUNCH();
      got = harness::host_copy(d_out, outs);
      std::snprintf(what, sizeof what, "ring_two_arrays block=%d tiles=%d", block, tiles);
      failures += harness::count_mismatches(what, got, want) != 0;
      out.append(got);

      for (int blk = 0; blk < grid; blk++)
        for (int t = 0; t < block; t++) {
          float acc = 0.0f;
          for (int k = 0; k < tiles; k++)
            acc += in[((size_t)k * grid + blk) * kTile + (t * 11) % kTile];
          want[(size_t)blk * block + t] = acc;
        }
      CHECK(cudaMemset(d_out, harness::kPoisonByte, outs * sizeof(float)));
      ring_wide<<<grid, block>>>(d_out, d_in, (long long)tiles);
      CHECK_LAUNCH();
      got = harness::host_copy(d_out, outs);
      std::snprintf(what, sizeof what, "ring_wide block=%d tiles=%d", block, tiles);
      failures += harness::count_mismatches(what, got, want) != 0;
      out.append(got);

      for (int blk = 0; blk < grid; blk++)
        for (int t = 0; t < block; t++) {
          float acc = 0.0f;
          for (int k = 0; k < tiles; k++)
            acc += in[((size_t)k * grid + blk) * kTile + (t * 3) % (kTile - 37 * k)];
          want[(size_t)blk * block + t] = acc;
        }
      CHECK(cudaMemset(d_out, harness::kPoisonByte, outs * sizeof(float)));
      ring_varying<<<grid, block>>>(d_out, d_in, tiles);
      CHECK_LAUNCH();
      got = harness::host_copy(d_out, outs);
      std::snprintf(what, sizeof what, "ring_varying block=%d tiles=%d", block, tiles);
      failures += harness::count_mismatches(what, got, want) != 0;
      out.append(got);

      for (int blk = 0; blk < grid; blk++)
        for (int t = 0; t < block; t++) {
          float acc = 0.0f;
          for (int k = 0; k < tiles; k++)
            acc += in[((size_t)k * grid + blk) * kTile + kTile - 1 - t % kTile];
          want[(size_t)blk * block + t] = acc;
        }
      CHECK(cudaMemset(d_out, harness::kPoisonByte, outs * sizeof(float)));
      ring_extern<<<grid, block, kTile * sizeof(float)>>>(d_out, d_in, tiles);
      CHECK_LAUNCH();
      got = harness::host_copy(d_out, outs);
      std::snprintf(what, sizeof what, "ring_extern block=%d tiles=%d", block, tiles);
      failures += harness::count_mismatches(what, got, want) != 0;
      out.append(got);
    }
    CHECK(cudaFree(d_out));
  }
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_b));
  return harness::finish("copy_loop_ring", out, argv[1], failures);
}
