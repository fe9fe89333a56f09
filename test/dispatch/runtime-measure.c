// The measured dispatch (passes/dispatch/dispatch_measure.c) against a
// stand-in CUDA runtime whose kernel times are scripted: a shape's first
// launch runs the rules' choice (the variant), untimed; the next runs the
// original, untimed (its warm-up), and then makes the first sample's pair
// of events; the next four are timed, original, variant, variant,
// original, each between two events; the variant is kept only where its
// slower sample is at least 2 % below the original's faster one; the trial
// ends once the samples read show the variant cannot win. Before a timed
// launch the trial makes four calls (the capture query, the capture mode,
// the context's id, the start event) and reads the samples launched before
// that completed since; the sample just launched is read after the
// launch, without waiting: the driver's cuEventQuery first, whose "not
// ready" is an answer that leaves the last-error slot alone, never
// cudaEventElapsedTime on an event not yet complete (an error the
// sanitizers report; the stand-in prints FAIL). A pair read is
// used again: one pair serves a trial whose samples complete in time.
// After the decision a launch makes no runtime call, and every event made
// was destroyed.
// RUN: %clang -std=c17 -O1 -Wall -Werror -pthread -I %ferry_src/passes/dispatch %s -o %t
// RUN: %t | FileCheck %s
// RUN: %t | not grep FAIL
// The default is measure: naming it changes nothing.
// RUN: env FERRY_DISPATCH=measure %t | FileCheck %s
#include "dispatch_runtime.c"
#include "Inputs/stand_in_runtime.h"

static struct ferry_dispatch_kernel faster = {&original_entry, &variant_entry, NULL, NULL, "faster", {{0}}};
static struct ferry_dispatch_kernel close_call = {&original_entry, &variant_entry, NULL, NULL, "close", {{0}}};
static struct ferry_dispatch_kernel at_margin = {&original_entry, &variant_entry, NULL, NULL, "margin", {{0}}};
static struct ferry_dispatch_kernel slower = {&original_entry, &variant_entry, NULL, NULL, "slower", {{0}}};
static struct ferry_dispatch_kernel outlier = {&original_entry, &variant_entry, NULL, NULL, "outlier", {{0}}};
static struct ferry_dispatch_kernel slow_outlier = {&original_entry, &variant_entry, NULL, NULL, "slow-outlier", {{0}}};
static struct ferry_dispatch_kernel held = {&original_entry, &variant_entry, NULL, NULL, "held", {{0}}};
static struct ferry_dispatch_kernel behind = {&original_entry, &variant_entry, NULL, NULL, "behind", {{0}}};

static void go(struct ferry_dispatch_kernel *k, const char *what) { go_on(k, what, 132, 256, 1024, NULL); }

/* Eight launches: the first, the warm-up, four samples, two more. */
static void trial(struct ferry_dispatch_kernel *k, const char *name) {
  char what[64];
  for (int i = 1; i <= 8; i++) {
    snprintf(what, sizeof what, "%s-%d", name, i);
    go(k, what);
  }
}

static int original_launches, variant_launches;
/* The original's second sample an outlier, faster than the variant. */
static unsigned long long fast_original_outlier(int variant, ferry_dim3 grid) {
  (void)grid;
  if (variant)
    return 500000;
  return ++original_launches == 3 ? 300000 : 1000000;
}
/* The variant's first sample an outlier, slower than the original. */
static unsigned long long slow_variant_outlier(int variant, ferry_dim3 grid) {
  (void)grid;
  if (!variant)
    return 1000000;
  return ++variant_launches == 2 ? 1100000 : 500000;
}

int main(void) {
  // The variant at half the original's time.
  // CHECK-LABEL: {{^}}faster-1{{$}}
  // CHECK-NEXT: launch variant
  // CHECK-NEXT: faster-1: variant, status 0, {{[0-9]+}} runtime calls, pending 0, live events 0
  // CHECK-NEXT: faster-2
  // CHECK-NEXT: launch original
  // CHECK-NEXT: faster-2: original, {{.*}} live events 2, 3 before the launch
  // CHECK-NEXT: faster-3
  // CHECK-NEXT: launch original
  // CHECK-NEXT: faster-3: original, {{.*}} live events 2, 4 before the launch
  // CHECK-NEXT: faster-4
  // CHECK-NEXT: launch variant
  // CHECK-NEXT: faster-4: variant, {{.*}} live events 2, 4 before the launch
  // CHECK-NEXT: faster-5
  // CHECK-NEXT: launch variant
  // CHECK-NEXT: faster-5: variant, {{.*}} live events 2, 4 before the launch
  // The sixth, the last sample, reads itself after its launch and decides.
  // CHECK-NEXT: faster-6
  // CHECK-NEXT: launch original
  // CHECK-NEXT: faster-6: original, status 0, {{[0-9]+}} runtime calls, pending 0, live events 0, 4 before the launch
  // CHECK-NEXT: faster-7
  // CHECK-NEXT: launch variant
  // CHECK-NEXT: faster-7: variant, status 0, 0 runtime calls, pending 0, live events 0
  // CHECK-NEXT: faster-8
  // CHECK-NEXT: launch variant
  // CHECK-NEXT: faster-8: variant, status 0, 0 runtime calls, pending 0, live events 0
  trial(&faster, "faster");
  printf("faster: %d events made, %d destroyed\n", events_created, events_destroyed);
  // CHECK: faster: 2 events made, 2 destroyed

  // 1.9 % faster: within the margin, the original.
  // CHECK-LABEL: {{^}}close-7{{$}}
  // CHECK-NEXT: launch original
  // CHECK-NEXT: close-7: original, status 0, 0 runtime calls
  variant_ns = 981000;
  trial(&close_call, "close");
  // Exactly 2 % faster: the variant.
  // CHECK-LABEL: {{^}}margin-7{{$}}
  // CHECK-NEXT: launch variant
  // CHECK-NEXT: margin-7: variant, status 0, 0 runtime calls
  variant_ns = 980000;
  trial(&at_margin, "margin");
  // Slower: the original, settled by the variant's first sample (read
  // after its launch): no later sample could make it win, so the fifth
  // launch runs the original and makes no runtime call.
  // CHECK-LABEL: {{^}}slower-4{{$}}
  // CHECK-NEXT: launch variant
  // CHECK-NEXT: slower-4: variant, status 0, {{[0-9]+}} runtime calls, pending 0, live events 0, 4 before the launch
  // CHECK-NEXT: slower-5
  // CHECK-NEXT: launch original
  // CHECK-NEXT: slower-5: original, status 0, 0 runtime calls
  // CHECK-LABEL: {{^}}slower-7{{$}}
  // CHECK-NEXT: launch original
  // CHECK-NEXT: slower-7: original, status 0, 0 runtime calls
  variant_ns = 1200000;
  trial(&slower, "slower");
  // The GPU one launch behind: each sample completes only after the next
  // launch is made. Nothing is read before a launch: one that finds a
  // sample unread runs the rules' choice (the variant), untimed, with no
  // runtime call before it, and reads the sample after; so samples
  // alternate with such launches, and the sixth reads the variant's first
  // sample and decides.
  // CHECK-LABEL: {{^}}behind-3{{$}}
  // CHECK-NEXT: launch original
  // CHECK-NEXT: behind-3: original, {{.*}} live events 2, 4 before the launch
  // CHECK-NEXT: behind-4
  // CHECK-NEXT: launch variant
  // CHECK-NEXT: behind-4: variant, {{.*}} live events 2, 0 before the launch
  // CHECK-NEXT: behind-5
  // CHECK-NEXT: launch variant
  // CHECK-NEXT: behind-5: variant, {{.*}} live events 2, 4 before the launch
  // CHECK-NEXT: behind-6
  // CHECK-NEXT: launch variant
  // CHECK-NEXT: behind-6: variant, status 0, {{[0-9]+}} runtime calls, pending 0, live events 0, 0 before the launch
  // CHECK-NEXT: behind-7
  // CHECK-NEXT: launch original
  // CHECK-NEXT: behind-7: original, status 0, 0 runtime calls
  events_held = 1;
  for (int i = 1; i <= 7; i++) {
    char what[64];
    snprintf(what, sizeof what, "behind-%d", i);
    go(&behind, what);
    release_events();
  }
  events_held = 0;
  // One sample decides against the variant: an original's sample faster
  // than the variant's, or a variant's sample slower than the original's.
  // CHECK-LABEL: {{^}}outlier-7{{$}}
  // CHECK-NEXT: launch original
  // CHECK-NEXT: outlier-7: original, status 0, 0 runtime calls
  // CHECK-LABEL: {{^}}slow-outlier-7{{$}}
  // CHECK-NEXT: launch original
  // CHECK-NEXT: slow-outlier-7: original, status 0, 0 runtime calls
  duration = fast_original_outlier;
  trial(&outlier, "outlier");
  duration = slow_variant_outlier;
  trial(&slow_outlier, "slow-outlier");
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
  // CHECK-LABEL: {{^}}faster-other-shape-1{{$}}
  // CHECK-NEXT: launch variant
  // CHECK-NEXT: faster-other-shape-1: variant, status 0, 0 runtime calls
  // CHECK-LABEL: {{^}}faster-other-shape-2{{$}}
  // CHECK-NEXT: launch original
  // CHECK-LABEL: {{^}}faster-other-shape-7{{$}}
  // CHECK-NEXT: launch variant
  // CHECK-NEXT: faster-other-shape-7: variant, status 0, 0 runtime calls
  variant_ns = 500000;
  for (int i = 1; i <= 7; i++) {
    char what[64];
    snprintf(what, sizeof what, "faster-other-shape-%d", i);
    go_on(&faster, what, 264, 256, 1024, NULL);
  }

  // The GPU behind: a sample completes only later. The launches that find
  // it unread run the rules' choice (the variant), untimed, with no
  // runtime call before them,
  // and ask after their launch (the driver's query: "not ready", the
  // last-error slot untouched: pending 0); the trial waits, with one pair
  // of events. Once the sample completes, the next launch reads it, and
  // the trial goes on: one sample in flight at a time.
  events_held = 1;
  // CHECK-LABEL: {{^}}held-3{{$}}
  // CHECK-NEXT: launch original
  // CHECK-NEXT: held-3: original, {{.*}} live events 2, 4 before the launch
  // CHECK-NEXT: held-4
  // CHECK-NEXT: launch variant
  // CHECK-NEXT: held-4: variant, status 0, {{[0-9]+}} runtime calls, pending 0, live events 2, 0 before the launch
  // CHECK-LABEL: {{^}}held-8{{$}}
  // CHECK-NEXT: launch variant
  // CHECK-NEXT: held-8: variant, status 0, {{[0-9]+}} runtime calls, pending 0, live events 2, 0 before the launch
  trial(&held, "held");
  release_events();
  events_held = 0;
  // CHECK-LABEL: {{^}}held-read{{$}}
  // CHECK-NEXT: launch variant
  // CHECK-NEXT: held-read: variant, status 0, {{[0-9]+}} runtime calls, pending 0, live events 2, 0 before the launch
  // CHECK-NEXT: held-9
  // CHECK-NEXT: launch variant
  // CHECK-NEXT: held-9: variant, {{.*}} live events 2, 4 before the launch
  // CHECK-NEXT: held-10
  // CHECK-NEXT: launch variant
  // CHECK-NEXT: held-10: variant, {{.*}} live events 2, 4 before the launch
  // CHECK-NEXT: held-11
  // CHECK-NEXT: launch original
  // CHECK-NEXT: held-11: original, status 0, {{[0-9]+}} runtime calls, pending 0, live events 0, 4 before the launch
  // CHECK-NEXT: held-decided
  // CHECK-NEXT: launch variant
  // CHECK-NEXT: held-decided: variant, status 0, 0 runtime calls
  go(&held, "held-read");
  go(&held, "held-9");
  go(&held, "held-10");
  go(&held, "held-11");
  go(&held, "held-decided");
  // CHECK: all: 0 events live
  printf("all: %d events live\n", live_events());
  return 0;
}
