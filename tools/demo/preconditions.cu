// Runtime calls whose constant arguments break a documented precondition:
// compile errors at the call (runtime/README.md, "Preconditions").
#include <ferry.h>

__device__ ferry_barrier_t global_barrier;

__global__ void misuse(const unsigned *in, unsigned *out) {
  ferry_access_property_t streaming = ferry_access_property_streaming();
  ferry_access_property_t mixed =
      ferry_access_property_interleaved(FERRY_ACCESS_PERSISTING, 1.5f, FERRY_ACCESS_STREAMING);
  out[threadIdx.x] = ferry_load_u32(in + threadIdx.x, mixed) + ferry_load_u32(in, streaming);
  ferry_barrier_init(&global_barrier, blockDim.x);
}
