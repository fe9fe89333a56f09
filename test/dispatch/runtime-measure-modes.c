// The measured dispatch's controls, against a stand-in CUDA runtime.
// FERRY_DISPATCH selects measure (the default), model (the rules alone:
// no event, no capture query), original (every launch the kernel as
// written, no runtime call) or variant (wherever the checks let it: the
// same as model for these kernels, none of whose variants is a trial
// variant: runtime-measure-trial.c); any other value warns once, naming the accepted
// values, and measures. FERRY_DISPATCH_REPORT=1 prints at exit on standard
// error, per kernel and shape, the samples, the choice and why; another
// value names a file the report is appended to; 0 prints nothing.
// Each line of the program: a kernel's ten launches, O the original, V the
// variant, then the events made and capture queries.
// RUN: %clang -std=c17 -O1 -Wall -Werror -pthread -I %ferry_src/passes/dispatch %s -o %t
// RUN: %t 2>&1 | FileCheck --check-prefix=MEASURE %s
// RUN: env FERRY_DISPATCH=measure %t 2>&1 | FileCheck --check-prefix=MEASURE %s
// RUN: env FERRY_DISPATCH=model %t 2>&1 | FileCheck --check-prefix=MODEL %s
// RUN: env FERRY_DISPATCH=variant %t 2>&1 | FileCheck --check-prefix=MODEL %s
// RUN: env FERRY_DISPATCH=original %t 2>&1 | FileCheck --check-prefix=ORIGINAL %s
// RUN: env FERRY_DISPATCH=fastest %t 2>&1 | FileCheck --check-prefix=UNKNOWN %s
// RUN: env FERRY_DISPATCH_REPORT=1 %t 2>&1 >/dev/null | FileCheck --check-prefix=REPORT %s
// RUN: env FERRY_DISPATCH_REPORT=0 %t 2>&1 >/dev/null | count 0
// RUN: %t 2>&1 >/dev/null | count 0
// RUN: rm -f %t.report && env FERRY_DISPATCH_REPORT=%t.report %t > /dev/null
// RUN: env FERRY_DISPATCH_REPORT=%t.report FERRY_DISPATCH=model %t > /dev/null
// RUN: FileCheck --check-prefix=FILE %s < %t.report
// RUN: env FERRY_DISPATCH_REPORT=%t.no/such/dir/report %t 2>&1 >/dev/null | FileCheck --check-prefix=NO-FILE %s
#include "dispatch_runtime.c"
#include "Inputs/stand_in_runtime.h"

static struct ferry_dispatch_kernel faster = {&original_entry, &variant_entry, NULL, NULL, "_Z6fasterv", {{0}}};
static struct ferry_dispatch_kernel slower = {&original_entry, &variant_entry, NULL, NULL, "_Z6slowerv", {{0}}};
static struct ferry_dispatch_kernel once = {&original_entry, &variant_entry, NULL, NULL, "_Z4oncev", {{0}}};
static struct ferry_dispatch_kernel unread = {&original_entry, &variant_entry, NULL, NULL, "_Z6unreadv", {{0}}};
static struct ferry_dispatch_kernel failing_variant = {&original_entry, &variant_entry, NULL, NULL, "_Z7failingv", {{0}}};

static void launches(struct ferry_dispatch_kernel *k, const char *name, int count) {
  char ran[64] = {0};
  int all_calls = 0;
  for (int i = 0; i < count; i++) {
    calls = 0;
    ferry_dispatch_launch(k, 132 | 1ull << 32, 1, 256 | 1ull << 32, 1, NULL, 1024, NULL);
    all_calls += calls;
    ran[i] = last_entry == &variant_entry ? 'V' : 'O';
  }
  printf("%s: %s, %d events made, %d capture queries, %d runtime calls\n", name, ran,
         events_created, capture_queries, all_calls);
}

int main(void) {
  trace = 0;
  launches(&faster, "faster", 10);
  variant_ns = 1100000;
  launches(&slower, "slower", 10);
  launches(&once, "once", 1);
  events_held = 1;
  launches(&unread, "unread", 9);
  events_held = 0;
  launches(&failing_variant, "failing", 3);
  fail_variant_launch = 1;
  launches(&failing_variant, "failing", 1);
  fail_variant_launch = 0;
  return 0;
}
// MEASURE-NOT: ferry:
// MEASURE: faster: VOOVVOVVVV, 2 events made
// MEASURE: slower: VOOVOOOOOO, 4 events made
// MEASURE: once: V, 4 events made
// MODEL-NOT: ferry:
// MODEL: faster: VVVVVVVVVV, 0 events made, 0 capture queries
// MODEL: slower: VVVVVVVVVV, 0 events made, 0 capture queries
// ORIGINAL: faster: OOOOOOOOOO, 0 events made, 0 capture queries, 0 runtime calls
// ORIGINAL: slower: OOOOOOOOOO, 0 events made, 0 capture queries, 0 runtime calls
// UNKNOWN: ferry: FERRY_DISPATCH=fastest is not one of measure, model, original, variant; measure is used
// UNKNOWN-NOT: ferry:
// UNKNOWN: faster: VOOVVOVVVV
// REPORT: ferry-dispatch: mode measure
// REPORT-NEXT: ferry-dispatch: _Z6fasterv device 0 grid 132x1x1 block 256x1x1 dynamic 1024: variant; original 1000.0 1000.0, variant 500.0 500.0 us; the variant's slower sample is 50.0 % below the original's faster one (kept where 2 % below or more)
// REPORT-NEXT: ferry-dispatch: _Z6slowerv device 0 grid 132x1x1 block 256x1x1 dynamic 1024: original; original 1000.0, variant 1100.0 us; the variant's sample is 10.0 % above the original's sample (kept where 2 % below or more)
// REPORT-NEXT: ferry-dispatch: _Z4oncev device 0 grid 132x1x1 block 256x1x1 dynamic 1024: the rules' choice (variant); launched once
// REPORT-NEXT: ferry-dispatch: _Z6unreadv device 0 grid 132x1x1 block 256x1x1 dynamic 1024: the rules' choice (variant); undecided at exit, 0 of 4 samples read
// REPORT-NEXT: ferry-dispatch: _Z7failingv device 0 grid 132x1x1 block 256x1x1 dynamic 1024: original; original 1000.0, variant - us; the variant's launch failed
// REPORT-NOT: ferry
// FILE: ferry-dispatch: mode measure
// FILE: _Z6fasterv device 0 {{.*}}: variant;
// FILE: ferry-dispatch: mode model
// FILE-NOT: _Z6fasterv
// NO-FILE: ferry: FERRY_DISPATCH_REPORT: cannot open {{.*}}no/such/dir/report
