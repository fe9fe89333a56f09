// A "ferry:" annotation that names no setting, or gives none a value, is a
// compile error at the kernel: a misspelt setting would otherwise be
// ignored without a word. Other annotations are not ferry's business.
//
// RUN: not %ferry-cc --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only -o /dev/null %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=error:

// CHECK: kernel-settings-unknown.cu:[[#@LINE+2]]:{{[0-9]+}}: error: annotate("ferry:stage=4"): no such ferry setting; ferry's kernel settings are ferry:stages=N, ferry:dynamic_shared=BYTES and ferry:bulk=auto|always|never
__global__ void __attribute__((annotate("ferry:stage=4")))
misspelt(int *out) { out[threadIdx.x] = 0; }

// CHECK: kernel-settings-unknown.cu:[[#@LINE+2]]:{{[0-9]+}}: error: annotate("ferry:stages"): the setting needs a value after '='
__global__ void __attribute__((annotate("ferry:stages")))
no_value(int *out) { out[threadIdx.x] = 0; }

__global__ void __attribute__((annotate("someone-else:stage=4"))) __attribute__((annotate("ferry:bulk=never")))
fine(int *out) { out[threadIdx.x] = 0; }
