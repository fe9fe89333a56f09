// A caller that declares the barrier's functions by hand (so the headers'
// compile error cannot stop it) still never crashes the code generator
// below sm_70 or with no -march: the runtime's back-off emits nanosleep only
// for sm_70 and newer. ptxas then refuses the software barrier's sm_70
// atomics, saying so.
//
// RUN: %clang --target=nvptx64-nvidia-cuda -std=c17 -S -O2 -march=sm_61 \
// RUN:   -Xclang -mlink-builtin-bitcode -Xclang %runtime_bc %s -o %t.sm61.ptx
// RUN: FileCheck %s < %t.sm61.ptx
// RUN: not %ptxas -arch=sm_75 %t.sm61.ptx -o /dev/null 2>&1 | FileCheck --check-prefix=PTXAS %s
// RUN: %clang --target=nvptx64-nvidia-cuda -std=c17 -S -O0 \
// RUN:   -Xclang -mlink-builtin-bitcode -Xclang %runtime_bc %s -o %t.default.ptx
// RUN: FileCheck %s < %t.default.ptx
// RUN: not %ptxas -arch=sm_75 %t.default.ptx -o /dev/null 2>&1 | FileCheck --check-prefix=PTXAS %s

typedef struct {
  unsigned long long opaque;
} barrier_word;
void ferry_barrier_init(barrier_word *barrier, unsigned expected);
void ferry_barrier_arrive_and_wait(barrier_word *barrier);

static __attribute__((address_space(3))) barrier_word barrier;

// CHECK-LABEL: .entry hand_declared(
// CHECK-NOT: nanosleep
// CHECK: atom.acq_rel.cta.shared.add.u64
// CHECK-NOT: nanosleep
// PTXAS: error   : Feature '.acq_rel' requires .target sm_70 or higher
__attribute__((nvptx_kernel)) void hand_declared(unsigned *out) {
  ferry_barrier_init((barrier_word *)&barrier, 32);
  ferry_barrier_arrive_and_wait((barrier_word *)&barrier);
  out[0] = 1;
}
