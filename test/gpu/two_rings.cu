// expect: cp.async
// expect-converted: 2
// expect-remark: one check before the loop finds every row's addresses fit
// expect-remark: not once before the loop: an address multiplies two values that vary
//
// Two rings in one kernel, one after the other, over 2-D tiles of 2-byte
// elements (rows of threadIdx.y, 16-byte chunks dealt over the block): the
// first loop's ring is versioned (one check before the loop), the second,
// its rows moved by the row times the iteration (not affine), keeps a check
// of every row in every iteration, so that a row's chunks issue where its
// start is 16-byte aligned and its copy as written where not. Both
// take the chunk each thread issues from values computed once for the
// kernel; what the first ring left unused of them, the second uses.
// Launches: 32x16 blocks (rows of 64 bytes, the ring), a leading dimension
// of 33 elements (rows 16-byte apart no more: the first loop as written,
// the second's chunks fall back row by row), and 20x16 blocks (rows of 40
// bytes, not a multiple of 16), each for trip counts 1, 2, 3 and 7 of the
// first loop and 7, 6, 5 and 1 of the second. Every output is compared
// with a CPU reference and, by run.sh, bit for bit with the plain build.
#include "harness.cuh"

constexpr int kRows = 16, kColumns = 32;

__global__ void two_loops(unsigned *__restrict__ out, const unsigned short *__restrict__ in,
                          int ld, int n, long m) {
  __shared__ unsigned short a[kRows][kColumns];
  __shared__ unsigned short b[kRows][kColumns];
  unsigned x = threadIdx.x, y = threadIdx.y;
  const unsigned short *band = in + (size_t)blockIdx.x * (n + m) * kRows * ld;
  unsigned acc = 0;
  for (int k = 0; k < n; k++) {
    a[y][x] = band[(k * kRows + y) * ld + x];
    __syncthreads();
    acc += a[y][(x + 1) % blockDim.x] * 3u + a[(y + 1) % blockDim.y][x];
    __syncthreads();
  }
  for (long k = 0; k < m; k++) {
    b[y][x] = band[((n + k) * kRows + y) * ld + x + k * y];
    __syncthreads();
    acc += b[y][(x + 1) % blockDim.x] * 5u + b[(y + 1) % blockDim.y][x];
    __syncthreads();
  }
  out[(blockIdx.x * blockDim.y + y) * blockDim.x + x] = acc;
}

struct Launch {
  int nx, ny, ld;
};

static int check(const Launch &l, int n, long m, harness::Rng &rng, harness::Output &out) {
  const int blocks = 3;
  size_t count = (size_t)blocks * (n + m) * kRows * l.ld + 256;
  std::vector<unsigned short> in(count);
  for (unsigned short &v : in)
    v = (unsigned short)rng.next();
  unsigned short *d_in = harness::device_copy(in);
  size_t outputs = (size_t)blocks * l.ny * l.nx;
  unsigned *d_out = harness::device_poisoned<unsigned>(outputs);
  two_loops<<<blocks, dim3(l.nx, l.ny)>>>(d_out, d_in, l.ld, n, m);
  CHECK_LAUNCH();
  std::vector<unsigned> got = harness::host_copy(d_out, outputs);
  std::vector<unsigned> want(outputs);
  for (int blk = 0; blk < blocks; blk++) {
    const unsigned short *band = in.data() + (size_t)blk * (n + m) * kRows * l.ld;
    for (int y = 0; y < l.ny; y++)
      for (int x = 0; x < l.nx; x++) {
        unsigned acc = 0;
        auto at = [&](long k, int row, int column) {
          return (unsigned)band[(size_t)(k * kRows + row) * l.ld + column];
        };
        for (int k = 0; k < n; k++)
          acc += at(k, y, (x + 1) % l.nx) * 3u + at(k, (y + 1) % l.ny, x);
        for (long k = 0; k < m; k++) {
          int below = (y + 1) % l.ny;
          acc += at(n + k, y, (x + 1) % l.nx + (int)k * y) * 5u + at(n + k, below, x + (int)k * below);
        }
        want[((size_t)blk * l.ny + y) * l.nx + x] = acc;
      }
  }
  out.append(got);
  char what[96];
  std::snprintf(what, sizeof what, "two_loops %dx%d ld=%d n=%d m=%ld", l.nx, l.ny, l.ld, n, m);
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_out));
  return harness::count_mismatches(what, got, want) ? 1 : 0;
}

int main(int argc, char **argv) {
  if (argc != 2)
    return harness::usage(argv[0]);
  harness::Rng rng(0x2417C);
  harness::Output out;
  int failures = 0;
  const Launch launches[] = {{32, 16, 32}, {32, 16, 33}, {20, 16, 32}};
  for (const Launch &l : launches)
    for (int trips : {1, 2, 3, 7})
      failures += check(l, trips, 8 - trips, rng, out);
  return harness::finish("two_rings", out, argv[1], failures);
}
