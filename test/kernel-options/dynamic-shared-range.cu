// ferry:dynamic_shared is range-checked against the most shared memory one
// block may have on the target (227 KiB on sm_90, 163 KiB on sm_80): 0, a
// value past the limit, 2^32 and a value past 64 bits are compile errors at
// the kernel, never read as a huge size (which would have taken 16 stages
// and a run-time trap). The limit itself is accepted.
//
// RUN: not %ferry-cc --cuda-gpu-arch=sm_90a -O3 -S --cuda-device-only -o /dev/null %s 2>&1 \
// RUN:   | FileCheck --check-prefixes=CHECK,SM90 %s --implicit-check-not=error:
// RUN: not %ferry-cc --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only -o /dev/null %s 2>&1 \
// RUN:   | FileCheck --check-prefixes=CHECK,SM80 %s --implicit-check-not=error:

#define KERNEL(name, setting) \
  __global__ void __attribute__((annotate(setting))) name(int *out) { out[threadIdx.x] = 0; }

// SM90-DAG: dynamic-shared-range.cu:[[#@LINE+2]]:1: error: annotate("ferry:dynamic_shared=0"): give the bytes of dynamic shared memory the kernel is launched with, a number from 1 to 232448 (the most shared memory a block may have on sm_90a){{$}}
// SM80-DAG: dynamic-shared-range.cu:[[#@LINE+1]]:1: error: annotate("ferry:dynamic_shared=0"): give the bytes of dynamic shared memory the kernel is launched with, a number from 1 to 166912 (the most shared memory a block may have on sm_80){{$}}
KERNEL(zero, "ferry:dynamic_shared=0")
// CHECK-DAG: dynamic-shared-range.cu:[[#@LINE+1]]:1: error: annotate("ferry:dynamic_shared=4294967296"): give the bytes of dynamic shared memory the kernel is launched with, a number from 1 to
KERNEL(two_to_the_32, "ferry:dynamic_shared=4294967296")
// CHECK-DAG: dynamic-shared-range.cu:[[#@LINE+1]]:1: error: annotate("ferry:dynamic_shared=99999999999999999999"): give the bytes of dynamic shared memory the kernel is launched with, a number from 1 to
KERNEL(past_64_bits, "ferry:dynamic_shared=99999999999999999999")
// CHECK-DAG: dynamic-shared-range.cu:[[#@LINE+1]]:1: error: annotate("ferry:dynamic_shared=232449"): give the bytes of dynamic shared memory the kernel is launched with, a number from 1 to
KERNEL(past_sm90_limit, "ferry:dynamic_shared=232449")
// SM80-DAG: dynamic-shared-range.cu:[[#@LINE+1]]:1: error: annotate("ferry:dynamic_shared=232448"): give the bytes of dynamic shared memory the kernel is launched with, a number from 1 to 166912 (the most shared memory a block may have on sm_80)
KERNEL(sm90_limit, "ferry:dynamic_shared=232448")
// SM80-DAG: dynamic-shared-range.cu:[[#@LINE+1]]:1: error: annotate("ferry:dynamic_shared=166913"): give the bytes of dynamic shared memory the kernel is launched with, a number from 1 to 166912 (the most shared memory a block may have on sm_80)
KERNEL(past_sm80_limit, "ferry:dynamic_shared=166913")

KERNEL(sm80_limit, "ferry:dynamic_shared=166912")
KERNEL(one_byte, "ferry:dynamic_shared=1")
