// expect: cp.async
// expect-converted: 3
// expect-remark: cp.async.cg chunks
// ferry-flags: -mllvm -ferry-cost-model=false -mllvm -ferry-collective=always -mllvm -ferry-bulk=auto
//
// The linear chunk form (copy_emit.c) where rows disagree: a 2-D tile
// sh[ty][tx] = src[row0*ld + ty*ld + tx + shift] loaded in a loop over
// row bands, with a leading dimension ld of 16k+1, 16k+2, 16k+4 or 16k
// floats and a shift of 0..3 floats, so that a row's first source address
// is 16-byte aligned in some rows of the tile and not in others (or in all,
// or in none). A row that fails the check is copied element by element by
// its own threads; a row that passes is copied in 16-byte chunks by
// whichever threads of the block (linear index tid.x + ntid.x*tid.y) its
// chunks fall to, possibly in another warp. Every element must arrive
// exactly once, whatever the mix. Blocks of 16x16, 32x8 and 8x4 threads (8
// threads: a row of 32 bytes, two chunks).
//
// Checks: each output against a CPU reference; plain and plugin builds bit
// for bit (run.sh); racecheck and synccheck find nothing.
#include "harness.cuh"

// out[band][ty][tx] = sum over k of sh[ty][k] * (k + 1) + sh[(ty+1) % H][tx],
// where sh is the band's tile: reads of other threads' elements.
template <int W, int H>
__global__ void bands(float *out, const float *src, int ld, int shift, int band_count) {
  __shared__ float sh[H][W];
  int tx = threadIdx.x, ty = threadIdx.y;
  for (int band = 0; band < band_count; band++) {
    sh[ty][tx] = src[(band * H + ty) * ld + tx + shift];
    __syncthreads();
    float sum = 0;
    for (int k = 0; k < W; k++)
      sum += sh[ty][k] * (float)(k + 1);
    out[(band * H + ty) * W + tx] = sum + sh[(ty + 1) % H][tx];
    __syncthreads();
  }
}

template <int W, int H>
static int run(int ld, int shift, int band_count, harness::Rng &rng, harness::Output &out) {
  size_t rows = (size_t)band_count * H;
  std::vector<float> src(rows * ld + 4);
  for (float &v : src)
    v = (float)rng.nonzero_int(8);
  float *dsrc = harness::device_copy(src);
  float *dout = harness::device_poisoned<float>(rows * W);
  bands<W, H><<<1, dim3(W, H)>>>(dout, dsrc, ld, shift, band_count);
  CHECK_LAUNCH();
  std::vector<float> got = harness::host_copy(dout, rows * W);
  out.append(got);
  std::vector<float> want(rows * W);
  for (int band = 0; band < band_count; band++)
    for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++) {
        auto at = [&](int yy, int xx) { return src[(size_t)(band * H + yy) * ld + xx + shift]; };
        float sum = 0;
        for (int k = 0; k < W; k++)
          sum += at(y, k) * (float)(k + 1);
        want[(size_t)(band * H + y) * W + x] = sum + at((y + 1) % H, x);
      }
  char what[96];
  std::snprintf(what, sizeof what, "bands<%d,%d> ld=%d shift=%d", W, H, ld, shift);
  int failures = (int)harness::count_mismatches(what, got, want);
  CHECK(cudaFree(dsrc));
  CHECK(cudaFree(dout));
  return failures;
}

int main(int argc, char **argv) {
  if (argc != 2)
    return harness::usage(argv[0]);
  harness::Rng rng(0x71E5);
  harness::Output out;
  int failures = 0;
  const int extras[] = {1, 2, 4, 0};
  for (int extra : extras)
    for (int shift = 0; shift < 4; shift++) {
      failures += run<16, 16>(48 + extra, shift, 5, rng, out);
      failures += run<32, 8>(64 + extra, shift, 3, rng, out);
      failures += run<8, 4>(16 + extra, shift, 7, rng, out);
    }
  return harness::finish("tile_rows_mixed", out, argv[1], failures);
}
