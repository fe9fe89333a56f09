// Calls the device runtime: ptxas fails on an unresolved ferry_barrier_*
// unless the runtime was linked into the device half.
#include <ferry.h>

__global__ void wait_on_barrier(int *out) {
  __shared__ ferry_barrier_t barrier;
  if (threadIdx.x == 0)
    ferry_barrier_init(&barrier, blockDim.x);
  __syncthreads();
  ferry_barrier_arrive_and_wait(&barrier);
  out[threadIdx.x] = 1;
}
