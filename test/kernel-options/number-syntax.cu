// A number in a kernel annotation is decimal digits alone: a sign, a space
// (before or after), a leading zero, a fraction or hex is a compile error at
// the kernel naming the annotation and what is accepted, not read as the
// number it resembles. Well-formed values on other kernels pass silently.
//
// RUN: not %ferry-cc --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only -o /dev/null %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:

#define KERNEL(name, setting) \
  __global__ void __attribute__((annotate(setting))) name(int *out) { out[threadIdx.x] = 0; }

// CHECK-DAG: number-syntax.cu:[[#@LINE+1]]:1: error: annotate("ferry:stages=+4"): the stages must be 1 (no pipelining), 2, 4, 8 or 16, in decimal digits alone (no sign, space or leading zero)
KERNEL(plus_sign, "ferry:stages=+4")
// CHECK-DAG: number-syntax.cu:[[#@LINE+1]]:1: error: annotate("ferry:stages=04"): the stages must be 1 (no pipelining), 2, 4, 8 or 16, in decimal digits alone
KERNEL(leading_zero, "ferry:stages=04")
// CHECK-DAG: number-syntax.cu:[[#@LINE+1]]:1: error: annotate("ferry:stages= 4"): the stages must be 1 (no pipelining), 2, 4, 8 or 16, in decimal digits alone
KERNEL(space_before, "ferry:stages= 4")
// CHECK-DAG: number-syntax.cu:[[#@LINE+1]]:1: error: annotate("ferry:stages=4 "): the stages must be 1 (no pipelining), 2, 4, 8 or 16, in decimal digits alone
KERNEL(space_after, "ferry:stages=4 ")
// CHECK-DAG: number-syntax.cu:[[#@LINE+1]]:1: error: annotate("ferry:stages=-4"): the stages must be 1 (no pipelining), 2, 4, 8 or 16, in decimal digits alone
KERNEL(minus_sign, "ferry:stages=-4")
// CHECK-DAG: number-syntax.cu:[[#@LINE+1]]:1: error: annotate("ferry:stages=4.0"): the stages must be 1 (no pipelining), 2, 4, 8 or 16, in decimal digits alone
KERNEL(fraction, "ferry:stages=4.0")
// CHECK-DAG: number-syntax.cu:[[#@LINE+1]]:1: error: annotate("ferry:stages=0x4"): the stages must be 1 (no pipelining), 2, 4, 8 or 16, in decimal digits alone
KERNEL(hexadecimal, "ferry:stages=0x4")
// CHECK-DAG: number-syntax.cu:[[#@LINE+1]]:1: error: annotate("ferry:stages="): the stages must be 1 (no pipelining), 2, 4, 8 or 16, in decimal digits alone
KERNEL(empty, "ferry:stages=")
// CHECK-DAG: number-syntax.cu:[[#@LINE+1]]:1: error: annotate("ferry:dynamic_shared=-5"): give the bytes of dynamic shared memory the kernel is launched with, a number from 1 to 166912 (the most shared memory a block may have on sm_80), in decimal digits alone (no sign, space or leading zero)
KERNEL(negative_bytes, "ferry:dynamic_shared=-5")
// CHECK-DAG: number-syntax.cu:[[#@LINE+1]]:1: error: annotate("ferry:dynamic_shared=+16384"): give the bytes of dynamic shared memory the kernel is launched with, a number from 1 to 166912 (the most shared memory a block may have on sm_80), in decimal digits alone
KERNEL(signed_bytes, "ferry:dynamic_shared=+16384")
// CHECK-DAG: number-syntax.cu:[[#@LINE+1]]:1: error: annotate("ferry:dynamic_shared=016384"): give the bytes of dynamic shared memory the kernel is launched with, a number from 1 to 166912 (the most shared memory a block may have on sm_80), in decimal digits alone
KERNEL(octal_looking_bytes, "ferry:dynamic_shared=016384")

KERNEL(four_stages, "ferry:stages=4")
KERNEL(one_stage, "ferry:stages=1")
KERNEL(sixteen_stages, "ferry:stages=16")
KERNEL(some_bytes, "ferry:dynamic_shared=16384")
