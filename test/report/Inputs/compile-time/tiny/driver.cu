// real-flags: -DTINY_SCALE=3
// A program for compile_time.py's test: a copy into shared memory that ferry
// converts, and a host half that launches it.
__global__ void tiny(int *out, const int *in) {
  __shared__ int tile[128];
  tile[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = tile[127 - threadIdx.x] * TINY_SCALE;
}

int main() {
  tiny<<<1, 128>>>(nullptr, nullptr);
  return 0;
}
