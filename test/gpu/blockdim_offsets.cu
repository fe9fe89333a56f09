// expect: cp.async
// expect-converted: 11
// expect-remark: converted a 4-byte global-to-shared copy to cp.async.ca
//
// Two or three copies a thread whose offsets differ by blockDim (issue 13,
// shape 1): ferry proves them disjoint with blockDim.x >= 1 (and, for the
// mirrored copy, threadIdx.x < 256 from __launch_bounds__(256)), so every
// copy becomes a cp.async (and under `if (t < 128)`, s[t] and s[255 - t]
// with no launch bounds). Blocks of 64, 96 and 256 threads (and 32x4,
// 32x8 for the rows of a tile); outputs compared with a CPU reference and,
// by run.sh, bit for bit with the plain build. The arithmetic is exact
// (differences and halvings), so contraction cannot change a result.
#include "harness.cuh"

// s[t] = in[b + t]; s[t + blockDim.x] = in[b + t + blockDim.x];
__global__ void two_per_thread(float *out, const float *in) {
  __shared__ float s[2 * 256];
  int t = threadIdx.x, n = blockDim.x, b = blockIdx.x * 2 * n;
  s[t] = in[b + t];
  s[t + n] = in[b + t + n];
  __syncthreads();
  out[b + t] = s[2 * n - 1 - t] - s[t];
  out[b + t + n] = s[n - 1 - t] - 0.5f * s[t + n];
}

// Rows of a tile: tile[ty][tx] and tile[ty + blockDim.y][tx].
__global__ void tile_rows(float *out, const float *in) {
  __shared__ float tile[16][32];
  int tx = threadIdx.x, ty = threadIdx.y, ny = blockDim.y;
  int b = blockIdx.x * 2 * ny * 32;
  tile[ty][tx] = in[b + ty * 32 + tx];
  tile[ty + ny][tx] = in[b + (ty + ny) * 32 + tx];
  __syncthreads();
  out[b + ty * 32 + tx] = tile[2 * ny - 1 - ty][tx] - tile[ty][31 - tx];
  out[b + (ty + ny) * 32 + tx] = tile[ty][tx] - tile[ty + ny][31 - tx];
}

// A halo beside its interior: s[0], s[t + 1], s[t + blockDim.x + 1].
__global__ void halo_interior(float *out, const float *in) {
  __shared__ float s[2 * 256 + 1];
  int t = threadIdx.x, n = blockDim.x, b = blockIdx.x * (2 * n + 1);
  s[t + 1] = in[b + t + 1];
  s[t + n + 1] = in[b + t + n + 1];
  if (t == 0)
    s[0] = in[b];
  __syncthreads();
  out[b + t] = s[t] - s[t + n + 1];
  out[b + t + n] = s[t + n] - s[t + 1];
  if (t == 0)
    out[b + 2 * n] = s[2 * n];
}

// __launch_bounds__(256): s[t] and s[511 - t] never meet.
__global__ void __launch_bounds__(256) mirrored(float *out, const float *in) {
  __shared__ float s[512];
  int t = threadIdx.x, b = blockIdx.x * 512;
  s[t] = in[b + t];
  s[511 - t] = in[b + 511 - t];
  __syncthreads();
  out[b + t] = s[511 - t] - s[t];
  out[b + 511 - t] = 0.5f * s[t];
}

// if (t < 128): s[t] and s[255 - t] never meet.
__global__ void mirrored_under_branch(float *out, const float *in) {
  __shared__ float s[256];
  int t = threadIdx.x, b = blockIdx.x * 256;
  if (t < 128) {
    s[t] = in[b + t];
    s[255 - t] = in[b + 255 - t];
  }
  __syncthreads();
  out[b + t] = s[255 - t] - 0.5f * s[t];
}

int main(int argc, char **argv) {
  if (argc != 2)
    return harness::usage(argv[0]);
  harness::Rng rng(0xB10CD1);
  harness::Output out;
  int failures = 0;
  char what[96];
  const int grids[] = {1, 7};
  for (int grid : grids) {
    for (int n : {64, 96, 256}) {
      size_t count = (size_t)grid * 2 * n;
      std::vector<float> in(count), want(count);
      for (float &v : in)
        v = rng.nonzero_float();
      for (int blk = 0; blk < grid; blk++)
        for (int t = 0; t < n; t++) {
          const float *s = &in[(size_t)blk * 2 * n];
          want[(size_t)blk * 2 * n + t] = s[2 * n - 1 - t] - s[t];
          want[(size_t)blk * 2 * n + t + n] = s[n - 1 - t] - 0.5f * s[t + n];
        }
      float *d_in = harness::device_copy(in), *d_out = harness::device_poisoned<float>(count);
      two_per_thread<<<grid, n>>>(d_out, d_in);
      CHECK_LAUNCH();
      std::vector<float> got = harness::host_copy(d_out, count);
      std::snprintf(what, sizeof what, "two_per_thread grid=%d block=%d", grid, n);
      failures += harness::count_mismatches(what, got, want) != 0;
      out.append(got);
      CHECK(cudaFree(d_in));
      CHECK(cudaFree(d_out));

      count = (size_t)grid * (2 * n + 1);
      in.assign(count, 0.0f);
      want.assign(count, 0.0f);
      for (float &v : in)
        v = rng.nonzero_float();
      for (int blk = 0; blk < grid; blk++) {
        const float *s = &in[(size_t)blk * (2 * n + 1)];
        float *w = &want[(size_t)blk * (2 * n + 1)];
        for (int t = 0; t < n; t++) {
          w[t] = s[t] - s[t + n + 1];
          w[t + n] = s[t + n] - s[t + 1];
        }
        w[2 * n] = s[2 * n];
      }
      d_in = harness::device_copy(in);
      d_out = harness::device_poisoned<float>(count);
      halo_interior<<<grid, n>>>(d_out, d_in);
      CHECK_LAUNCH();
      got = harness::host_copy(d_out, count);
      std::snprintf(what, sizeof what, "halo_interior grid=%d block=%d", grid, n);
      failures += harness::count_mismatches(what, got, want) != 0;
      out.append(got);
      CHECK(cudaFree(d_in));
      CHECK(cudaFree(d_out));
    }
    for (int ny : {4, 8}) {
      size_t count = (size_t)grid * 2 * ny * 32;
      std::vector<float> in(count), want(count);
      for (float &v : in)
        v = rng.nonzero_float();
      for (int blk = 0; blk < grid; blk++) {
        const float *s = &in[(size_t)blk * 2 * ny * 32];
        float *w = &want[(size_t)blk * 2 * ny * 32];
        for (int ty = 0; ty < ny; ty++)
          for (int tx = 0; tx < 32; tx++) {
            w[ty * 32 + tx] = s[(2 * ny - 1 - ty) * 32 + tx] - s[ty * 32 + 31 - tx];
            w[(ty + ny) * 32 + tx] = s[ty * 32 + tx] - s[(ty + ny) * 32 + 31 - tx];
          }
      }
      float *d_in = harness::device_copy(in), *d_out = harness::device_poisoned<float>(count);
      tile_rows<<<grid, dim3(32, ny)>>>(d_out, d_in);
      CHECK_LAUNCH();
      std::vector<float> got = harness::host_copy(d_out, count);
      std::snprintf(what, sizeof what, "tile_rows grid=%d block=32x%d", grid, ny);
      failures += harness::count_mismatches(what, got, want) != 0;
      out.append(got);
      CHECK(cudaFree(d_in));
      CHECK(cudaFree(d_out));
    }
    size_t count = (size_t)grid * 512;
    std::vector<float> in(count), want(count);
    for (float &v : in)
      v = rng.nonzero_float();
    for (int blk = 0; blk < grid; blk++) {
      const float *s = &in[(size_t)blk * 512];
      float *w = &want[(size_t)blk * 512];
      for (int t = 0; t < 256; t++) {
        w[t] = s[511 - t] - s[t];
        w[511 - t] = 0.5f * s[t];
      }
    }
    float *d_in = harness::device_copy(in), *d_out = harness::device_poisoned<float>(count);
    mirrored<<<grid, 256>>>(d_out, d_in);
    CHECK_LAUNCH();
    std::vector<float> got = harness::host_copy(d_out, count);
    std::snprintf(what, sizeof what, "mirrored grid=%d", grid);
    failures += harness::count_mismatches(what, got, want) != 0;
    out.append(got);
    CHECK(cudaFree(d_in));
    CHECK(cudaFree(d_out));

    count = (size_t)grid * 256;
    in.assign(count, 0.0f);
    want.assign(count, 0.0f);
    for (float &v : in)
      v = rng.nonzero_float();
    for (size_t i = 0; i < count; i++) {
      size_t b = i - i % 256, t = i % 256;
      want[i] = in[b + 255 - t] - 0.5f * in[i];
    }
    d_in = harness::device_copy(in);
    d_out = harness::device_poisoned<float>(count);
    mirrored_under_branch<<<grid, 256>>>(d_out, d_in);
    CHECK_LAUNCH();
    got = harness::host_copy(d_out, count);
    std::snprintf(what, sizeof what, "mirrored_under_branch grid=%d", grid);
    failures += harness::count_mismatches(what, got, want) != 0;
    out.append(got);
    CHECK(cudaFree(d_in));
    CHECK(cudaFree(d_out));
  }
  return harness::finish("blockdim_offsets", out, argv[1], failures);
}
