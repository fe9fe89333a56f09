// Benchmark: the row pass of a separable convolution as legacy CUDA, in
// the shape of the CUDA samples' convolutionSeparable: blocks of 16x4
// threads, each row of a block loading 8 steps of 16 columns into a shared
// tile plus one halo step on each side, the halo loads guarded by the
// image's bounds (zero outside it), then 8 outputs a thread of a radius-8
// filter whose taps live in __constant__ memory (explicit fmaf, so clang's
// and nvcc's builds agree bit for bit). 8192^2 floats in and out. Built by
// clang without and with ferry; reference/convolution_rows.cu is the same
// kernel with hand cp.async.
#include "bench.cuh"

using bench::kConvRadius;
constexpr int kRowX = 16, kRowY = 4, kSteps = 8, kHalo = 1;

__constant__ float c_taps[2 * kConvRadius + 1];

__global__ void convolution_rows(float *out, const float *in, int width, int height) {
  __shared__ float rows[kRowY][(kSteps + 2 * kHalo) * kRowX];
  int tx = threadIdx.x, ty = threadIdx.y;
  int x0 = (blockIdx.x * kSteps - kHalo) * kRowX + tx; // the first column this thread loads
  int y = blockIdx.y * kRowY + ty;
  const float *src = in + y * width + x0;
  float *dst = out + y * width + x0;
#pragma unroll
  for (int s = kHalo; s < kHalo + kSteps; s++)
    rows[ty][s * kRowX + tx] = src[s * kRowX];
#pragma unroll
  for (int s = 0; s < kHalo; s++)
    rows[ty][s * kRowX + tx] = (x0 + s * kRowX >= 0) ? src[s * kRowX] : 0.0f;
#pragma unroll
  for (int s = kHalo + kSteps; s < 2 * kHalo + kSteps; s++)
    rows[ty][s * kRowX + tx] = (x0 + s * kRowX < width) ? src[s * kRowX] : 0.0f;
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
  problem.measure("convolution_rows", "radius_8", "", [](float *out, const float *in, int width, int height) {
    convolution_rows<<<dim3(width / (kSteps * kRowX), height / kRowY), dim3(kRowX, kRowY)>>>(out, in, width,
                                                                                            height);
  });
  return 0;
}
