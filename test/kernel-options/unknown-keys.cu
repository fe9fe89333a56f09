// After "ferry:" comes one of ferry's settings, spelt exactly, and '=' with
// a value: an empty, misspelt or differently cased key, a space before the
// '=', or a setting with no value is a compile error at the kernel that
// lists what is accepted. Annotations without the "ferry:" prefix are not
// ferry's business.
//
// RUN: not %ferry-cc --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only -o /dev/null %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:

#define KERNEL(name, setting) \
  __global__ void __attribute__((annotate(setting))) name(int *out) { out[threadIdx.x] = 0; }

// CHECK-DAG: unknown-keys.cu:[[#@LINE+1]]:1: error: annotate("ferry:"): no such ferry setting; ferry's kernel settings are ferry:stages=N, ferry:dynamic_shared=BYTES and ferry:bulk=auto|always|never
KERNEL(empty_key, "ferry:")
// CHECK-DAG: unknown-keys.cu:[[#@LINE+1]]:1: error: annotate("ferry:Stages=4"): no such ferry setting; ferry's kernel settings are
KERNEL(capital, "ferry:Stages=4")
// CHECK-DAG: unknown-keys.cu:[[#@LINE+1]]:1: error: annotate("ferry:stages =4"): no such ferry setting; ferry's kernel settings are
KERNEL(space_before_equals, "ferry:stages =4")
// CHECK-DAG: unknown-keys.cu:[[#@LINE+1]]:1: error: annotate("ferry:dynamic-shared=4096"): no such ferry setting; ferry's kernel settings are
KERNEL(dash, "ferry:dynamic-shared=4096")
// CHECK-DAG: unknown-keys.cu:[[#@LINE+1]]:1: error: annotate("ferry:dynamic_shared"): the setting needs a value after '=': give the bytes of dynamic shared memory the kernel is launched with, a number from 1 to 166912
KERNEL(bytes_without_value, "ferry:dynamic_shared")
// CHECK-DAG: unknown-keys.cu:[[#@LINE+1]]:1: error: annotate("ferry:bulk"): the setting needs a value after '=': the value must be auto, always or never
KERNEL(bulk_without_value, "ferry:bulk")
// CHECK-DAG: unknown-keys.cu:[[#@LINE+1]]:1: error: annotate("ferry:bulk=Always"): the value must be auto, always or never
KERNEL(bulk_capital, "ferry:bulk=Always")

KERNEL(not_ours, "someone-else:stages=3")
KERNEL(not_ours_either, "ferry-stages=3")
