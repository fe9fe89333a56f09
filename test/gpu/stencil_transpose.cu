// expect: cp.async
// expect-converted: 2
// expect-remark: over each row of threadIdx.y
// ferry-flags: -mllvm -ferry-lone-copy=false -mllvm -ferry-collective=always
//
// (By default ferry uses the block-collective form only where one thread's
// cp.async cannot move the element; the flag makes every copy here that the
// form applies to use it, so that its code is what runs and is checked.)
//
// Two 2-D tile kernels, float data, with widths that are not multiples of 4
// (rows then miss 16-byte alignment and take the fallback) and a source
// offset by one element (misaligned base pointer):
//  - a vertical 3-point stencil whose tile has a halo row above and below:
//    the interior rows are a block-collective copy (rows of threadIdx.y);
//    the halo stores into the same array, guarded by ty == 0 and
//    ty == 15, are told apart from the thread's row by the value the guard
//    fixes; the halo rows themselves, a select of a loaded value or 0, are
//    no copies;
//  - a transpose through shared memory: tile[ty][tx] = in[..]; then
//    out[..] = tile[tx][ty].
#include "harness.cuh"

constexpr int kTile = 16;

__global__ void stencil(float *out, const float *in, int width, int height) {
  __shared__ float tile[kTile + 2][kTile];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * kTile + ty, col = blockIdx.x * kTile + tx;
  tile[ty + 1][tx] = in[row * width + col];
  if (ty == 0)
    tile[0][tx] = row > 0 ? in[(row - 1) * width + col] : 0.0f;
  if (ty == kTile - 1)
    tile[kTile + 1][tx] = row + 1 < height ? in[(row + 1) * width + col] : 0.0f;
  __syncthreads();
  out[row * width + col] = 0.25f * tile[ty][tx] + 0.5f * tile[ty + 1][tx] + 0.25f * tile[ty + 2][tx];
}

__global__ void transpose(float *out, const float *in, int width, int height) {
  __shared__ float tile[kTile][kTile];
  int tx = threadIdx.x, ty = threadIdx.y;
  tile[ty][tx] = in[(blockIdx.y * kTile + ty) * width + blockIdx.x * kTile + tx];
  __syncthreads();
  out[(blockIdx.x * kTile + ty) * height + blockIdx.y * kTile + tx] = tile[tx][ty];
}

static int run(harness::Rng &rng, harness::Output &output, int width, int height, int offset) {
  size_t n = (size_t)width * height;
  std::vector<float> in(n + offset);
  for (float &v : in)
    v = rng.nonzero_float();
  float *d_in_base = harness::device_copy(in);
  const float *d_in = d_in_base + offset;
  dim3 grid(width / kTile, height / kTile), block(kTile, kTile);
  int failures = 0;

  float *d_out = harness::device_poisoned<float>(n);
  stencil<<<grid, block>>>(d_out, d_in, width, height);
  CHECK_LAUNCH();
  std::vector<float> got = harness::host_copy(d_out, n), want(n);
  for (int r = 0; r < height; r++)
    for (int c = 0; c < width; c++) {
      int tr = r % kTile;
      float up = (tr == 0 && r == 0) ? 0.0f : in[offset + (size_t)(r - 1) * width + c];
      float down = (tr == kTile - 1 && r + 1 >= height) ? 0.0f : in[offset + (size_t)(r + 1) * width + c];
      want[(size_t)r * width + c] = 0.25f * up + 0.5f * in[offset + (size_t)r * width + c] + 0.25f * down;
    }
  char what[96];
  std::snprintf(what, sizeof what, "stencil %dx%d offset=%d", width, height, offset);
  failures += harness::count_mismatches(what, got, want) ? 1 : 0;
  output.append(got);

  CHECK(cudaMemset(d_out, harness::kPoisonByte, n * sizeof(float)));
  transpose<<<grid, block>>>(d_out, d_in, width, height);
  CHECK_LAUNCH();
  got = harness::host_copy(d_out, n);
  for (int r = 0; r < height; r++)
    for (int c = 0; c < width; c++)
      want[(size_t)c * height + r] = in[offset + (size_t)r * width + c];
  std::snprintf(what, sizeof what, "transpose %dx%d offset=%d", width, height, offset);
  failures += harness::count_mismatches(what, got, want) ? 1 : 0;
  output.append(got);
  CHECK(cudaFree(d_out));
  CHECK(cudaFree(d_in_base));
  return failures;
}

int main(int argc, char **argv) {
  if (argc != 2)
    return harness::usage(argv[0]);
  harness::Rng rng(0x57E9C11);
  harness::Output output;
  int failures = 0;
  // Widths 64 and 96 keep rows 16-byte aligned; 80 does not (320-byte rows
  // are, but an odd row count per tile keeps 80 useful with offset 1).
  for (int width : {64, 80, 96})
    for (int offset : {0, 1})
      failures += run(rng, output, width, 48, offset);
  if (!output.write(argv[1]))
    failures++;
  std::printf("stencil_transpose: %d failures\n", failures);
  return failures ? 1 : 0;
}
