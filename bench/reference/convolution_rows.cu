// Hand-written reference for the convolution's row pass
// (bench/convolution_rows.cu), built with nvcc: every element of the tile
// moved by a hand 4-byte cp.async, the halo ones where they lie in the
// image, zero stored where they do not, one wait before the barrier. Same
// output bit for bit.
#include "../bench.cuh"
#include "cp_async.cuh"

using bench::kConvRadius;
constexpr int kRowX = 16, kRowY = 4, kSteps = 8, kHalo = 1;

__constant__ float c_taps[2 * kConvRadius + 1];

__global__ void convolution_rows_cp_async(float *out, const float *in, int width, int height) {
  __shared__ float rows[kRowY][(kSteps + 2 * kHalo) * kRowX];
  int tx = threadIdx.x, ty = threadIdx.y;
  int x0 = (blockIdx.x * kSteps - kHalo) * kRowX + tx;
  int y = blockIdx.y * kRowY + ty;
  const float *src = in + y * width + x0;
  float *dst = out + y * width + x0;
#pragma unroll
  for (int s = kHalo; s < kHalo + kSteps; s++)
    cp_async<4>(&rows[ty][s * kRowX + tx], &src[s * kRowX]);
#pragma unroll
  for (int s = 0; s < kHalo; s++) {
    if (x0 + s * kRowX >= 0)
      cp_async<4>(&rows[ty][s * kRowX + tx], &src[s * kRowX]);
    else
      rows[ty][s * kRowX + tx] = 0.0f;
  }
#pragma unroll
  for (int s = kHalo + kSteps; s < 2 * kHalo + kSteps; s++) {
    if (x0 + s * kRowX < width)
      cp_async<4>(&rows[ty][s * kRowX + tx], &src[s * kRowX]);
    else
      rows[ty][s * kRowX + tx] = 0.0f;
  }
  cp_async_commit();
  cp_async_wait<0>();
  __syncthreads();
#pragma unroll
  for (int s = kHalo; s < kHalo + kSteps; s++) {
    float sum = 0.0f;
#pragma unroll
    for (int j = -kConvRadius; j <= kConvRadius; j++)
      sum = fmaf(c_taps[kConvRadius - j], rows[ty][s * kRowX + tx + j], sum);
    dst[s * kRowX] = sum;
  }
}

int main() {
  float taps[2 * kConvRadius + 1];
  bench::convolution_taps(taps);
  CHECK(cudaMemcpyToSymbol(c_taps, taps, sizeof taps));
  bench::Image problem;
  problem.measure("convolution_rows", "radius_8", "hand cp.async 4 B",
                  [](float *out, const float *in, int width, int height) {
                    convolution_rows_cp_async<<<dim3(width / (kSteps * kRowX), height / kRowY),
                                                dim3(kRowX, kRowY)>>>(out, in, width, height);
                  });
  return 0;
}
