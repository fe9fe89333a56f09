// Three kernels for ferry-report: a copy loop ferry pipelines, a single copy it converts (another
// load before its barrier gives its latency something to overlap), and a copy it leaves as written
// (the value it loads is also used by the thread itself, before its barrier). Lines are the tests'.
__global__ void pipelined(int *__restrict__ out, const int *__restrict__ in, unsigned long batches) {
  __shared__ int tile[256];
  for (unsigned long b = 0; b < batches; b++) {
    tile[threadIdx.x] = in[(b * gridDim.x + blockIdx.x) * 256 + threadIdx.x];
    __syncthreads();
    out[blockIdx.x * 256 + threadIdx.x] += tile[(threadIdx.x + 1) % 256];
    __syncthreads();
  }
}

__global__ void converted(float *out, const float *in) {
  __shared__ float tile[256];
  tile[threadIdx.x] = in[blockIdx.x * 256 + threadIdx.x];
  float scale = in[gridDim.x * 256]; __syncthreads();
  out[blockIdx.x * 256 + threadIdx.x] = tile[255 - threadIdx.x] * scale;
}

__global__ void refused(float *out, const float *in) {
  __shared__ float tile[256];
  tile[threadIdx.x] = in[blockIdx.x * 256 + threadIdx.x];
  float own = tile[threadIdx.x];
  int any = __syncthreads_or(own > 0.0f);
  out[blockIdx.x * 256 + threadIdx.x] = tile[255 - threadIdx.x] + own + any;
}
