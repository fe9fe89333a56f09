// real-repo: NVIDIA/cuda-samples
// real-source: Samples/0_Introduction/matrixMul/matrixMul.cu
// real-flags: -I$SRC/NVIDIA/cuda-samples/Common
// cuda-samples matrixMul: C = A * B in 32 x 32 tiles, each thread copying one
// element of A and one of B into shared memory per step, as MatrixMultiply()
// launches it (MatrixMulCUDA<32>, block 32 x 32, grid wB/32 x hA/32). Our
// main replaces the sample's (renamed away): random A and B of 2048 x 2048
// instead of its constants, one launch a timed run.
#include "../real.cuh"

#define main matrixmul_public_main
#include "NVIDIA/cuda-samples/Samples/0_Introduction/matrixMul/matrixMul.cu"
#undef main

int main(int argc, char **argv) {
  real::options o = real::parse(argc, argv);
  const int block_size = 32;
  const int m = o.small ? 128 : 2048; // hA = wA = wB, multiples of 32
  const dim3 dimsA(m, m, 1), dimsB(m, m, 1), dimsC(m, m, 1);
  const size_t n = (size_t)m * m;

  real::lcg g(3);
  std::vector<float> a(n), b(n);
  for (float &x : a)
    x = g.uniform();
  for (float &x : b)
    x = g.uniform();
  float *d_A, *d_B, *d_C;
  REAL_CHECK(cudaMalloc((void **)&d_A, n * sizeof(float)));
  REAL_CHECK(cudaMalloc((void **)&d_B, n * sizeof(float)));
  REAL_CHECK(cudaMalloc((void **)&d_C, n * sizeof(float)));
  REAL_CHECK(cudaMemcpy(d_A, a.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  REAL_CHECK(cudaMemcpy(d_B, b.data(), n * sizeof(float), cudaMemcpyHostToDevice));

  dim3 threads(block_size, block_size);
  dim3 grid(dimsB.x / threads.x, dimsA.y / threads.y);
  real::time_runs(o, [] {}, [&] {
    MatrixMulCUDA<32><<<grid, threads>>>(d_C, d_A, d_B, dimsA.x, dimsB.x);
  });

  real::hash h;
  h.add_device(d_C, n);
  real::print_hash(h);
  return 0;
}
