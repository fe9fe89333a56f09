// real-repo: NVIDIA/cuda-samples
// real-source: Samples/2_Concepts_and_Techniques/convolutionSeparable/convolutionSeparable.cu
// real-flags: -I$SRC/NVIDIA/cuda-samples/Common
// cuda-samples convolutionSeparable: a 17-tap separable filter, a row pass
// then a column pass, each block loading its tile and halos into shared
// memory. Our main replaces the sample's main.cpp: its 3072 x 3072 image and
// kernel of small integers (rand() % 16 there, real::lcg here), and one timed
// run is its timed loop of 16 identical iterations of the two host wrappers.
#include "../real.cuh"

#include "NVIDIA/cuda-samples/Samples/2_Concepts_and_Techniques/convolutionSeparable/convolutionSeparable.cu"

int main(int argc, char **argv) {
  real::options o = real::parse(argc, argv);
  // imageW a multiple of 128, imageH of 64 (the wrappers' asserts).
  const int imageW = o.small ? 256 : 3072, imageH = o.small ? 128 : 3072;
  const int iterations = o.small ? 1 : 16;
  const size_t n = (size_t)imageW * imageH;

  real::lcg g(200);
  std::vector<float> kernel(KERNEL_LENGTH), input(n);
  for (float &k : kernel)
    k = (float)g.below(16);
  for (float &x : input)
    x = (float)g.below(16);
  float *d_Input, *d_Output, *d_Buffer;
  REAL_CHECK(cudaMalloc((void **)&d_Input, n * sizeof(float)));
  REAL_CHECK(cudaMalloc((void **)&d_Output, n * sizeof(float)));
  REAL_CHECK(cudaMalloc((void **)&d_Buffer, n * sizeof(float)));
  setConvolutionKernel(kernel.data());
  REAL_CHECK(cudaMemcpy(d_Input, input.data(), n * sizeof(float), cudaMemcpyHostToDevice));

  // Every iteration recomputes both outputs from the input: nothing to reset.
  real::time_runs(o, [] {}, [&] {
    for (int i = 0; i < iterations; i++) {
      convolutionRowsGPU(d_Buffer, d_Input, imageW, imageH);
      convolutionColumnsGPU(d_Output, d_Buffer, imageW, imageH);
    }
  });

  real::hash h;
  h.add_device(d_Buffer, n);
  h.add_device(d_Output, n);
  real::print_hash(h);
  return 0;
}
