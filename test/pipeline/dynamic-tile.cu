// An extern __shared__ tile is pipelined when the kernel says how much
// dynamic shared memory it is launched with: the slots lie one tile's
// extent apart inside it. The extent is bounded from the accesses:
// tile[t] and tile[t ^ 1] with t < 256 (__launch_bounds__) end by byte
// 4 * 255 + 4 = 1024, so 16 KiB hold 16 stages; without launch bounds
// t < 1024 gives 4096 bytes a stage, 4 stages. A launch with less memory
// than the ring needs traps before any copy (%dynamic_smem_size).
//
// RUN: %ferry-cc -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only -gline-tables-only \
// RUN:   -Rpass=ferry -Rpass-analysis=ferry -o %t.ptx %s 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: FileCheck --check-prefix=PTX %s < %t.ptx
// RUN: %ptxas -arch=sm_80 %t.ptx -o /dev/null
// RUN: %ferry-cc -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_90a -O3 -S --cuda-device-only -o %t.sm90a.ptx %s
// RUN: %ptxas -arch=sm_90a %t.sm90a.ptx -o /dev/null

#define COPY_LOOP                                                                                  \
  extern __shared__ int tile[];                                                                    \
  int t = threadIdx.x, acc = 0;                                                                    \
  for (int b = 0; b < n; b++) {                                                                    \
    tile[t] = in[(b * gridDim.x + blockIdx.x) * blockDim.x + t];                                   \
    __syncthreads();                                                                               \
    acc += tile[t] * 3 + tile[t ^ 1];                                                              \
    __syncthreads();                                                                               \
  }                                                                                                \
  out[blockIdx.x * blockDim.x + t] = acc;

__global__ void __launch_bounds__(256) __attribute__((annotate("ferry:dynamic_shared=16384")))
bounded(const int *__restrict__ in, int *__restrict__ out, int n) { COPY_LOOP }

__global__ void __attribute__((annotate("ferry:dynamic_shared=16384")))
unbounded(const int *__restrict__ in, int *__restrict__ out, int n) { COPY_LOOP }

__global__ void __launch_bounds__(256) __attribute__((annotate("ferry:dynamic_shared=1024")))
one_tile(const int *__restrict__ in, int *__restrict__ out, int n) { COPY_LOOP }

// REMARK-DAG: dynamic-tile.cu:28:{{[0-9]+}}: remark: {{.*}} pipelined its loop over 16 stages: {{.*}} (16 stages: the most stages ferry chooses by itself)
// REMARK-DAG: dynamic-tile.cu:31:{{[0-9]+}}: remark: {{.*}} pipelined its loop over 4 stages: {{.*}} (4 stages: 8 stages of 4096 bytes would exceed the dynamic shared memory of annotate("ferry:dynamic_shared") (16384 bytes))
// REMARK-DAG: dynamic-tile.cu:34:{{[0-9]+}}: remark: the copy loop is not pipelined: two stages of 1024 bytes do not fit in the 1024 bytes of annotate("ferry:dynamic_shared")

// The check of the launch, then slots 1024 bytes apart inside the array.
// PTX-LABEL: .entry _Z7boundedPKiPii(
// PTX:         mov.u32 [[SIZE:%r[0-9]+]], %dynamic_smem_size;
// PTX-NEXT:    setp.gt.u32 {{%p[0-9]+}}, [[SIZE]], 16383;
// PTX-DAG:     cp.async.wait_group 15;
// PTX-DAG:     trap;
// PTX-LABEL: .entry _Z9unboundedPKiPii(
// PTX:         mov.u32 [[SIZE:%r[0-9]+]], %dynamic_smem_size;
// PTX-NEXT:    setp.gt.u32 {{%p[0-9]+}}, [[SIZE]], 16383;
// PTX:         cp.async.wait_group 3;
// PTX-LABEL: .entry _Z8one_tilePKiPii(
// PTX-NOT:     %dynamic_smem_size
// PTX:         cp.async.wait_group 0;

// -ferry-dispatch=never in the RUN lines: the kernels are converted in place,
// as this test checks; test/dispatch/ checks the launch dispatch's variants.
