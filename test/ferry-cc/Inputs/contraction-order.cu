// Adds of two products, for which nvcc's cicc fuses the product written
// first where both are products of reads and constants, each read where it
// is written, and LLVM the one whose values were read first
// (passes/lower/contraction_order.c). Each b = C_d*x[1] + C_c*x[7] follows
// a line that reads x[7] before x[1]. nvcc-contraction-order.test checks
// ferry-cc's PTX; nvcc-contraction-order-as-nvcc.test compares it with
// nvcc's.
#define C_A 1.3870398f
#define C_C 1.1758756f
#define C_D 0.7856950f
#define C_F 0.2758994f

// Global memory through the kernel's pointer.
__global__ void global_reads(float *o, const float *p) {
  float a = C_F * p[7] + C_A * p[1];
  float b = C_D * p[1] + C_C * p[7];
  o[threadIdx.x] = a * b;
}

// The same in double.
__global__ void global_reads_f64(double *o, const double *p) {
  double a = 0.2758994 * p[7] + 1.3870398 * p[1];
  double b = 0.7856950 * p[1] + 1.1758756 * p[7];
  o[threadIdx.x] = a * b;
}

// A device function over a local array the kernel fills from shared memory
// (HeCBench's dct8x8, IDCT8).
__device__ inline float butterfly(const float *D) {
  float a = C_F * D[7] + C_A * D[1];
  float b = C_D * D[1] + C_C * D[7];
  return a * b;
}
__global__ void local_array(float *o, const float *g) {
  __shared__ float tile[64];
  tile[threadIdx.x] = g[threadIdx.x];
  __syncthreads();
  float D[8];
  for (int i = 0; i < 8; i++)
    D[i] = tile[(threadIdx.x & 7) * 8 + i];
  o[threadIdx.x] = butterfly(D);
}

// Shared memory at the thread's index.
__global__ void shared_indexed(float *o, const float *g) {
  __shared__ float tile[512];
  tile[threadIdx.x] = g[threadIdx.x];
  __syncthreads();
  float a = C_F * tile[threadIdx.x + 7] + C_A * tile[threadIdx.x + 1];
  float b = C_D * tile[threadIdx.x + 1] + C_C * tile[threadIdx.x + 7];
  o[threadIdx.x] = a * b;
}

// __constant__ memory through a device function's pointer.
__constant__ float coefficients[64];
__global__ void constant_reads(float *o) {
  o[threadIdx.x] = butterfly(coefficients + (threadIdx.x & 7));
}

// Reads through __ldg.
__global__ void cached_reads(float *o, const float *p) {
  float a = C_F * __ldg(p + 7) + C_A * __ldg(p + 1);
  float b = C_D * __ldg(p + 1) + C_C * __ldg(p + 7);
  o[threadIdx.x] = a * b;
}

// Not marked, and the same in both: values read once into variables
// (x7 read first: C_c*x7 fuses), and a __shared__ array at a constant index
// read twice in a line, which cicc merges too (t[7] read first: C_c*t[7]).
__global__ void variables(float *o, const float *p) {
  float x7 = p[7], x1 = p[1];
  float a = C_F * x7 + C_A * x1;
  float b = C_D * x1 + C_C * x7;
  o[threadIdx.x] = a * b;
}
__global__ void shared_constant_index(float *o, const float *g) {
  __shared__ float tile[64];
  tile[threadIdx.x] = g[threadIdx.x];
  __syncthreads();
  float a = C_F * tile[7] + C_A * tile[1];
  float b = C_D * tile[1] + C_C * tile[7];
  o[threadIdx.x] = a * b;
}
