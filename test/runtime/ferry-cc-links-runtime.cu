// ferry-cc links build/lib/ferry-rt.bc into device compilations: the device
// PTX has the runtime's instructions and no calls left to it (they are
// inlined), a whole CUDA compile (host and device) succeeds without
// warnings, and the host side defines no runtime function and is otherwise
// untouched. Plain C for nvptx64 gets the runtime too; a host-only C++
// compile does not get the flags at all.
//
// RUN: %ferry-cc --cuda-gpu-arch=sm_80 -O2 -S --cuda-device-only %s -o %t.sm80.ptx
// RUN: FileCheck --check-prefix=DEVICE %s < %t.sm80.ptx
// RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null
// RUN: %ferry-cc --cuda-gpu-arch=sm_80 --cuda-gpu-arch=sm_90a -O2 -c %s -o %t.o 2>&1 \
// RUN:   | count 0
// RUN: %ferry-cc --cuda-gpu-arch=sm_80 -O2 -S -emit-llvm --cuda-host-only %s -o %t.host.ll 2>&1 \
// RUN:   | count 0
// RUN: FileCheck --check-prefix=HOST %s < %t.host.ll
// The library reaches the host half too (clang cannot give -Xclang to one
// half only), where it must change nothing: the host IR is byte-identical.
// RUN: %clang -x cuda --cuda-path=%cuda_path -Wno-unknown-cuda-version --cuda-gpu-arch=sm_80 -O2 \
// RUN:   -S -emit-llvm --cuda-host-only -I%runtime_include %s -o %t.host-plain.ll
// RUN: %clang -x cuda --cuda-path=%cuda_path -Wno-unknown-cuda-version --cuda-gpu-arch=sm_80 -O2 \
// RUN:   -S -emit-llvm --cuda-host-only -I%runtime_include -Xclang -mlink-builtin-bitcode \
// RUN:   -Xclang %runtime_bc -Xarch_host -Wno-linker-warnings %s -o %t.host-linked.ll
// RUN: diff %t.host-plain.ll %t.host-linked.ll
// RUN: %ferry-cc --target=nvptx64-nvidia-cuda -march=sm_90a -O2 -S -x c %S/Inputs/plain-c-kernel.c -o %t.c.ptx
// RUN: FileCheck --check-prefix=PLAIN-C %s < %t.c.ptx
// RUN: %ptxas -arch=sm_90a %t.c.ptx -o /dev/null
// RUN: env FERRY_CC_VERBOSE=1 %ferry-cc -x c++ -fsyntax-only /dev/null 2>&1 | FileCheck --check-prefix=HOST-ONLY %s
// HOST-ONLY-NOT: mlink-builtin-bitcode

#include <ferry.h>

// DEVICE-LABEL: .entry kernel(
// DEVICE: mbarrier.init.shared.b64
// DEVICE: mbarrier.arrive.shared.b64
// DEVICE: mbarrier.test_wait.shared.b64
// DEVICE-NOT: call
// DEVICE: ret;
// HOST-NOT: define {{.*}}@ferry_
// HOST: define {{.*}}@main(
// HOST-NOT: define {{.*}}@ferry_
extern "C" __global__ void kernel(int *out) {
  __shared__ ferry_barrier_t barrier;
  if (threadIdx.x == 0)
    ferry_barrier_init(&barrier, blockDim.x);
  __syncthreads();
  ferry_barrier_arrive_and_wait(&barrier);
  out[threadIdx.x] = 1;
}

int main() { return 0; }

// PLAIN-C-LABEL: .entry plain_c(
// PLAIN-C: createpolicy.fractional.L2::evict_last.L2::evict_unchanged.b64
// PLAIN-C: ld.global.L2::cache_hint.u32
// PLAIN-C-NOT: call
// PLAIN-C: ret;
