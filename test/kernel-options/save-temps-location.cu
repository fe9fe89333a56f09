// The errors and warnings about annotations point at the kernel's source
// line even where clang has no syntax tree to map a function to its source:
// with -save-temps the plugin runs on the saved bitcode, and without debug
// information the location comes from the line clang records for each
// annotation (it printed <unknown>:0:0 before).
//
// RUN: rm -rf %t.dir && mkdir -p %t.dir && cd %t.dir
// RUN: not %ferry-cc --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only -save-temps -o /dev/null %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
// RUN: not %ferry-cc --cuda-gpu-arch=sm_80 -O0 -S --cuda-device-only -save-temps -o /dev/null %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
// RUN: not %ferry-cc --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only -save-temps -gline-tables-only -o /dev/null %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:

// CHECK-DAG: error: {{.*}}save-temps-location.cu:[[#@LINE+2]]:0: in function {{.*}}: annotate("ferry:stages=3"): the stages must be 1 (no pipelining), 2, 4, 8 or 16
__global__ void __attribute__((annotate("ferry:stages=3")))
three_stages(int *out) { out[threadIdx.x] = 0; }

// CHECK-DAG: warning: {{.*}}save-temps-location.cu:[[#@LINE+2]]:0: in function {{.*}}: annotate("ferry:stages=4") is on a function that is not a kernel (__global__)
__device__ int __attribute__((annotate("ferry:stages=4"))) __attribute__((noinline))
helper(const int *in) { return in[threadIdx.x] + 1; }

__global__ void __attribute__((annotate("ferry:stages=4")))
kernel(const int *in, int *out) { out[threadIdx.x] = helper(in); }
