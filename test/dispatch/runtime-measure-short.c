// The measured dispatch where the original is short (its first sample
// under 20 us, SHORT_NS), against a stand-in CUDA runtime: the shape keeps
// the original at once, without the trial's three other samples; the
// kernel's shapes met later on that device, or still waiting for their
// first sample (launched or not), keep the original untimed (no event, no
// capture query),
// and so do shapes past the table's capacity; a shape whose own first
// sample was long goes on with its trial. An original of exactly 20 us is
// not short. FERRY_DISPATCH_REPORT names each reason.
// RUN: %clang -std=c17 -O1 -Wall -Werror -pthread -I %ferry_src/passes/dispatch %s -o %t
// RUN: %t | FileCheck %s
// RUN: %t | not grep FAIL
// RUN: env FERRY_DISPATCH_REPORT=1 %t 2>&1 >/dev/null | FileCheck --check-prefix=REPORT %s
#include "dispatch_runtime.c"
#include "Inputs/stand_in_runtime.h"

static struct ferry_dispatch_kernel quick = {&original_entry, &variant_entry, NULL, NULL, "_Z5quickv", {{0}}};
static struct ferry_dispatch_kernel edge = {&original_entry, &variant_entry, NULL, NULL, "_Z4edgev", {{0}}};
static struct ferry_dispatch_kernel behind = {&original_entry, &variant_entry, NULL, NULL, "_Z6behindv", {{0}}};

/* Grid 132: 15 us (the variant 5 us); grid 300: 20 us (10 us); else 1 ms
 * (0.5 ms). */
static unsigned long long by_grid(int variant, ferry_dim3 grid) {
  unsigned long long original = grid.x == 132 ? 15000 : grid.x == 300 ? 20000 : 1000000;
  return variant ? original / 2 - (grid.x == 132 ? 2500 : 0) : original;
}

static void launches(struct ferry_dispatch_kernel *k, const char *name, unsigned grid, int from,
                     int to) {
  for (int i = from; i <= to; i++) {
    char what[64];
    snprintf(what, sizeof what, "%s-%d", name, i);
    go_on(k, what, grid, 256, 1024, NULL);
  }
}

int main(void) {
  duration = by_grid;
  // A long shape reads its first sample; another waits for its first.
  launches(&quick, "long", 264, 1, 3);
  launches(&quick, "waiting", 400, 1, 2);
  // CHECK-LABEL: {{^}}short-3{{$}}
  // CHECK-NEXT: launch original
  // CHECK-NEXT: short-3: original, status 0, {{[0-9]+}} runtime calls, pending 0, live events 4
  // CHECK-NEXT: short-4
  // CHECK-NEXT: launch original
  // CHECK-NEXT: short-4: original, status 0, 0 runtime calls
  launches(&quick, "short", 132, 1, 4);
  // CHECK-LABEL: {{^}}long-4{{$}}
  // CHECK-NEXT: launch variant
  // CHECK-LABEL: {{^}}long-7{{$}}
  // CHECK-NEXT: launch variant
  // CHECK-NEXT: long-7: variant, status 0, 0 runtime calls
  launches(&quick, "long", 264, 4, 7);
  // CHECK-LABEL: {{^}}waiting-3{{$}}
  // CHECK-NEXT: launch original
  // CHECK-NEXT: waiting-3: original, status 0, {{[0-9]+}} runtime calls, pending 0, live events 0
  // CHECK-NEXT: waiting-4
  // CHECK-NEXT: launch original
  // CHECK-NEXT: waiting-4: original, status 0, 0 runtime calls
  launches(&quick, "waiting", 400, 3, 4);
  // CHECK-LABEL: {{^}}new-1{{$}}
  // CHECK-NEXT: launch original
  // CHECK-NEXT: new-1: original, status 0, 0 runtime calls
  launches(&quick, "new", 500, 1, 1);
  trace = 0;
  for (unsigned grid = 1; grid <= 12; grid++)
    launches(&quick, "fill", grid, 1, 1);
  trace = 1;
  // CHECK-LABEL: {{^}}past-1{{$}}
  // CHECK-NEXT: launch original
  // CHECK-NEXT: past-1: original, status 0, 0 runtime calls
  launches(&quick, "past", 999, 1, 1);
  // 20 us is not short: the trial goes on with the variant's sample.
  // CHECK-LABEL: {{^}}edge-4{{$}}
  // CHECK-NEXT: launch variant
  // CHECK-LABEL: {{^}}edge-7{{$}}
  // CHECK-NEXT: launch variant
  // CHECK-NEXT: edge-7: variant, status 0, 0 runtime calls
  launches(&edge, "edge", 300, 1, 7);
  // A shape whose first sample is launched but not yet complete when
  // another shape of the kernel is found short keeps the original too.
  // CHECK-LABEL: {{^}}unread-4{{$}}
  // CHECK-NEXT: launch original
  // CHECK-NEXT: unread-4: original, status 0, {{[0-9]+}} runtime calls, pending 0, live events 0
  events_held = 1;
  trace = 0;
  launches(&behind, "unread", 264, 1, 3);
  events_held = 0;
  launches(&behind, "short-too", 132, 1, 3);
  trace = 1;
  launches(&behind, "unread", 264, 4, 4);
  release_events();
  // CHECK: end: 0 events live
  printf("end: %d events live\n", live_events());
  return 0;
}
// REPORT: ferry-dispatch: mode measure
// REPORT-NEXT: ferry-dispatch: _Z5quickv device 0 grid 264x1x1 block 256x1x1 dynamic 1024: variant; original 1000.0 1000.0, variant 500.0 500.0 us; the variant's slower sample is 50.0 % below the original's faster one (kept where 2 % below or more)
// REPORT-NEXT: ferry-dispatch: _Z5quickv device 0 grid 400x1x1 block 256x1x1 dynamic 1024: original; another shape's original is shorter than 20 us: kept, untimed
// REPORT-NEXT: ferry-dispatch: _Z5quickv device 0 grid 132x1x1 block 256x1x1 dynamic 1024: original; original 15.0, variant - us; the original's sample is shorter than 20 us: kept
// REPORT-NEXT: ferry-dispatch: _Z5quickv device 0 grid 500x1x1 block 256x1x1 dynamic 1024: original; another shape's original is shorter than 20 us: kept, untimed
// REPORT-COUNT-12: ferry-dispatch: _Z5quickv device 0 grid {{[0-9]+}}x1x1 block 256x1x1 dynamic 1024: original; another shape's
// REPORT-NEXT: ferry-dispatch: _Z5quickv device 0: shapes past the first 16: the original (the kernel is short)
// REPORT-NEXT: ferry-dispatch: _Z4edgev device 0 grid 300x1x1 block 256x1x1 dynamic 1024: variant; original 20.0 20.0, variant 10.0 10.0 us;
// REPORT-NEXT: ferry-dispatch: _Z6behindv device 0 grid 264x1x1 block 256x1x1 dynamic 1024: original; another shape's original is shorter than 20 us: kept, untimed
// REPORT-NEXT: ferry-dispatch: _Z6behindv device 0 grid 132x1x1 block 256x1x1 dynamic 1024: original; original 15.0, variant - us; the original's sample is shorter than 20 us: kept
// REPORT-NOT: ferry
