// real-repo: NVIDIA/cuda-samples
// real-source: Samples/5_Domain_Specific/fastWalshTransform/fastWalshTransform_kernel.cuh
// real-flags: -I$SRC/NVIDIA/cuda-samples/Common
// cuda-samples fastWalshTransform: dyadic convolution by fast Walsh
// transforms, radix-4 passes in global memory down to 2048-element blocks
// that fwtBatch1Kernel transforms in (dynamic) shared memory. The sample's
// fastWalshTransform.cu also holds main and calls its CPU gold code; we
// include its kernel file and do what its main times: fwtBatchGPU of the
// data and of the zero-padded kernel, modulateGPU, fwtBatchGPU of the data,
// with its sizes (2^23 data, 2^7 kernel) and uniform inputs.
#include "../real.cuh"

#include <helper_cuda.h>

#include "NVIDIA/cuda-samples/Samples/5_Domain_Specific/fastWalshTransform/fastWalshTransform_kernel.cuh"

int main(int argc, char **argv) {
  real::options o = real::parse(argc, argv);
  const int log2Kernel = 7, log2Data = o.small ? 14 : 23;
  const int dataN = 1 << log2Data, kernelN = 1 << log2Kernel;

  real::lcg g(2007);
  std::vector<float> kernel(kernelN), data(dataN);
  for (float &x : kernel)
    x = g.uniform();
  for (float &x : data)
    x = g.uniform();
  float *d_Kernel, *d_Data;
  REAL_CHECK(cudaMalloc((void **)&d_Kernel, dataN * sizeof(float)));
  REAL_CHECK(cudaMalloc((void **)&d_Data, dataN * sizeof(float)));

  // Everything is transformed in place: both inputs are reloaded every run.
  real::time_runs(
      o,
      [&] {
        REAL_CHECK(cudaMemset(d_Kernel, 0, dataN * sizeof(float)));
        REAL_CHECK(cudaMemcpy(d_Kernel, kernel.data(), kernelN * sizeof(float), cudaMemcpyHostToDevice));
        REAL_CHECK(cudaMemcpy(d_Data, data.data(), dataN * sizeof(float), cudaMemcpyHostToDevice));
      },
      [&] {
        fwtBatchGPU(d_Data, 1, log2Data);
        fwtBatchGPU(d_Kernel, 1, log2Data);
        modulateGPU(d_Data, d_Kernel, dataN);
        fwtBatchGPU(d_Data, 1, log2Data);
      });

  real::hash h;
  h.add_device(d_Data, dataN);
  h.add_device(d_Kernel, dataN);
  real::print_hash(h);
  return 0;
}
