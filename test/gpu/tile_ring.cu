// expect: cp.async
// expect-converted: 1
// expect-remark: pipelined its loop over S stages chosen per launch
// ferry-flags: -mllvm -ferry-collective=always
//
// A versioned ring of 2-D tiles (pipeline_version.c): rows of threadIdx.y
// copy a band of a matrix into __shared__ float tile[8][64] every
// iteration, the compute reads the tile's transpose-ish neighbours. One
// check before the loop picks the ring, whose 16-byte chunks issue with no
// check, or the loop as written. Launches that take each version:
//   - 64x8 and 32x8 blocks, leading dimension a multiple of 4 floats,
//     aligned base: the ring (rows of 256 and 128 bytes);
//   - 64x1: one row of threads (row 1's addresses do not exist);
//   - 60x4: rows of 240 bytes, not a multiple of 16: as written;
//   - leading dimension 4k+1: rows 16-byte apart no more: as written;
//   - base shifted by one float: row 0 misaligned: as written;
// each for trip counts 1 (the loop runs once), 2, 3 and 7. Every output is
// compared with a CPU reference and, by run.sh, bit for bit with the plain
// build.
#include "harness.cuh"

constexpr int kRows = 8, kColumns = 64;

__global__ void bands(float *__restrict__ out, const float *__restrict__ in, int ld,
                      int iterations) {
  __shared__ float tile[kRows][kColumns];
  int tx = threadIdx.x, ty = threadIdx.y;
  float acc = 0;
  for (int i = 0; i < iterations; i++) {
    tile[ty][tx] = in[(blockIdx.x * iterations + i) * kRows * ld + ty * ld + tx];
    __syncthreads();
    acc += tile[ty][tx] * 2 + tile[(ty + 1) % blockDim.y][(tx + 3) % blockDim.x];
    __syncthreads();
  }
  out[(blockIdx.x * blockDim.y + ty) * blockDim.x + tx] = acc;
}

struct Launch {
  int nx, ny, ld, shift;
};

static int check(const Launch &l, int iterations, harness::Rng &rng, harness::Output &out) {
  const int blocks = 3;
  size_t n = (size_t)blocks * iterations * kRows * l.ld + l.shift + 64;
  std::vector<float> in(n);
  for (float &v : in)
    v = rng.nonzero_float();
  float *d_in = harness::device_copy(in);
  size_t m = (size_t)blocks * l.ny * l.nx;
  float *d_out = harness::device_poisoned<float>(m);
  bands<<<blocks, dim3(l.nx, l.ny)>>>(d_out, d_in + l.shift, l.ld, iterations);
  CHECK_LAUNCH();
  std::vector<float> got = harness::host_copy(d_out, m);
  std::vector<float> want(m);
  const float *src = in.data() + l.shift;
  for (int b = 0; b < blocks; b++)
    for (int ty = 0; ty < l.ny; ty++)
      for (int tx = 0; tx < l.nx; tx++) {
        float acc = 0;
        for (int i = 0; i < iterations; i++) {
          size_t band = (size_t)(b * iterations + i) * kRows * l.ld;
          float own = src[band + (size_t)ty * l.ld + tx];
          float other = src[band + (size_t)((ty + 1) % l.ny) * l.ld + (tx + 3) % l.nx];
          acc += own * 2 + other;
        }
        want[((size_t)b * l.ny + ty) * l.nx + tx] = acc;
      }
  out.append(got);
  char what[96];
  std::snprintf(what, sizeof what, "bands %dx%d ld=%d shift=%d iterations=%d", l.nx, l.ny, l.ld,
                l.shift, iterations);
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_out));
  return harness::count_mismatches(what, got, want) ? 1 : 0;
}

int main(int argc, char **argv) {
  if (argc != 2)
    return harness::usage(argv[0]);
  harness::Rng rng(0x7117E);
  harness::Output out;
  int failures = 0;
  const Launch launches[] = {
      {64, 8, 64, 0}, {32, 8, 64, 0}, {64, 1, 64, 0}, {60, 4, 64, 0},
      {64, 8, 65, 0}, {64, 8, 68, 0}, {64, 8, 64, 1}, {32, 4, 64, 3},
  };
  for (const Launch &l : launches)
    for (int iterations : {1, 2, 3, 7})
      failures += check(l, iterations, rng, out);
  return harness::finish("tile_ring", out, argv[1], failures);
}
