// Hand-written reference for the LU-like perimeter step
// (bench/lu_perimeter.cu), built with nvcc: the same branch choosing the
// tiles a thread fills, each element moved by a hand 4-byte cp.async, one
// wait before the barrier. Same output bit for bit.
#include "../bench.cuh"
#include "cp_async.cuh"

constexpr int kB = 16;
constexpr int kSide = bench::kImageSide, kTiles = kSide / kB;

__global__ void lu_perimeter_cp_async(float *out, const float *m, int n) {
  __shared__ float diag[kB][kB];
  __shared__ float row_tile[kB][kB];
  __shared__ float col_tile[kB][kB];
  int tiles = n / kB;
  int d = blockIdx.y, c = (d + 1 + blockIdx.x) % tiles;
  int lane;
  if (threadIdx.x < kB) {
    lane = threadIdx.x;
    for (int r = 0; r < kB / 2; r++)
      cp_async<4>(&diag[r][lane], &m[(d * kB + r) * n + d * kB + lane]);
    for (int r = 0; r < kB; r++)
      cp_async<4>(&row_tile[r][lane], &m[(d * kB + r) * n + c * kB + lane]);
  } else {
    lane = threadIdx.x - kB;
    for (int r = kB / 2; r < kB; r++)
      cp_async<4>(&diag[r][lane], &m[(d * kB + r) * n + d * kB + lane]);
    for (int r = 0; r < kB; r++)
      cp_async<4>(&col_tile[r][lane], &m[(c * kB + r) * n + d * kB + lane]);
  }
  cp_async_commit();
  cp_async_wait<0>();
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
  problem.measure("lu_perimeter", "16x16_tiles", "hand cp.async 4 B", blocks * 5 * kB * kB * sizeof(float),
                  [](float *out, const float *in) {
                    lu_perimeter_cp_async<<<dim3(kTiles - 1, kTiles), 2 * kB>>>(out, in, kSide);
                  });
  return 0;
}
