// A ring of 16-byte chunks (2-byte elements) whose stages the kernel
// chooses as it runs (stages-as-the-kernel-runs.test).
__global__ void shorts(unsigned *__restrict__ out, const unsigned short *__restrict__ in, long n) {
  __shared__ unsigned short tile[256];
  unsigned t = threadIdx.x;
  unsigned acc = 0;
  for (long b = 0; b < n; b++) {
    tile[t] = in[b * 256 + t];
    __syncthreads();
    acc += tile[t] * 3u + tile[t ^ 1];
    __syncthreads();
  }
  out[blockIdx.x * 256 + t] = acc;
}
