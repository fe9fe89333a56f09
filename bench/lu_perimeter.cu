// Benchmark: an LU-like perimeter step as legacy CUDA, in the shape of
// public LU decompositions' perimeter kernel: blocks of 2 x 16 threads and
// three 16x16 shared tiles; a branch on threadIdx.x chooses what a thread
// copies, the first half the upper rows of the diagonal tile and a tile of
// the block row, the second half the lower rows of the diagonal tile and a
// tile of the block column, so the copies go to different __shared__
// arrays by branch. Then the row tile is solved against the diagonal's
// unit lower triangle, the column tile against its upper triangle, and
// both are written back. Out of place, so that every launch does the same
// work: block (x, d) takes the diagonal tile d of an 8192^2 matrix and
// the perimeter tiles (d, c) and (c, d), c = d + 1 + x modulo the 512
// tiles a side; the row tiles go to the first half of the output, the
// column tiles to the second. Explicit fmaf, so that clang's and nvcc's
// builds agree bit for bit. Built by clang without and with ferry;
// reference/lu_perimeter.cu is the same kernel with hand cp.async.
#include "bench.cuh"

constexpr int kB = 16;
constexpr int kSide = bench::kImageSide, kTiles = kSide / kB;

__global__ void lu_perimeter(float *out, const float *m, int n) {
  __shared__ float diag[kB][kB];
  __shared__ float row_tile[kB][kB];
  __shared__ float col_tile[kB][kB];
  int tiles = n / kB;
  int d = blockIdx.y, c = (d + 1 + blockIdx.x) % tiles;
  int lane;
  if (threadIdx.x < kB) {
    lane = threadIdx.x;
    for (int r = 0; r < kB / 2; r++)
      diag[r][lane] = m[(d * kB + r) * n + d * kB + lane];
    for (int r = 0; r < kB; r++)
      row_tile[r][lane] = m[(d * kB + r) * n + c * kB + lane];
  } else {
    lane = threadIdx.x - kB;
    for (int r = kB / 2; r < kB; r++)
      diag[r][lane] = m[(d * kB + r) * n + d * kB + lane];
    for (int r = 0; r < kB; r++)
      col_tile[r][lane] = m[(c * kB + r) * n + d * kB + lane];
  }
  __syncthreads();
  if (threadIdx.x < kB) {
    for (int i = 1; i < kB; i++)
      for (int j = 0; j < i; j++)
        row_tile[i][lane] = fmaf(-diag[i][j], row_tile[j][lane], row_tile[i][lane]);
  } else {
    for (int i = 0; i < kB; i++) {
      for (int j = 0; j < i; j++)
        col_tile[lane][i] = fmaf(-col_tile[lane][j], diag[j][i], col_tile[lane][i]);
      col_tile[lane][i] /= diag[i][i];
    }
  }
  __syncthreads();
  if (threadIdx.x < kB) {
    for (int r = 0; r < kB; r++)
      out[(d * kB + r) * n + c * kB + lane] = row_tile[r][lane];
  } else {
    float *cols = out + (size_t)n * n;
    for (int r = 0; r < kB; r++)
      cols[(c * kB + r) * n + d * kB + lane] = col_tile[r][lane];
  }
}

int main() {
  size_t elements = (size_t)kSide * kSide;
  bench::Buffers<float> problem(elements, 2 * elements, [](std::vector<float> &v) {
    for (size_t i = 0; i < v.size(); i++)
      v[i] = bench::input_float(i);
  });
  double blocks = (double)(kTiles - 1) * kTiles;
  problem.measure("lu_perimeter", "16x16_tiles", "", blocks * 5 * kB * kB * sizeof(float),
                  [](float *out, const float *in) {
                    lu_perimeter<<<dim3(kTiles - 1, kTiles), 2 * kB>>>(out, in, kSide);
                  });
  return 0;
}
