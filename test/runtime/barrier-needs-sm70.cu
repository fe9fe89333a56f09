// CUDA compiled for sm_61 or sm_60: a call to ferry's barrier or block
// pipeline is a compile error at the call in the device compilation, naming
// sm_70, never a crash of the code generator; with -DFERRY_DEBUG too, whose
// checked wrappers are what the calls then name. The host half compiles as
// before, and sm_70 compiles (ptxas accepts it).
//
// RUN: not %rt_cuda --cuda-gpu-arch=sm_61 %s -o /dev/null 2>&1 \
// RUN:   | FileCheck --check-prefixes=CHECK,PLAIN -DARCH="sm_61 (__CUDA_ARCH__ 610)" %s --implicit-check-not=error:
// RUN: not %rt_cuda --cuda-gpu-arch=sm_60 %s -o /dev/null 2>&1 \
// RUN:   | FileCheck --check-prefixes=CHECK,PLAIN -DARCH="sm_60 (__CUDA_ARCH__ 600)" %s --implicit-check-not=error:
// RUN: not %rt_cuda --cuda-gpu-arch=sm_61 -DFERRY_DEBUG %s -o /dev/null 2>&1 \
// RUN:   | FileCheck --check-prefixes=CHECK,DEBUG -DARCH="sm_61 (__CUDA_ARCH__ 610)" %s --implicit-check-not=error:
// RUN: %clang -x cuda --cuda-path=%cuda_path -Wno-unknown-cuda-version --cuda-gpu-arch=sm_61 \
// RUN:   --cuda-host-only -S -O2 -std=c++17 -Wall -Wextra -Werror -I%runtime_include %s -o /dev/null
// RUN: %rt_cuda --cuda-gpu-arch=sm_70 %s -o %t.sm70.ptx
// RUN: %ptxas -arch=sm_75 %t.sm70.ptx -o /dev/null

#include <ferry.h>

__global__ void load_tile(const unsigned *in, unsigned *out) {
  __shared__ ferry_barrier_t barrier;
  __shared__ FERRY_PIPELINE_SHARED_STATE(2) state;
  __shared__ unsigned tile[256];
  // PLAIN: barrier-needs-sm70.cu:[[#@LINE+2]]:{{[0-9]+}}: error: 'ferry_barrier_init' is unavailable: ferry's barrier and block pipeline need sm_70 or newer; this compilation targets [[ARCH]]
  // DEBUG: barrier-needs-sm70.cu:[[#@LINE+1]]:{{[0-9]+}}: error: 'ferry_barrier_init_checked' is unavailable: ferry's barrier and block pipeline need sm_70 or newer; this compilation targets [[ARCH]]
  ferry_barrier_init(&barrier, blockDim.x);
  __syncthreads();
  tile[threadIdx.x] = in[threadIdx.x];
  // CHECK: barrier-needs-sm70.cu:[[#@LINE+1]]:{{[0-9]+}}: error: 'ferry_barrier_arrive_and_wait' is unavailable: ferry's barrier and block pipeline need sm_70 or newer; this compilation targets [[ARCH]]
  ferry_barrier_arrive_and_wait(&barrier);
  // PLAIN: barrier-needs-sm70.cu:[[#@LINE+2]]:{{[0-9]+}}: error: 'ferry_pipeline_make_block' is unavailable: ferry's barrier and block pipeline need sm_70 or newer
  // DEBUG: barrier-needs-sm70.cu:[[#@LINE+1]]:{{[0-9]+}}: error: 'ferry_pipeline_make_block_checked' is unavailable: ferry's barrier and block pipeline need sm_70 or newer
  ferry_pipeline_t pipe = FERRY_PIPELINE_MAKE_BLOCK(&state);
  // CHECK: barrier-needs-sm70.cu:[[#@LINE+1]]:{{[0-9]+}}: error: 'ferry_pipeline_producer_acquire' is unavailable: ferry's barrier and block pipeline need sm_70 or newer
  ferry_pipeline_producer_acquire(&pipe);
  out[threadIdx.x] = tile[255 - threadIdx.x];
}
