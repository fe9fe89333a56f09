// The measured dispatch (passes/dispatch/dispatch_measure.c) against a
// stand-in CUDA runtime whose kernel times are scripted: a shape's first
// launch runs the rules' choice (the variant), untimed; the next runs the
// original, untimed (its warm-up); the next six are timed, original,
// variant, variant, original, original, variant, each between two events
// of its own; the variant is kept where its median is at least 2 % below
// the original's. Samples not yet complete are read at a later launch,
// without waiting: cudaEventQuery first, whose "not ready" is an answer,
// never cudaEventElapsedTime on an event not yet complete (an error the
// sanitizers report; the stand-in prints FAIL). After the decision a launch makes no runtime call, and
// every event made was destroyed.
// RUN: %clang -std=c17 -O1 -Wall -Werror -pthread -I %ferry_src/passes/dispatch %s -o %t
// RUN: %t | FileCheck %s
// RUN: %t | not grep FAIL
// The default is measure: naming it changes nothing.
// RUN: env FERRY_DISPATCH=measure %t | FileCheck %s
#include "dispatch_runtime.c"
#include "Inputs/stand_in_runtime.h"

static struct ferry_dispatch_kernel faster = {&original_entry, &variant_entry, NULL, "faster", {{0}}};
static struct ferry_dispatch_kernel close_call = {&original_entry, &variant_entry, NULL, "close", {{0}}};
static struct ferry_dispatch_kernel at_margin = {&original_entry, &variant_entry, NULL, "margin", {{0}}};
static struct ferry_dispatch_kernel slower = {&original_entry, &variant_entry, NULL, "slower", {{0}}};
static struct ferry_dispatch_kernel outlier = {&original_entry, &variant_entry, NULL, "outlier", {{0}}};
static struct ferry_dispatch_kernel held = {&original_entry, &variant_entry, NULL, "held", {{0}}};

static void go(struct ferry_dispatch_kernel *k, const char *what) { go_on(k, what, 132, 256, 1024, NULL); }

/* Eight launches: the first, the warm-up and six samples; then one that
 * reads them and decides; then one more. */
static void trial(struct ferry_dispatch_kernel *k, const char *name) {
  char what[64];
  for (int i = 1; i <= 10; i++) {
    snprintf(what, sizeof what, "%s-%d", name, i);
    go(k, what);
  }
}

static int original_launches;
static unsigned long long outlier_duration(int variant, ferry_dim3 grid) {
  (void)grid;
  if (variant)
    return 500000;
  /* The original's second timed sample is an outlier, faster than the
   * variant: its median (1 ms) still loses. */
  return ++original_launches == 3 ? 300000 : 1000000;
}

int main(void) {
  // The variant at half the original's time.
  // CHECK-LABEL: {{^}}faster-1{{$}}
  // CHECK-NEXT: launch variant
  // CHECK-NEXT: faster-1: variant, status 0, {{[0-9]+}} runtime calls, pending 0, live events 0
  // CHECK-NEXT: faster-2
  // CHECK-NEXT: launch original
  // CHECK-NEXT: faster-2: original, {{.*}} live events 0
  // CHECK-NEXT: faster-3
  // CHECK-NEXT: launch original
  // CHECK-NEXT: faster-3: original, {{.*}} live events 2
  // CHECK-NEXT: faster-4
  // CHECK-NEXT: launch variant
  // CHECK-NEXT: faster-4: variant, {{.*}} live events 2
  // CHECK-NEXT: faster-5
  // CHECK-NEXT: launch variant
  // CHECK-NEXT: faster-5: variant
  // CHECK-NEXT: faster-6
  // CHECK-NEXT: launch original
  // CHECK-NEXT: faster-6: original
  // CHECK-NEXT: faster-7
  // CHECK-NEXT: launch original
  // CHECK-NEXT: faster-7: original
  // CHECK-NEXT: faster-8
  // CHECK-NEXT: launch variant
  // CHECK-NEXT: faster-8: variant, {{.*}} live events 2
  // The ninth reads the last sample and decides.
  // CHECK-NEXT: faster-9
  // CHECK-NEXT: launch variant
  // CHECK-NEXT: faster-9: variant, status 0, {{[0-9]+}} runtime calls, pending 0, live events 0
  // CHECK-NEXT: faster-10
  // CHECK-NEXT: launch variant
  // CHECK-NEXT: faster-10: variant, status 0, 0 runtime calls, pending 0, live events 0
  trial(&faster, "faster");
  printf("faster: %d events made, %d destroyed\n", events_created, events_destroyed);
  // CHECK: faster: 12 events made, 12 destroyed

  // 1.9 % faster: within the margin, the original.
  // CHECK-LABEL: {{^}}close-10{{$}}
  // CHECK-NEXT: launch original
  // CHECK-NEXT: close-10: original, status 0, 0 runtime calls
  variant_ns = 981000;
  trial(&close_call, "close");
  // Exactly 2 % faster: the variant.
  // CHECK-LABEL: {{^}}margin-10{{$}}
  // CHECK-NEXT: launch variant
  // CHECK-NEXT: margin-10: variant, status 0, 0 runtime calls
  variant_ns = 980000;
  trial(&at_margin, "margin");
  // Slower: the original.
  // CHECK-LABEL: {{^}}slower-10{{$}}
  // CHECK-NEXT: launch original
  // CHECK-NEXT: slower-10: original, status 0, 0 runtime calls
  variant_ns = 1200000;
  trial(&slower, "slower");
  // One sample of the original faster than the variant's: the medians decide.
  // CHECK-LABEL: {{^}}outlier-10{{$}}
  // CHECK-NEXT: launch variant
  // CHECK-NEXT: outlier-10: variant, status 0, 0 runtime calls
  duration = outlier_duration;
  trial(&outlier, "outlier");
  duration = NULL;

  // Launches of decided shapes, alternating: each finds its choice in the
  // table (the last configuration differs each time), no runtime call.
  // CHECK-LABEL: {{^}}alternate-faster{{$}}
  // CHECK-NEXT: launch variant
  // CHECK-NEXT: alternate-faster: variant, status 0, 0 runtime calls
  // CHECK-LABEL: {{^}}alternate-slower{{$}}
  // CHECK-NEXT: launch original
  // CHECK-NEXT: alternate-slower: original, status 0, 0 runtime calls
  go(&faster, "alternate-faster");
  go(&slower, "alternate-slower");
  // A second shape of a decided kernel is measured afresh.
  // CHECK-LABEL: {{^}}faster-other-shape{{$}}
  // CHECK-NEXT: launch variant
  // CHECK-NEXT: faster-other-shape: variant, status 0, 0 runtime calls
  // CHECK-LABEL: {{^}}faster-other-shape-again{{$}}
  // CHECK-NEXT: launch original
  go_on(&faster, "faster-other-shape", 264, 256, 1024, NULL);
  go_on(&faster, "faster-other-shape-again", 264, 256, 1024, NULL);

  // The GPU behind: the samples complete only later. Launches meanwhile
  // run the variant, read what completed without waiting (the runtime's
  // "not ready" is cleared: pending 0), and decide once all are read.
  variant_ns = 500000;
  events_held = 1;
  // CHECK-LABEL: {{^}}held-9{{$}}
  // CHECK-NEXT: launch variant
  // CHECK-NEXT: held-9: variant, status 0, {{[0-9]+}} runtime calls, pending 0, live events 12
  // CHECK-NEXT: held-10
  // CHECK-NEXT: launch variant
  // CHECK-NEXT: held-10: variant, status 0, {{[0-9]+}} runtime calls, pending 0, live events 12
  trial(&held, "held");
  release_events();
  events_held = 0;
  // CHECK-LABEL: {{^}}held-read{{$}}
  // CHECK-NEXT: launch variant
  // CHECK-NEXT: held-read: variant, status 0, {{[0-9]+}} runtime calls, pending 0, live events 0
  // CHECK-LABEL: {{^}}held-decided{{$}}
  // CHECK-NEXT: launch variant
  // CHECK-NEXT: held-decided: variant, status 0, 0 runtime calls
  go(&held, "held-read");
  go(&held, "held-decided");
  // CHECK: all: 0 events live
  printf("all: %d events live\n", live_events());
  return 0;
}
