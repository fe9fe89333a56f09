// README's memcpy_async example: a block copies a 4 KiB tile with one
// ferry_memcpy_async_group_aligned call (cp.async.bulk on sm_90, 16-byte
// cp.async on sm_80) and waits on a runtime barrier.
#include <ferry.h>
#include <ferry_memcpy_async.h>

__shared__ alignas(16) float tile[1024];
__shared__ ferry_barrier_t bar;

__global__ void load_tile(const float *in, float *out) {
  if (threadIdx.x == 0)
    ferry_barrier_init(&bar, blockDim.x);
  __syncthreads();
  ferry_memcpy_async_group_aligned(FERRY_GROUP_BLOCK, tile, in + blockIdx.x * 1024,
                                   sizeof tile, 16, &bar);
  ferry_barrier_arrive_and_wait(&bar);
  out[blockIdx.x * blockDim.x + threadIdx.x] = tile[threadIdx.x] * 2.0f;
}
