// real-repo: yuhc/gpu-rodinia
// real-source: cuda/dwt2d/dwt_cuda/fdwt53.cu
// real-source: cuda/dwt2d/dwt_cuda/common.cu
// Rodinia DWT2D, the forward 5/3 (integer) wavelet transform: the public
// dwt_cuda::fdwt53() picks the sliding-window kernel for the image width,
// launches it, checks it (a device synchronize) and recurses over the
// levels, copying the LL band back between them; the driver calls it as
// dwt.cu's fdwt() does, on a 4096 x 4096 image in [-128, 127],
// 4 levels. The input is overwritten by the transform and reset before
// every run.
#include "../real.cuh"

#include "yuhc/gpu-rodinia/cuda/dwt2d/dwt_cuda/common.cu"
#include "yuhc/gpu-rodinia/cuda/dwt2d/dwt_cuda/fdwt53.cu"

int main(int argc, char **argv) {
  real::options o = real::parse(argc, argv);
  const int width = o.small ? 256 : 4096, height = width, levels = o.small ? 2 : 4;
  const size_t size = (size_t)width * height;
  std::vector<int> image(size);
  real::lcg rng(11);
  for (int &x : image)
    x = rng.below(256) - 128;
  int *in, *out;
  REAL_CHECK(cudaMalloc(&in, size * sizeof(int)));
  REAL_CHECK(cudaMalloc(&out, size * sizeof(int)));
  real::time_runs(
      o,
      [&] {
        REAL_CHECK(cudaMemcpy(in, image.data(), size * sizeof(int), cudaMemcpyHostToDevice));
        REAL_CHECK(cudaMemset(out, 0, size * sizeof(int)));
      },
      [&] { dwt_cuda::fdwt53(in, out, width, height, levels); });
  real::hash h;
  h.add_device(out, size);
  h.add_device(in, size);
  real::print_hash(h);
  return 0;
}
