// Code that tests __NVCC__ to mean "a CUDA compiler" (as HeCBench's
// xsbench and minmax do): without __NVCC__ its functions lose __device__
// and the kernel cannot call them.
#if !defined(__NVCC__) && !defined(__HIPCC__)
#define __device__
#define __host__
#endif

__host__ __device__ inline int square(int x) { return x * x; }

__global__ void squares(int *out) { out[threadIdx.x] = square(threadIdx.x); }

// Code that picks an API by the CUDA version (HeCBench's nonzero: CUB's
// iterators moved to cuda:: in CUDA 13).
#if __CUDACC_VER_MAJOR__ >= 13
int version_branch() { return 13; }
#elif defined(__CUDACC_VER_MAJOR__)
int version_branch() { return 12; }
#else
#error "__CUDACC_VER_MAJOR__ is not defined"
#endif
