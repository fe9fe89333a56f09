// real-repo: gpgpu-sim/ispass2009-benchmarks
// real-source: LPS/laplace3d_kernel.cu
// ISPASS 2009 LPS: a 3D Laplace (Jacobi) solver, 32 x 4 threads a block
// marching up the k planes, three planes of the tile and its halo in
// shared memory, the next plane copied in each step. The driver defines
// BLOCK_X and BLOCK_Y as laplace3d.cu does, allocates the grids pitched
// (cudaMallocPitch) and runs the program's loop: REPEAT launches, swapping
// u1 and u2 and synchronizing after each. 256 x 256 x 256 nodes, Dirichlet
// boundary values, 10 launches.
#include "../real.cuh"

#define BLOCK_X 32
#define BLOCK_Y 4
#include "gpgpu-sim/ispass2009-benchmarks/LPS/laplace3d_kernel.cu"

int main(int argc, char **argv) {
  real::options o = real::parse(argc, argv);
  const int nx = o.small ? 64 : 256, ny = nx, nz = o.small ? 16 : 256, repeat = o.small ? 2 : 10;
  std::vector<float> u((size_t)nx * ny * nz);
  real::lcg rng(12);
  for (int k = 0; k < nz; k++)
    for (int j = 0; j < ny; j++)
      for (int i = 0; i < nx; i++) {
        bool boundary = i == 0 || i == nx - 1 || j == 0 || j == ny - 1 || k == 0 || k == nz - 1;
        u[i + (size_t)j * nx + (size_t)k * nx * ny] = boundary ? 1.0f : rng.uniform();
      }
  float *d_u1, *d_u2;
  size_t pitch_bytes;
  REAL_CHECK(cudaMallocPitch((void **)&d_u1, &pitch_bytes, sizeof(float) * nx, ny * nz));
  REAL_CHECK(cudaMallocPitch((void **)&d_u2, &pitch_bytes, sizeof(float) * nx, ny * nz));
  const int pitch = pitch_bytes / sizeof(float);
  dim3 dimGrid(1 + (nx - 1) / BLOCK_X, 1 + (ny - 1) / BLOCK_Y), dimBlock(BLOCK_X, BLOCK_Y);
  float *u1 = d_u1, *u2 = d_u2;
  real::time_runs(
      o,
      [&] {
        u1 = d_u1, u2 = d_u2;
        REAL_CHECK(cudaMemcpy2D(d_u1, pitch_bytes, u.data(), sizeof(float) * nx, sizeof(float) * nx, ny * nz,
                                cudaMemcpyHostToDevice));
        REAL_CHECK(cudaMemset2D(d_u2, pitch_bytes, 0, sizeof(float) * nx, ny * nz));
      },
      [&] {
        for (int i = 1; i <= repeat; ++i) {
          GPU_laplace3d<<<dimGrid, dimBlock>>>(nx, ny, nz, pitch, u1, u2);
          float *t = u1;
          u1 = u2, u2 = t;
          REAL_CHECK(cudaDeviceSynchronize());
        }
      });
  // The result is in u1 after the swaps, as the program reads it back.
  std::vector<float> result((size_t)nx * ny * nz);
  REAL_CHECK(cudaMemcpy2D(result.data(), sizeof(float) * nx, u1, pitch_bytes, sizeof(float) * nx, ny * nz,
                          cudaMemcpyDeviceToHost));
  real::hash h;
  h.add(result.data(), result.size() * sizeof(float));
  real::print_hash(h);
  return 0;
}
