// real-repo: NVIDIA/cuda-samples
// real-source: Samples/2_Concepts_and_Techniques/dct8x8/dct8x8_kernel2.cuh
// real-source: Samples/2_Concepts_and_Techniques/dct8x8/dct8x8_kernel_short.cuh
// real-source: Samples/2_Concepts_and_Techniques/dct8x8/dct8x8_kernel_quantization.cuh
// real-flags: -I$SRC/NVIDIA/cuda-samples/Common
// cuda-samples dct8x8: 8 x 8 block DCT, quantization and inverse DCT of an
// image, the float kernels of the sample's 2nd implementation (a 32 x 16
// tile of pixels in shared memory) and its 16-bit ones (a 32 x 32 tile).
// The sample's dct8x8.cu holds its BMP and gold host code as well; we include
// only its kernel files and launch them as its WrapperCUDA2 and
// WrapperCUDAshort do (pitched planes, pixels minus 128, the same grids).
// One timed run: float DCT, quantization, IDCT, then the same in 16 bits, on
// an 8192 x 8192 image of random bytes (the sample's is a 512 x 512 BMP).
#include "../real.cuh"

#include "NVIDIA/cuda-samples/Samples/2_Concepts_and_Techniques/dct8x8/dct8x8_kernel2.cuh"
#include "NVIDIA/cuda-samples/Samples/2_Concepts_and_Techniques/dct8x8/dct8x8_kernel_quantization.cuh"
#include "NVIDIA/cuda-samples/Samples/2_Concepts_and_Techniques/dct8x8/dct8x8_kernel_short.cuh"

// The rows of a pitched plane, without its padding.
template <typename T> static void hash_plane(real::hash &h, const T *d, size_t pitch, int w, int hgt) {
  std::vector<T> host((size_t)w * hgt);
  REAL_CHECK(cudaMemcpy2D(host.data(), w * sizeof(T), d, pitch * sizeof(T), w * sizeof(T), hgt,
                          cudaMemcpyDeviceToHost));
  h.add(host.data(), host.size() * sizeof(T));
}

int main(int argc, char **argv) {
  real::options o = real::parse(argc, argv);
  const int width = o.small ? 256 : 8192, height = width; // multiples of 32

  real::lcg g(512);
  std::vector<float> imgF((size_t)width * height);
  std::vector<short> imgS((size_t)width * height);
  for (size_t i = 0; i < imgF.size(); i++) {
    int byte = g.below(256);
    imgF[i] = (float)byte - 128.0f; // CopyByte2Float, AddFloatPlane(-128)
    imgS[i] = (short)byte - 128;
  }
  float *src, *dst;
  short *SrcDst;
  size_t DeviceStride, StrideS;
  REAL_CHECK(cudaMallocPitch((void **)&src, &DeviceStride, width * sizeof(float), height));
  REAL_CHECK(cudaMallocPitch((void **)&dst, &DeviceStride, width * sizeof(float), height));
  DeviceStride /= sizeof(float);
  REAL_CHECK(cudaMallocPitch((void **)&SrcDst, &StrideS, width * sizeof(short), height));
  StrideS /= sizeof(short);

  dim3 GridFullWarps(width / KER2_BLOCK_WIDTH, height / KER2_BLOCK_HEIGHT, 1);
  dim3 ThreadsFullWarps(8, KER2_BLOCK_WIDTH / 8, KER2_BLOCK_HEIGHT / 8);
  dim3 ThreadsSmallBlocks(BLOCK_SIZE, BLOCK_SIZE);
  dim3 GridSmallBlocks(width / BLOCK_SIZE, height / BLOCK_SIZE);
  dim3 GridShort(width / KERS_BLOCK_WIDTH, height / KERS_BLOCK_HEIGHT, 1);
  dim3 ThreadsShort(8, KERS_BLOCK_WIDTH / 8, KERS_BLOCK_HEIGHT / 8);

  // The IDCT writes back into src and the 16-bit kernels work in place:
  // both planes are reloaded before every run.
  real::time_runs(
      o,
      [&] {
        REAL_CHECK(cudaMemcpy2D(src, DeviceStride * sizeof(float), imgF.data(), width * sizeof(float),
                                width * sizeof(float), height, cudaMemcpyHostToDevice));
        REAL_CHECK(cudaMemcpy2D(SrcDst, StrideS * sizeof(short), imgS.data(), width * sizeof(short),
                                width * sizeof(short), height, cudaMemcpyHostToDevice));
      },
      [&] {
        CUDAkernel2DCT<<<GridFullWarps, ThreadsFullWarps>>>(dst, src, (int)DeviceStride);
        CUDAkernelQuantizationFloat<<<GridSmallBlocks, ThreadsSmallBlocks>>>(dst, (int)DeviceStride);
        CUDAkernel2IDCT<<<GridFullWarps, ThreadsFullWarps>>>(src, dst, (int)DeviceStride);
        CUDAkernelShortDCT<<<GridShort, ThreadsShort>>>(SrcDst, (int)StrideS);
        CUDAkernelQuantizationShort<<<GridSmallBlocks, ThreadsSmallBlocks>>>(SrcDst, (int)StrideS);
        CUDAkernelShortIDCT<<<GridShort, ThreadsShort>>>(SrcDst, (int)StrideS);
      });

  real::hash h;
  hash_plane(h, dst, DeviceStride, width, height);
  hash_plane(h, src, DeviceStride, width, height);
  hash_plane(h, SrcDst, StrideS, width, height);
  real::print_hash(h);
  return 0;
}
