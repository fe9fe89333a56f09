// The dispatch runtime (passes/dispatch/dispatch_runtime.c) with two devices,
// against a stand-in CUDA runtime: what a kernel's variant may do is
// learned per device, and so is the recorded choice. Device 1's image has
// no variant (an architecture the device compile did not convert): its
// launches run the original, while device 0's run the variant; switching
// back and forth asks the runtime only for the current device. The rules
// alone (FERRY_DISPATCH=model; runtime-measure-devices.c measures).
// RUN: %clang -std=c17 -O1 -Wall -Werror -I %ferry_src/passes/dispatch %s -o %t
// RUN: env FERRY_DISPATCH=model %t | FileCheck %s
#include "dispatch_runtime.c"
#include "Inputs/h100_attributes.h"
#include "Inputs/no_events.h"

#include <stdio.h>
#include <string.h>

static char original_entry, variant_entry;
static int current, queries;

int cudaGetDeviceCount(int *count) { queries++; *count = 2; return 0; }
int cudaGetDevice(int *device) { queries++; *device = current; return 0; }
int cudaPeekAtLastError(void) { queries++; return 0; }
int cudaGetLastError(void) { queries++; return 0; }
int cudaDeviceGetAttribute(int *value, int attribute, int device) {
  queries++;
  (void)device;
  return h100_attribute(value, attribute);
}
int cudaFuncGetAttributes(struct function_attributes *a, const void *function) {
  queries++;
  if (function == &variant_entry && current == 1)
    return 98; /* cudaErrorInvalidDeviceFunction: not in this device's image */
  memset(a, 0, sizeof *a);
  a->max_threads_per_block = 1024;
  a->shared_size_bytes = 4096;
  a->max_dynamic_shared_size_bytes = 48 * 1024 - 4096;
  return 0;
}
int cudaFuncSetAttribute(const void *function, int attribute, int value) {
  queries++;
  (void)function, (void)attribute, (void)value;
  return 0;
}
int cudaLaunchKernel(const void *function, ferry_dim3 grid, ferry_dim3 block, void **arguments,
                     size_t shared_bytes, void *stream) {
  (void)grid, (void)block, (void)arguments, (void)shared_bytes, (void)stream;
  printf("  device %d: launch %s\n", current, function == &variant_entry ? "variant" : "original");
  return 0;
}
int cudaLaunchKernel_ptsz(const void *function, ferry_dim3 grid, ferry_dim3 block,
                          void **arguments, size_t shared_bytes, void *stream) {
  return cudaLaunchKernel(function, grid, block, arguments, shared_bytes, stream);
}

static struct ferry_dispatch_kernel kernel = {&original_entry, &variant_entry, NULL, NULL, "kernel", {{0}}};

static void go(const char *what, int device) {
  current = device;
  printf("%s\n", what);
  queries = 0;
  ferry_dispatch_launch(&kernel, 132 | 1ull << 32, 1, 256 | 1ull << 32, 1, NULL, 0, NULL);
  printf("%s: %d runtime calls\n", what, queries);
}

int main(void) {
  // CHECK-LABEL: {{^}}device0-first{{$}}
  // CHECK-NEXT: device 0: launch variant
  go("device0-first", 0);
  // CHECK-LABEL: {{^}}device1-first{{$}}
  // CHECK-NEXT: device 1: launch original
  go("device1-first", 1);
  // Afterwards only the current device is asked (several devices are seen).
  // CHECK-LABEL: {{^}}device0-again{{$}}
  // CHECK-NEXT: device 0: launch variant
  // CHECK-NEXT: device0-again: 1 runtime calls
  go("device0-again", 0);
  // CHECK-LABEL: {{^}}device1-again{{$}}
  // CHECK-NEXT: device 1: launch original
  // CHECK-NEXT: device1-again: 1 runtime calls
  go("device1-again", 1);
  return 0;
}
