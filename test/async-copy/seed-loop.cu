// The seeds' copy-and-compute loop ("Without memcpy_async", seeds/003),
// made concrete: cooperative groups as in the seed, the loop bound spelled
// batch_sz, and a compute that reads this thread's element and its
// neighbour's. Built by ferry-cc from CUDA source with the prefetch off
// (by default ferry-prefetch takes this loop: test/prefetch/), the copy
// shared[local_idx] = global_in[global_idx] becomes a cp.async, waited for
// right before the first block.sync() of each iteration, not the second.
//
// cooperative_groups.h needs CUDA 13's cccl headers, which clang 22 does
// not add to the include path by itself.
//
// RUN: %ferry-cc -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only -DNDEBUG -mllvm -ferry-prefetch=never \
// RUN:   -I%cuda_path/include/cccl -Rpass=ferry -Rpass-missed=ferry \
// RUN:   -o %t.sm80.ptx %s 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: FileCheck --check-prefix=PTX %s < %t.sm80.ptx
// RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null
// RUN: %ferry-cc -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_90a -O3 -S --cuda-device-only -DNDEBUG -mllvm -ferry-prefetch=never \
// RUN:   -I%cuda_path/include/cccl -Rpass=ferry -Rpass-missed=ferry \
// RUN:   -o %t.sm90a.ptx %s 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: FileCheck --check-prefix=PTX %s < %t.sm90a.ptx
// RUN: %ptxas -arch=sm_90a %t.sm90a.ptx -o /dev/null
//
// With assert() enabled, as the seed is written, an __assertfail call lies
// on the path into the loop: it ends the thread and touches no memory a
// copy could be observed through, so the copy is converted all the same.
// RUN: %ferry-cc -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only -mllvm -ferry-prefetch=never \
// RUN:   -I%cuda_path/include/cccl -Rpass=ferry -Rpass-missed=ferry \
// RUN:   -o %t.assert.ptx %s 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: FileCheck --check-prefix=ASSERT-PTX %s < %t.assert.ptx
// RUN: %ptxas -arch=sm_80 %t.assert.ptx -o /dev/null

// By default: the copy stays plain and its source is prefetched.
// RUN: %ferry-cc -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only -DNDEBUG \
// RUN:   -I%cuda_path/include/cccl -o %t.default.ptx %s
// RUN: FileCheck --check-prefix=DEFAULT %s < %t.default.ptx
// RUN: %ptxas -arch=sm_80 %t.default.ptx -o /dev/null
// DEFAULT-LABEL: .entry _Z20without_memcpy_asyncPiPKimm(
// DEFAULT-NOT:   cp.async
// DEFAULT:       prefetch.global.L2
// DEFAULT:       ld.global.b32
// DEFAULT-NOT:   cp.async
// DEFAULT:       ret;

#include <cooperative_groups.h>
#include <cassert>
namespace cg = cooperative_groups;

__device__ void compute(int *global_out, int const *shared_in) {
  // Computes using all values of current batch from shared memory.
  // Stores this thread's result back to global memory.
  unsigned i = threadIdx.x;
  global_out[i] = shared_in[i] * 3 + shared_in[(i + 1) % blockDim.x];
}

__global__ void without_memcpy_async(int *global_out, int const *global_in,
                                     size_t size, size_t batch_sz) {
  auto grid = cg::this_grid();
  auto block = cg::this_thread_block();
  assert(size == batch_sz * grid.size()); // Exposition: input size fits batch_sz * grid_size

  extern __shared__ int shared[]; // block.size() * sizeof(int) bytes

  size_t local_idx = block.thread_rank();

  for (size_t batch = 0; batch < batch_sz; batch++) {
    // Compute the index of the current batch for this block in global memory
    size_t block_batch_idx = block.group_index().x * block.size() + grid.size() * batch;
    size_t global_idx = block_batch_idx + local_idx;
    shared[local_idx] = global_in[global_idx];
    // REMARK: seed-loop.cu:[[@LINE-1]]:23: remark: converted {{a|the block's}} 4-byte global-to-shared cop{{y|ies}} to {{.*}}cp.async

    block.sync(); // Wait for all copies to compute

    compute(global_out + block_batch_idx, shared); // Compute and write result to global memory

    block.sync(); // Wait for compute using shared memory to finish
  }
}

// REMARK-NOT: remark:

// One commit + wait in the kernel, right before a barrier (block.sync() is
// barrier.sync, the non-.aligned bar.sync).
// PTX-LABEL: .entry _Z20without_memcpy_asyncPiPKimm(
// PTX-NOT:     ld.global.b32
// PTX-NOT:     cp.async.commit_group
// PTX:         cp.async.{{ca|cg}}.shared.global [{{.+}}], [{{.+}}], {{4|16}};
// PTX-NOT:     {{bar|barrier}}.sync
// PTX:         cp.async.commit_group;
// PTX-NEXT:    cp.async.wait_group 0;
// PTX-NEXT:    {{bar|barrier}}.sync 0;
// PTX-NOT:     cp.async
// PTX:         {{bar|barrier}}.sync 0;
// PTX-NOT:     cp.async
// PTX:         ret;

// The assert build: the same conversion, with the assertion's call kept.
// ASSERT-PTX-LABEL: .entry _Z20without_memcpy_asyncPiPKimm(
// ASSERT-PTX:         call.uni __assertfail
// ASSERT-PTX:         cp.async.{{ca|cg}}.shared.global [{{.+}}], [{{.+}}], {{4|16}};
// ASSERT-PTX:         cp.async.commit_group;
// ASSERT-PTX-NEXT:    cp.async.wait_group 0;
// ASSERT-PTX-NEXT:    {{bar|barrier}}.sync 0;

// -ferry-dispatch=never in the RUN lines: the kernels are converted in place,
// as this test checks; test/dispatch/ checks the launch dispatch's variants.
