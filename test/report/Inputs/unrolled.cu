// Four copies a thread from one source line (an unrolled loop): four
// remarks at one location, four copies.
__global__ void four_rows(float *out, const float *in) {
  __shared__ float tile[4][256];
#pragma unroll
  for (int row = 0; row < 4; row++)
    tile[row][threadIdx.x] = in[(blockIdx.x * 4 + row) * 256 + threadIdx.x];
  __syncthreads();
  out[blockIdx.x * 256 + threadIdx.x] = tile[threadIdx.x % 4][255 - threadIdx.x];
}
