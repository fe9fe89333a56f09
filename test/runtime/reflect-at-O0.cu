// At -O0 nothing is inlined and no optimisation deletes dead code, yet each
// target's PTX must hold only its own implementation: the NVVMReflect pass
// in the code generator folds __nvvm_reflect("__CUDA_ARCH") and removes the
// branches for other targets. The runtime functions stay separate .func's
// here, each with one implementation.
//
// RUN: %rt_cuda -O0 --cuda-gpu-arch=sm_70 %s -o %t.sm70.ptx
// RUN: FileCheck --check-prefix=SM70 %s < %t.sm70.ptx
// RUN: not grep -E 'mbarrier|cp\.async|createpolicy|reflect' %t.sm70.ptx
// RUN: %ptxas -arch=sm_75 %t.sm70.ptx -o /dev/null
// RUN: %rt_cuda -O0 --cuda-gpu-arch=sm_80 %s -o %t.sm80.ptx
// RUN: FileCheck --check-prefix=SM80 %s < %t.sm80.ptx
// RUN: not grep -E 'mbarrier\.try_wait|mbarrier\.expect_tx|ld\.acquire|reflect' %t.sm80.ptx
// RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null
// RUN: %rt_cuda -O0 --cuda-gpu-arch=sm_90a %s -o %t.sm90.ptx
// RUN: FileCheck --check-prefix=SM90 %s < %t.sm90.ptx
// RUN: not grep -E 'ld\.acquire|reflect' %t.sm90.ptx
// RUN: %ptxas -arch=sm_90a %t.sm90.ptx -o /dev/null

#include <ferry.h>

// SM70: call.uni ferry_barrier_arrive_and_wait,
// SM80: call.uni ferry_barrier_arrive_and_wait,
// SM90: call.uni ferry_barrier_arrive_and_wait,
// SM70: .func ferry_barrier_arrive_and_wait(
// SM70: atom.acq_rel.cta.shared.add.u64
// SM70: ld.acquire.cta.shared.u64
// SM80: .func ferry_barrier_arrive_and_wait(
// SM80: mbarrier.arrive.shared.b64
// SM80: mbarrier.test_wait.shared.b64
// SM90: .func ferry_barrier_arrive_and_wait(
// SM90: mbarrier.arrive.shared.b64
// SM90: mbarrier.try_wait.shared::cta.b64
extern "C" __global__ void kernel(unsigned long long *out, float probability) {
  __shared__ ferry_barrier_t barrier;
  if (threadIdx.x == 0)
    ferry_barrier_init(&barrier, blockDim.x);
  __syncthreads();
  ferry_barrier_arrive_and_wait(&barrier);
  ferry_barrier_expect_tx(&barrier, 16);
  out[0] = ferry_access_property_interleaved(FERRY_ACCESS_PERSISTING, probability, FERRY_ACCESS_STREAMING).policy;
}
