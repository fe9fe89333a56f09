// real-repo: yuhc/gpu-rodinia
// real-source: cuda/nw/needle_kernel.cu
// Rodinia Needleman-Wunsch: wavefront alignment in 16x16 tiles, BLOCK_SIZE
// 16; needle.cu launches needle_cuda_shared_1 for each anti-diagonal of
// tiles of the top-left half and needle_cuda_shared_2 for the bottom-right
// half, and so does the driver. The reference scores stand in for blosum62
// lookups (values in [-4, 11], as that table holds); penalty 10.
#include "../real.cuh"

#include "yuhc/gpu-rodinia/cuda/nw/needle_kernel.cu"

int main(int argc, char **argv) {
  real::options o = real::parse(argc, argv);
  const int n = o.small ? 256 : 4096; // sequence length, a multiple of 16
  const int max_rows = n + 1, max_cols = n + 1, penalty = 10;
  const int size = max_rows * max_cols;
  std::vector<int> reference(size, 0), items(size, 0);
  real::lcg rng(5);
  for (int i = 1; i < max_rows; i++)
    for (int j = 1; j < max_cols; j++)
      reference[i * max_cols + j] = rng.below(16) - 4;
  for (int i = 1; i < max_rows; i++)
    items[i * max_cols] = -i * penalty;
  for (int j = 1; j < max_cols; j++)
    items[j] = -j * penalty;

  int *reference_cuda, *matrix_cuda;
  REAL_CHECK(cudaMalloc(&reference_cuda, sizeof(int) * size));
  REAL_CHECK(cudaMalloc(&matrix_cuda, sizeof(int) * size));
  REAL_CHECK(cudaMemcpy(reference_cuda, reference.data(), sizeof(int) * size, cudaMemcpyHostToDevice));
  const int block_width = (max_cols - 1) / BLOCK_SIZE;
  real::time_runs(
      o, [&] { REAL_CHECK(cudaMemcpy(matrix_cuda, items.data(), sizeof(int) * size, cudaMemcpyHostToDevice)); },
      [&] {
        dim3 dimGrid, dimBlock(BLOCK_SIZE, 1);
        for (int i = 1; i <= block_width; i++) {
          dimGrid.x = i;
          dimGrid.y = 1;
          needle_cuda_shared_1<<<dimGrid, dimBlock>>>(reference_cuda, matrix_cuda, max_cols, penalty, i,
                                                      block_width);
        }
        for (int i = block_width - 1; i >= 1; i--) {
          dimGrid.x = i;
          dimGrid.y = 1;
          needle_cuda_shared_2<<<dimGrid, dimBlock>>>(reference_cuda, matrix_cuda, max_cols, penalty, i,
                                                      block_width);
        }
      });
  real::hash h;
  h.add_device(matrix_cuda, size);
  real::print_hash(h);
  return 0;
}
