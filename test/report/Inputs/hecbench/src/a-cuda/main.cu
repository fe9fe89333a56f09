// A HeCBench-like program for hecbench-refusals.test: two copies the
// thread reads the destination of before the barrier (one reason, two
// copies, one program).
__global__ void k(const float *in, float *out) {
  __shared__ float s[256];
  unsigned t = threadIdx.x;
  s[t] = in[t];
  float v = s[(t + 1) % 256];
  __syncthreads();
  out[t] = v + s[255 - t];
}
__global__ void k2(const float *in, float *out) {
  __shared__ float s[256];
  unsigned t = threadIdx.x;
  s[t] = in[t + 7];
  float v = s[(t + 3) % 256];
  __syncthreads();
  out[t] = v + s[255 - t];
}
