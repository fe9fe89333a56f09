// A variant's relocated ring (an extern __shared__ tile with no
// annotation, in a module where a device function reads an extern
// __shared__ array too: its stages are not chosen per launch in the
// dynamic memory, which the ring would overlay) is static shared memory:
// the loops pipelined
// after it count it against the 48 KiB a kernel may have. Here it takes
// 16 KiB first, and three 1 KiB static tiles follow: 16, 8 and 8 stages
// (48 KiB in all); counted as nothing, they would take 16 each and ptxas
// would refuse the kernel (64 KiB).
//
// RUN: %ferry-cc --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only -gline-tables-only \
// RUN:   -Rpass=ferry -Rpass-analysis=ferry -o %t.ptx %s 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: %ptxas -arch=sm_80 %t.ptx -o /dev/null
// RUN: FileCheck --check-prefix=PTX %s < %t.ptx

#define LOOP(TILE, COUNTER)                                                                        \
  for (COUNTER batch = 0; batch < batches; batch++) {                                              \
    size_t block_batch = blockIdx.x * blockDim.x + grid_size * batch;                              \
    TILE[i] = in[block_batch + i];                                                                 \
    __syncthreads();                                                                               \
    out[block_batch + i] += TILE[i] * 3 + TILE[(i + 1) % blockDim.x];                              \
    __syncthreads();                                                                               \
  }

__device__ __noinline__ int peek(unsigned i) {
  extern __shared__ int elsewhere[];
  return elsewhere[i];
}

__global__ void __launch_bounds__(256) four(int *__restrict__ out, const int *__restrict__ in,
                                            int batches) {
  extern __shared__ int dynamic_tile[];
  __shared__ int a[256], b[256], c[256];
  unsigned i = threadIdx.x;
  size_t grid_size = (size_t)gridDim.x * blockDim.x;
  // REMARK: extern-tile-ring-budget.cu:[[#@LINE+2]]:{{[0-9]+}}: remark: {{.*}}pipelined its loop over 16 stages
  // REMARK: extern-tile-ring-budget.cu:[[#@LINE+1]]:{{[0-9]+}}: remark: the extern __shared__ tile's ring is a static array of its own, its stages fixed at compile time, not chosen per launch in the launch's dynamic shared memory: a function other than a kernel uses an extern __shared__ array
  LOOP(dynamic_tile, long)
  // REMARK: extern-tile-ring-budget.cu:[[#@LINE+1]]:{{[0-9]+}}: remark: {{.*}}pipelined its loop over 16 stages
  LOOP(a, int)
  // REMARK: extern-tile-ring-budget.cu:[[#@LINE+1]]:{{[0-9]+}}: remark: {{.*}}pipelined its loop over 8 stages
  LOOP(b, int)
  // REMARK: extern-tile-ring-budget.cu:[[#@LINE+1]]:{{[0-9]+}}: remark: {{.*}}pipelined its loop over 8 stages
  LOOP(c, int)
  out[i] += peek(i);
}

// PTX-LABEL: .visible .entry _Z4fourPiPKii__ferry(
// PTX-DAG: .shared .align 16 .b8 {{.*}}dynamic_tile{{.*}}ring{{.*}}[16384];
// PTX-DAG: .shared .align 16 .b8 {{.*}}[16384];
// PTX-DAG: .shared .align 16 .b8 {{.*}}[8192];
// PTX-DAG: .shared .align 16 .b8 {{.*}}[8192];
