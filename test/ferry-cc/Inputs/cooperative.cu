// Includes cooperative_groups.h, which needs CUDA 13's CCCL headers
// (cuda/std/...): found through nvcc.profile's SYSTEM_INCLUDES.
#include <cooperative_groups.h>
#include <cuda/std/type_traits>

namespace cg = cooperative_groups;

__global__ void block_sum(float *out, const float *in) {
  static_assert(cuda::std::is_same_v<float, float>);
  __shared__ float tile[128];
  cg::thread_block block = cg::this_thread_block();
  tile[block.thread_rank()] = in[blockIdx.x * 128 + block.thread_rank()];
  block.sync();
  if (block.thread_rank() == 0) {
    float sum = 0;
    for (int i = 0; i < 128; i++)
      sum += tile[i];
    out[blockIdx.x] = sum;
  }
}

void launch_block_sum(float *out, const float *in, int blocks) { block_sum<<<blocks, 128>>>(out, in); }
