// A copy alone in its phase, which the cost model alone would leave as
// written: under the launch dispatch it converts in the kernel's trial
// variant (K__ferry_trial) only. Lines are the tests'.
__global__ void lone(unsigned *out, const unsigned *in) {
  __shared__ unsigned s[256];
  s[threadIdx.x] = in[blockIdx.x * 256 + threadIdx.x];
  __syncthreads();
  out[blockIdx.x * 256 + threadIdx.x] = s[255 - threadIdx.x];
}
