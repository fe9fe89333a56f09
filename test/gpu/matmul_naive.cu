// expect: cp.async
// expect-converted: 4
// expect-remark: one check before the loop finds every row's addresses fit
//
// Tiled SGEMM whose tiles are loaded with plain assignments, as in the
// MatrixMulNaive kernel of NVIDIA's globalToShmemAsyncCopy sample:
//   As[ty][tx] = A[...]; Bs[ty][tx] = B[...]; __syncthreads();
//   for k: Csub += As[ty][k] * Bs[k][tx];     __syncthreads();
// with BLOCK_SIZE 16 and 32. Its compute reads each tile element 16 or 32
// times, so ferry's cost model lets the copies pay only as a ring of
// 16-byte chunks checked once before the loop: ferry versions the K loop
// (which counts by BLOCK_SIZE while a <= aEnd), 2 stages for 16 and 4 for
// 32. Matrices whose rows are 16-byte aligned take the ring; A or B shifted
// by one float fails the check, and that block runs the loop as written.
//
// Checks: the plain and the plugin builds must agree bit for bit (run.sh
// compares their output files); each product is also compared against a
// double-precision CPU product within a tolerance scaled by sum |a*b|.
#include <cmath>

#include "harness.cuh"

// C = A * B, A is hA x wA, B is wA x wB, all row-major; the grid is
// (wB / BLOCK_SIZE, hA / BLOCK_SIZE) of BLOCK_SIZE x BLOCK_SIZE threads.
template <int BLOCK_SIZE>
__global__ void MatrixMulNaive(float *C, float *A, float *B, int wA, int wB) {
  int bx = blockIdx.x, by = blockIdx.y;
  int tx = threadIdx.x, ty = threadIdx.y;
  int aBegin = wA * BLOCK_SIZE * by;
  int aEnd = aBegin + wA - 1;
  int aStep = BLOCK_SIZE;
  int bBegin = BLOCK_SIZE * bx;
  int bStep = BLOCK_SIZE * wB;
  float Csub = 0;
  for (int a = aBegin, b = bBegin; a <= aEnd; a += aStep, b += bStep) {
    __shared__ float As[BLOCK_SIZE][BLOCK_SIZE];
    __shared__ float Bs[BLOCK_SIZE][BLOCK_SIZE];
    As[ty][tx] = A[a + wA * ty + tx];
    Bs[ty][tx] = B[b + wB * ty + tx];
    __syncthreads();
#pragma unroll
    for (int k = 0; k < BLOCK_SIZE; ++k)
      Csub += As[ty][k] * Bs[k][tx];
    __syncthreads();
  }
  int c = wB * BLOCK_SIZE * by + BLOCK_SIZE * bx;
  C[c + wB * ty + tx] = Csub;
}

struct Shape {
  int block, hA, wA, wB;
  int shift_a = 0, shift_b = 0; // floats by which A and B start past an aligned address
};

static int check_against_double(const char *what, const std::vector<float> &A,
                                 const std::vector<float> &B,
                                 const std::vector<float> &C, const Shape &s) {
  size_t bad = 0;
  double worst = 0;
  for (int i = 0; i < s.hA; i++)
    for (int j = 0; j < s.wB; j++) {
      double sum = 0, magnitude = 0;
      for (int k = 0; k < s.wA; k++) {
        double p = (double)A[(size_t)i * s.wA + k] * (double)B[(size_t)k * s.wB + j];
        sum += p;
        magnitude += std::fabs(p);
      }
      double got = C[(size_t)i * s.wB + j];
      // fp32 accumulation of wA terms: |error| <= wA * eps32 * sum|a*b|,
      // with room to spare; the bit-for-bit comparison is the real check.
      double tolerance = 2.0 * s.wA * 1.1920929e-7 * magnitude + 1e-30;
      double err = std::fabs(got - sum);
      if (!(err <= tolerance)) { // also catches NaN (poison)
        if (bad < 5)
          std::fprintf(stderr, "%s: C[%d][%d] = %.9g, double reference %.9g\n",
                       what, i, j, got, sum);
        bad++;
      }
      if (err / (magnitude + 1e-30) > worst)
        worst = err / (magnitude + 1e-30);
    }
  std::printf("%s: max |error| / sum|a*b| = %.3g, %zu outside tolerance\n", what, worst, bad);
  return bad ? 1 : 0;
}

template <int BLOCK_SIZE>
static int run(const Shape &s, harness::Rng &rng, harness::Output &out) {
  std::vector<float> A((size_t)s.hA * s.wA), B((size_t)s.wA * s.wB);
  for (float &v : A)
    v = rng.nonzero_float();
  for (float &v : B)
    v = rng.nonzero_float();
  std::vector<float> A_at(s.shift_a, 0.0f), B_at(s.shift_b, 0.0f);
  A_at.insert(A_at.end(), A.begin(), A.end());
  B_at.insert(B_at.end(), B.begin(), B.end());
  float *dA_at = harness::device_copy(A_at), *dA = dA_at + s.shift_a;
  float *dB_at = harness::device_copy(B_at), *dB = dB_at + s.shift_b;
  size_t nC = (size_t)s.hA * s.wB;
  float *dC = harness::device_poisoned<float>(nC);
  dim3 threads(BLOCK_SIZE, BLOCK_SIZE);
  dim3 grid(s.wB / BLOCK_SIZE, s.hA / BLOCK_SIZE);
  MatrixMulNaive<BLOCK_SIZE><<<grid, threads>>>(dC, dA, dB, s.wA, s.wB);
  CHECK_LAUNCH();
  std::vector<float> C = harness::host_copy(dC, nC);
  out.append(C);
  char what[96];
  std::snprintf(what, sizeof what, "MatrixMulNaive<%d> %dx%d * %dx%d shifts %d %d", BLOCK_SIZE,
                s.hA, s.wA, s.wA, s.wB, s.shift_a, s.shift_b);
  int failures = check_against_double(what, A, B, C, s);
  CHECK(cudaFree(dA_at));
  CHECK(cudaFree(dB_at));
  CHECK(cudaFree(dC));
  return failures;
}

int main(int argc, char **argv) {
  if (argc != 2)
    return harness::usage(argv[0]);
  harness::Rng rng(0x5EED5);
  harness::Output out;
  int failures = 0;
  // Non-square, with odd tile counts (3, 5, 7 tiles) along each dimension.
  failures += run<16>({16, 48, 80, 112}, rng, out);
  failures += run<16>({16, 16, 16, 16}, rng, out);
  failures += run<32>({32, 96, 160, 64}, rng, out);
  failures += run<32>({32, 32, 224, 96}, rng, out);
  // Misaligned by one float: the loops as written.
  failures += run<16>({16, 48, 80, 112, 1, 0}, rng, out);
  failures += run<16>({16, 48, 80, 112, 0, 1}, rng, out);
  failures += run<32>({32, 96, 160, 64, 1, 3}, rng, out);
  return harness::finish("matmul_naive", out, argv[1], failures);
}
