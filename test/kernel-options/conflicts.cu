// Two annotations of one kernel that give one setting different values are
// a compile error naming both, not a silent choice of one. The same value
// twice, and different settings together, are fine.
//
// RUN: not %ferry-cc --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only -o /dev/null %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=error:

// CHECK-DAG: conflicts.cu:[[#@LINE+2]]:{{[0-9]+}}: error: annotate("ferry:stages=4") conflicts with annotate("ferry:stages=2") on the same kernel: give ferry:stages once
__global__ void __attribute__((annotate("ferry:stages=2"))) __attribute__((annotate("ferry:stages=4")))
two_stage_counts(int *out) { out[threadIdx.x] = 0; }

// CHECK-DAG: conflicts.cu:[[#@LINE+2]]:{{[0-9]+}}: error: annotate("ferry:bulk=never") conflicts with annotate("ferry:bulk=always") on the same kernel: give ferry:bulk once
__global__ void __attribute__((annotate("ferry:bulk=always"))) __attribute__((annotate("ferry:bulk=never")))
two_bulk_choices(int *out) { out[threadIdx.x] = 0; }

// A redeclaration adds its annotations to the definition's.
// CHECK-DAG: conflicts.cu:[[#@LINE+3]]:{{[0-9]+}}: error: annotate("ferry:dynamic_shared=8192") conflicts with annotate("ferry:dynamic_shared=4096") on the same kernel: give ferry:dynamic_shared once
__global__ void __attribute__((annotate("ferry:dynamic_shared=4096"))) two_sizes(int *out);
__global__ void __attribute__((annotate("ferry:dynamic_shared=8192")))
two_sizes(int *out) { out[threadIdx.x] = 0; }

__global__ void __attribute__((annotate("ferry:stages=4"))) __attribute__((annotate("ferry:stages=4")))
same_twice(int *out) { out[threadIdx.x] = 0; }

__global__ void __attribute__((annotate("ferry:stages=4"))) __attribute__((annotate("ferry:bulk=never")))
__attribute__((annotate("ferry:dynamic_shared=4096")))
different_settings(int *out) { out[threadIdx.x] = 0; }
