// The dispatch runtime (passes/dispatch/dispatch_runtime.c) against a stand-in
// CUDA runtime: what each launch runs, and which runtime calls the choice
// costs. A launch like the one before is decided with no runtime call (the
// choice is recorded per kernel and device); a new configuration is decided
// afresh; a launch past 48 KiB asks for the original's limit each time (the
// program may raise it between launches); a kernel's first launch, made
// while the program has an error pending, runs the original and leaves
// that error pending; a variant launch that fails runs the original, but
// one that fails for its stream leaves that error to the program. A
// ring variant (K__ferry_ring) gets S times the launch's bytes, S the most
// of 16/8/4/2 (64/32/16/8/4/2 where the launch has one block a
// multiprocessor) that keeps the blocks a multiprocessor holds, recalled
// with the choice; where not even 2 stages fit, the original runs.
// Under FERRY_DISPATCH=model (the rules alone, no measurement: no event or
// capture query is made, Inputs/no_events.h fails the test on one), and
// under FERRY_DISPATCH=variant, which is the same for variants that are
// not trial variants (runtime-measure-trial.c).
// RUN: %clang -std=c17 -O1 -Wall -Werror -I %ferry_src/passes/dispatch %s -o %t
// RUN: env FERRY_DISPATCH=model %t | FileCheck %s
// RUN: env FERRY_DISPATCH=variant %t | FileCheck %s
// RUN: env FERRY_DISPATCH=model %t | not grep FAIL
#include "dispatch_runtime.c"
#include "Inputs/h100_attributes.h"
#include "Inputs/no_events.h"

#include <stdio.h>
#include <string.h>

static char original_entry, variant_entry, ring_original_entry, ring_entry, bare_original_entry;
static int queries, pending, fail_variant_launch, original_dynamic_limit = 48 * 1024;

int cudaGetDeviceCount(int *count) { queries++; *count = 1; return 0; }
int cudaGetDevice(int *device) { queries++; *device = 0; return 0; }
int cudaPeekAtLastError(void) { queries++; return pending; }
int cudaGetLastError(void) { queries++; int e = pending; pending = 0; return e; }
int cudaDeviceGetAttribute(int *value, int attribute, int device) {
  queries++;
  (void)device;
  return h100_attribute(value, attribute);
}
int cudaFuncGetAttributes(struct function_attributes *a, const void *function) {
  queries++;
  memset(a, 0, sizeof *a);
  a->max_threads_per_block = 1024;
  a->shared_size_bytes = function == &variant_entry ? 16384
                         : function == &ring_entry    ? 64
                         : function == &bare_original_entry ? 0
                                                            : 1024;
  a->max_dynamic_shared_size_bytes =
      function == &variant_entry ? 48 * 1024 - 16384
      : function == &ring_entry  ? 48 * 1024 - 64
                                 : original_dynamic_limit;
  return 0;
}
int cudaFuncSetAttribute(const void *function, int attribute, int value) {
  queries++;
  (void)function, (void)attribute, (void)value;
  return 0;
}
static int launch(const void *function) {
  if (function == &variant_entry && fail_variant_launch) {
    pending = fail_variant_launch;
    return fail_variant_launch;
  }
  return 0;
}
int cudaLaunchKernel(const void *function, ferry_dim3 grid, ferry_dim3 block, void **arguments,
                     size_t shared_bytes, void *stream) {
  (void)grid, (void)block, (void)arguments, (void)stream;
  printf("  launch %s, %zu bytes\n",
         function == &variant_entry || function == &ring_entry ? "variant" : "original",
         shared_bytes);
  return launch(function);
}
int cudaLaunchKernel_ptsz(const void *function, ferry_dim3 grid, ferry_dim3 block,
                          void **arguments, size_t shared_bytes, void *stream) {
  return cudaLaunchKernel(function, grid, block, arguments, shared_bytes, stream);
}

static struct ferry_dispatch_kernel kernel = {&original_entry, &variant_entry, NULL, NULL, "kernel", {{0}}};
static struct ferry_dispatch_kernel ring_kernel = {&ring_original_entry, NULL, &ring_entry, NULL, "ring_kernel", {{0}}};
static struct ferry_dispatch_kernel bare_ring_kernel = {&bare_original_entry, NULL, &ring_entry, NULL, "bare_ring_kernel", {{0}}};

static void go_kernel(struct ferry_dispatch_kernel *k, const char *what, unsigned grid,
                      unsigned block, size_t shared) {
  printf("%s\n", what);
  queries = 0;
  /* dim3 as clang passes it: x and y in one word (y = 1), then z. */
  int status = ferry_dispatch_launch(k, grid | 1ull << 32, 1, block | 1ull << 32, 1, NULL,
                                     shared, NULL);
  printf("%s: status %d, %d runtime calls, pending %d\n", what, status, queries, pending);
  check_capture_mode(what);
}

static void go(const char *what, unsigned grid, unsigned block, size_t shared) {
  go_kernel(&kernel, what, grid, block, shared);
}

int main(void) {
  // CHECK-LABEL: {{^}}first-pending{{$}}
  // CHECK-NEXT: launch original, {{[0-9]+}} bytes
  // CHECK-NEXT: first-pending: status 0, {{[0-9]+}} runtime calls, pending 1
  pending = 1;
  go("first-pending", 132, 256, 1024);
  pending = 0;

  // CHECK-LABEL: {{^}}first{{$}}
  // CHECK-NEXT: launch variant, {{[0-9]+}} bytes
  // CHECK-NEXT: first: status 0, {{[1-9][0-9]*}} runtime calls, pending 0
  go("first", 132, 256, 1024);
  // CHECK-LABEL: {{^}}again{{$}}
  // CHECK-NEXT: launch variant, {{[0-9]+}} bytes
  // CHECK-NEXT: again: status 0, 0 runtime calls, pending 0
  go("again", 132, 256, 1024);
  // A new configuration is decided afresh, from what is known of the device.
  // CHECK-LABEL: {{^}}other-grid{{$}}
  // CHECK-NEXT: launch variant, {{[0-9]+}} bytes
  // CHECK-NEXT: other-grid: status 0, 0 runtime calls, pending 0
  go("other-grid", 264, 256, 1024);
  // Past the variant's dynamic limit (227 KiB less its 16 KiB): the original.
  // CHECK-LABEL: {{^}}too-big{{$}}
  // CHECK-NEXT: launch original, {{[0-9]+}} bytes
  // CHECK-NEXT: too-big: status 0, 0 runtime calls, pending 0
  go("too-big", 132, 256, 220 * 1024);
  // CHECK-LABEL: {{^}}too-big-again{{$}}
  // CHECK-NEXT: launch original, {{[0-9]+}} bytes
  // CHECK-NEXT: too-big-again: status 0, 0 runtime calls, pending 0
  go("too-big-again", 132, 256, 220 * 1024);

  // Past 48 KiB on the original: its limit is asked at each launch.
  // CHECK-LABEL: {{^}}past-48k{{$}}
  // CHECK-NEXT: launch original, {{[0-9]+}} bytes
  // CHECK-NEXT: past-48k: status 0, 2 runtime calls, pending 0
  go("past-48k", 132, 256, 60 * 1024);
  original_dynamic_limit = 100 * 1024;
  // CHECK-LABEL: {{^}}past-48k-raised{{$}}
  // CHECK-NEXT: launch variant, {{[0-9]+}} bytes
  // CHECK-NEXT: past-48k-raised: status 0, 2 runtime calls, pending 0
  go("past-48k-raised", 132, 256, 60 * 1024);

  // A variant launch that fails: the original runs, the error is cleared.
  // CHECK-LABEL: {{^}}variant-fails{{$}}
  // CHECK-NEXT: launch variant, {{[0-9]+}} bytes
  // CHECK-NEXT: launch original, {{[0-9]+}} bytes
  // CHECK-NEXT: variant-fails: status 0, 1 runtime calls, pending 0
  fail_variant_launch = 1; /* cudaErrorInvalidValue */
  go("variant-fails", 132, 256, 1024);
  fail_variant_launch = 0;

  // A variant launch that fails for its stream (a capture the program
  // spoiled, an unknown stream): the original would fail the same way, so
  // it is not launched; the error is left for the program, as its own
  // launch leaves it.
  // CHECK-LABEL: {{^}}variant-stream-error{{$}}
  // CHECK-NEXT: launch variant, {{[0-9]+}} bytes
  // CHECK-NEXT: variant-stream-error: status 901, 0 runtime calls, pending 901
  // CHECK-LABEL: {{^}}variant-bad-stream{{$}}
  // CHECK-NEXT: launch variant, {{[0-9]+}} bytes
  // CHECK-NEXT: variant-bad-stream: status 400, 0 runtime calls, pending 400
  fail_variant_launch = 901; /* cudaErrorStreamCaptureInvalidated */
  go("variant-stream-error", 132, 256, 1024);
  pending = 0;
  fail_variant_launch = 400; /* cudaErrorInvalidResourceHandle */
  go("variant-bad-stream", 132, 256, 1024);
  pending = 0;
  fail_variant_launch = 0;

  // A ring variant: one block of 256 threads a multiprocessor, a tile of
  // 1000 bytes (1008 rounded to 16): 64 stages, a block alone on its
  // multiprocessor. Recalled with its bytes.
  // CHECK-LABEL: {{^}}ring-first{{$}}
  // CHECK-NEXT: launch variant, 64512 bytes
  // CHECK-LABEL: {{^}}ring-again{{$}}
  // CHECK-NEXT: launch variant, 64512 bytes
  // CHECK-NEXT: ring-again: status 0, 0 runtime calls, pending 0
  go_kernel(&ring_kernel, "ring-first", 132, 256, 1000);
  go_kernel(&ring_kernel, "ring-again", 132, 256, 1000);
  // Two blocks a multiprocessor: 16 stages, though 64 would fit both.
  // CHECK-LABEL: {{^}}ring-two{{$}}
  // CHECK-NEXT: launch variant, 16128 bytes
  go_kernel(&ring_kernel, "ring-two", 132 * 2, 256, 1000);
  // One block a multiprocessor of a 4000-byte tile: 64 stages would pass
  // the opt-in limit, 32 fit (128000 bytes).
  // CHECK-LABEL: {{^}}ring-lone-large{{$}}
  // CHECK-NEXT: launch variant, 128000 bytes
  go_kernel(&ring_kernel, "ring-lone-large", 132, 256, 4000);
  // Eight blocks a multiprocessor of a 6 KiB tile: 16 stages would leave
  // room for 2 blocks (228 KiB), 4 stages for 9: 4 stages, 24 KiB.
  // CHECK-LABEL: {{^}}ring-crowded{{$}}
  // CHECK-NEXT: launch variant, 24576 bytes
  go_kernel(&ring_kernel, "ring-crowded", 132 * 8, 256, 6 * 1024);
  // A 40 KiB tile: 4 stages fit the variant's opt-in limit (227 KiB less
  // its 64 static bytes, raised once).
  // CHECK-LABEL: {{^}}ring-large{{$}}
  // CHECK-NEXT: launch variant, 163840 bytes
  go_kernel(&ring_kernel, "ring-large", 132, 256, 40 * 1024);
  // A 116 KiB tile, which the program allowed the kernel: 2 stages would
  // pass the opt-in limit.
  // CHECK-LABEL: {{^}}ring-too-big{{$}}
  // CHECK-NEXT: launch original, 118784 bytes
  original_dynamic_limit = 200 * 1024;
  go_kernel(&ring_kernel, "ring-too-big", 132, 256, 116 * 1024);
  // No dynamic bytes: a static array's ring (pipeline_plan.h, from_static),
  // its tile the original's 1024 static bytes: 64 of them, a block alone on
  // its multiprocessor; 16 at two.
  // CHECK-LABEL: {{^}}ring-static{{$}}
  // CHECK-NEXT: launch variant, 65536 bytes
  go_kernel(&ring_kernel, "ring-static", 132, 256, 0);
  // CHECK-LABEL: {{^}}ring-static-two{{$}}
  // CHECK-NEXT: launch variant, 16384 bytes
  go_kernel(&ring_kernel, "ring-static-two", 132 * 2, 256, 0);
  // No dynamic bytes and no static ones: no tile to ring; the original.
  // CHECK-LABEL: {{^}}ring-no-bytes{{$}}
  // CHECK-NEXT: launch original, 0 bytes
  go_kernel(&bare_ring_kernel, "ring-no-bytes", 132, 256, 0);
  return 0;
}
