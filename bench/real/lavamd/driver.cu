// real-repo: yuhc/gpu-rodinia
// real-source: cuda/lavaMD/kernel/kernel_gpu_cuda.cu
// real-source: cuda/lavaMD/main.h
// Rodinia lavaMD: particle forces within a box and its 26 neighbours, one
// block of NUMBER_THREADS (128) per box, 100 particles a box; each block
// copies its home box and then each neighbour box into shared memory.
// The driver builds the boxes and their neighbour lists as main.c does
// (boxes1d boxes along each axis) and launches kernel_gpu_cuda once, as
// kernel_gpu_cuda_wrapper does.
#include "../real.cuh"

#include "yuhc/gpu-rodinia/cuda/lavaMD/main.h"
#include "yuhc/gpu-rodinia/cuda/lavaMD/kernel/kernel_gpu_cuda.cu"

int main(int argc, char **argv) {
  real::options o = real::parse(argc, argv);
  const int b1d = o.small ? 2 : 12;
  par_str par;
  par.alpha = 0.5;
  dim_str dim;
  std::memset(&dim, 0, sizeof dim);
  dim.boxes1d_arg = b1d;
  dim.number_boxes = (long)b1d * b1d * b1d;
  dim.space_elem = dim.number_boxes * NUMBER_PAR_PER_BOX;
  dim.space_mem = dim.space_elem * sizeof(FOUR_VECTOR);
  dim.space_mem2 = dim.space_elem * sizeof(fp);
  dim.box_mem = dim.number_boxes * sizeof(box_str);

  std::vector<box_str> boxes(dim.number_boxes);
  int nh = 0;
  for (int z = 0; z < b1d; z++)
    for (int y = 0; y < b1d; y++)
      for (int x = 0; x < b1d; x++, nh++) {
        box_str &b = boxes[nh];
        std::memset(&b, 0, sizeof b);
        b.x = x, b.y = y, b.z = z, b.number = nh, b.offset = (long)nh * NUMBER_PAR_PER_BOX;
        for (int dz = -1; dz < 2; dz++)
          for (int dy = -1; dy < 2; dy++)
            for (int dx = -1; dx < 2; dx++) {
              int nx = x + dx, ny = y + dy, nz = z + dz;
              if ((dx == 0 && dy == 0 && dz == 0) || nx < 0 || ny < 0 || nz < 0 || nx >= b1d ||
                  ny >= b1d || nz >= b1d)
                continue;
              nei_str &e = b.nei[b.nn++];
              e.x = nx, e.y = ny, e.z = nz;
              e.number = (nz * b1d + ny) * b1d + nx;
              e.offset = (long)e.number * NUMBER_PAR_PER_BOX;
            }
      }
  std::vector<FOUR_VECTOR> rv(dim.space_elem);
  std::vector<fp> qv(dim.space_elem);
  real::lcg rng(7);
  for (FOUR_VECTOR &r : rv)
    r.v = (rng.below(10) + 1) / 10.0, r.x = (rng.below(10) + 1) / 10.0, r.y = (rng.below(10) + 1) / 10.0,
    r.z = (rng.below(10) + 1) / 10.0;
  for (fp &q : qv)
    q = (rng.below(10) + 1) / 10.0;

  box_str *d_box;
  FOUR_VECTOR *d_rv, *d_fv;
  fp *d_qv;
  REAL_CHECK(cudaMalloc(&d_box, dim.box_mem));
  REAL_CHECK(cudaMalloc(&d_rv, dim.space_mem));
  REAL_CHECK(cudaMalloc(&d_qv, dim.space_mem2));
  REAL_CHECK(cudaMalloc(&d_fv, dim.space_mem));
  REAL_CHECK(cudaMemcpy(d_box, boxes.data(), dim.box_mem, cudaMemcpyHostToDevice));
  REAL_CHECK(cudaMemcpy(d_rv, rv.data(), dim.space_mem, cudaMemcpyHostToDevice));
  REAL_CHECK(cudaMemcpy(d_qv, qv.data(), dim.space_mem2, cudaMemcpyHostToDevice));
  dim3 threads(NUMBER_THREADS, 1), blocks(dim.number_boxes, 1);
  real::time_runs(
      o, [&] { REAL_CHECK(cudaMemset(d_fv, 0, dim.space_mem)); },
      [&] { kernel_gpu_cuda<<<blocks, threads>>>(par, dim, d_box, d_rv, d_qv, d_fv); });
  real::hash h;
  h.add_device(d_fv, dim.space_elem);
  real::print_hash(h);
  return 0;
}
