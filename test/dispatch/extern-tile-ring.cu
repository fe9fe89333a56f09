// An extern __shared__ tile with no annotate("ferry:dynamic_shared"): the
// variant, named K__ferry_ring, rings it in the launch's dynamic shared
// memory, its stages chosen per launch (up to 64 for a block alone on its
// multiprocessor, else 16: as many as the launch's bytes hold of slots
// the tile's extent for the launch's block size apart), so it is right whatever dynamic size a launch gives (no trap,
// no static ring); the host gives its launches the stages' bytes. The
// kernel as written is untouched. Without the dispatch the loop is not
// pipelined (it needs the annotation).
//
// RUN: %ferry-cc --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only -gline-tables-only \
// RUN:   -Rpass=ferry -Rpass-analysis=ferry -o %t.ptx %s 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: FileCheck --check-prefix=PTX %s < %t.ptx
// RUN: %ptxas -arch=sm_80 %t.ptx -o /dev/null
// RUN: %ferry-cc --cuda-gpu-arch=sm_90a -O3 -S --cuda-device-only -o %t.sm90a.ptx %s
// RUN: %ptxas -arch=sm_90a %t.sm90a.ptx -o /dev/null
// RUN: %ferry-cc -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only \
// RUN:   -gline-tables-only -Rpass-analysis=ferry -o /dev/null %s 2>&1 | FileCheck --check-prefix=NEVER %s

#define LOOP                                                                                       \
  extern __shared__ int shared[];                                                                  \
  unsigned i = threadIdx.x;                                                                        \
  size_t grid_size = (size_t)gridDim.x * blockDim.x;                                               \
  for (int batch = 0; batch < batches; batch++) {                                                  \
    size_t block_batch = blockIdx.x * blockDim.x + grid_size * batch;                              \
    shared[i] = in[block_batch + i];                                                               \
    __syncthreads();                                                                               \
    out[block_batch + i] = shared[i] * 3 + shared[(i + 1) % blockDim.x];                           \
    __syncthreads();                                                                               \
  }

// REMARK-DAG: extern-tile-ring.cu:[[#@LINE+2]]:{{[0-9]+}}: remark: converted a 4-byte global-to-shared copy to cp.async.ca and pipelined its loop over S stages chosen per launch: {{.*}}(S: as many as the launch's dynamic shared memory holds, at most 64: the most stages ferry chooses by itself, which a launch gets only where its block is alone on a multiprocessor, and 16 elsewhere)
// REMARK-DAG: extern-tile-ring.cu:[[#@LINE+1]]:{{[0-9]+}}: remark: the kernel stays as written and its converted copy is the variant _Z4seedPiPKii__ferry_ring, whose extern __shared__ tile's ring takes its stages from the launch's dynamic shared memory
__global__ void seed(int *__restrict__ out, const int *__restrict__ in, int batches) { LOOP }

// REMARK-DAG: extern-tile-ring.cu:[[#@LINE+2]]:{{[0-9]+}}: remark: converted a 4-byte global-to-shared copy to cp.async.ca and pipelined its loop over S stages chosen per launch
// REMARK-DAG: extern-tile-ring.cu:[[#@LINE+1]]:{{[0-9]+}}: remark: the kernel stays as written and its converted copy is the variant _Z8seed_256PiPKii__ferry_ring
__global__ void __launch_bounds__(256) seed_256(int *__restrict__ out, const int *__restrict__ in, int batches) { LOOP }

// NEVER: remark: the copy loop is not pipelined: the destination is an extern __shared__ array; to pipeline it, give the kernel annotate("ferry:dynamic_shared=BYTES")
// NEVER: remark: the copy loop is not pipelined: the destination is an extern __shared__ array; to pipeline it, give the kernel annotate("ferry:dynamic_shared=BYTES")

// PTX-LABEL: .visible .entry _Z4seedPiPKii(
// PTX-NOT: cp.async
// PTX-LABEL: .visible .entry _Z8seed_256PiPKii(
// PTX-NOT: cp.async
// PTX-NOT: .shared .align 16 .b8 {{.*}}ring
// PTX-LABEL: .visible .entry _Z4seedPiPKii__ferry_ring(
// PTX-NOT: trap
// PTX: %dynamic_smem_size;
// PTX-NOT: trap
// PTX: cp.async.wait_group 15;
// PTX-LABEL: .visible .entry _Z8seed_256PiPKii__ferry_ring(
// PTX-NOT: trap
// PTX: %dynamic_smem_size;
// PTX-NOT: trap
// PTX: cp.async.wait_group 15;
