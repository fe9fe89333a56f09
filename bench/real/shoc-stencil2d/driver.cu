// real-repo: vetter/shoc
// real-source: src/cuda/level1/stencil2d/CUDAStencilKernel.cu
// real-source: src/cuda/level1/stencil2d/CUDAStencil.cpp
// real-source: src/common/Matrix2DStatics.cpp
// real-flags: -I$SRC/vetter/shoc/src/common -I$SRC/vetter/shoc/src/cuda/common -I$SRC/vetter/shoc/src/cuda/level1/stencil2d -I$HERE
// SHOC Stencil2D: a 9-point weighted stencil on a matrix with a 1-wide halo
// and padded rows, each thread a strip of 8 rows, each block 8 x 256 points
// loaded with their halo into dynamic shared memory. CUDAStencil<T>::operator()
// allocates and copies inside its timed call; ours does the same setup
// untimed (both buffers hold the matrix with its halo, rows padded to 16) and
// one timed run is its iteration loop: StencilKernel with the grid, block and
// shared size it computes, swapping the buffers, 20 iterations in float then
// 20 in double, SHOC's default block size (8, 256) and weights, on 4096^2.
// config.h (beside this file, found by -I$HERE: the driver's folder) stands
// for the one SHOC's configure writes.
#include "../real.cuh"

#include "config.h"
#include "vetter/shoc/src/cuda/level1/stencil2d/CUDAStencilKernel.cu"
#include "vetter/shoc/src/common/Matrix2DStatics.cpp"

template <class T> struct stencil_case {
  T *da, *db;
  std::vector<T> init;
  size_t nPaddedCols;
};

template <class T> static stencil_case<T> setup(size_t gRows, size_t gCols, uint64_t seed) {
  stencil_case<T> c;
  size_t nRows = gRows + 2, nCols = gCols + 2, pad = 16;
  c.nPaddedCols = nCols + ((nCols % pad == 0) ? 0 : (pad - nCols % pad)); // Matrix2D's
  c.init.assign(nRows * c.nPaddedCols, (T)0); // halo value 0, as SHOC's default
  real::lcg g(seed);
  for (size_t r = 1; r <= gRows; r++)
    for (size_t col = 1; col <= gCols; col++)
      c.init[r * c.nPaddedCols + col] = (T)g.uniform();
  REAL_CHECK(cudaMalloc((void **)&c.da, c.init.size() * sizeof(T)));
  REAL_CHECK(cudaMalloc((void **)&c.db, c.init.size() * sizeof(T)));
  return c;
}

template <class T> static void reset(const stencil_case<T> &c) {
  REAL_CHECK(cudaMemcpy(c.da, c.init.data(), c.init.size() * sizeof(T), cudaMemcpyHostToDevice));
  REAL_CHECK(cudaMemcpy(c.db, c.init.data(), c.init.size() * sizeof(T), cudaMemcpyHostToDevice));
}

// CUDAStencil<T>::operator()'s launches (its lRows, lCols are 8, 256).
template <class T>
static void iterate(const stencil_case<T> &c, size_t gRows, size_t gCols, unsigned nIters) {
  const size_t lRows = 8, lCols = 256;
  dim3 dimGrid(gRows / lRows, gCols / lCols);
  dim3 dimBlock(1, lCols);
  size_t localDataSize = sizeof(T) * (lRows + 2) * (lCols + 2);
  T *currData = c.da, *newData = c.db;
  for (unsigned iter = 0; iter < nIters; iter++) {
    StencilKernel<<<dimGrid, dimBlock, localDataSize>>>(currData, newData, 16, lRows, (T)0.25, (T)0.15,
                                                        (T)0.05);
    std::swap(currData, newData);
  }
}

int main(int argc, char **argv) {
  real::options o = real::parse(argc, argv);
  const size_t g = o.small ? 256 : 4096; // multiples of 8 and 256
  const unsigned nIters = o.small ? 2 : 20;
  stencil_case<float> sf = setup<float>(g, g, 71594);
  stencil_case<double> sd = setup<double>(g, g, 71594);

  real::time_runs(
      o,
      [&] {
        reset(sf);
        reset(sd);
      },
      [&] {
        iterate(sf, g, g, nIters);
        iterate(sd, g, g, nIters);
      });

  // Both buffers of each: the last result and the one before it.
  real::hash h;
  h.add_device(sf.da, sf.init.size());
  h.add_device(sf.db, sf.init.size());
  h.add_device(sd.da, sd.init.size());
  h.add_device(sd.db, sd.init.size());
  real::print_hash(h);
  return 0;
}
