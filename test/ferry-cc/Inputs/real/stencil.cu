// Stands in for a kernel file compiled alone (-c) by a public project's
// build line (see real-build-lines.test).
__global__ void stencil(float *out, const float *in, int n) {
  __shared__ float tile[258];
  int i = blockIdx.x * 256 + threadIdx.x;
  tile[threadIdx.x + 1] = in[i];
  if (threadIdx.x == 0)
    tile[0] = i > 0 ? in[i - 1] : 0.0f;
  if (threadIdx.x == 255)
    tile[257] = i + 1 < n ? in[i + 1] : 0.0f;
  __syncthreads();
  out[i] = 0.25f * tile[threadIdx.x] + 0.5f * tile[threadIdx.x + 1] + 0.25f * tile[threadIdx.x + 2];
}
