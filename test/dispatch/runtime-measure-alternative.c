// A kernel with two variants (K__ferry and the alternative K__ferry_alt,
// dispatch.h), against a stand-in CUDA runtime: under measure a shape's
// first launch runs the rules' choice (the variant, or the original for a
// trial variant), the next warms the original up where the variant ran
// first (variants run no warm-up), and six samples run original, variant, alternative,
// alternative, variant, original. Each variant entry must beat the
// original's faster sample by the margin (2 %) with its slower one; of
// those that do, the faster is kept, the variant on a tie. The trial ends
// once neither can win. A shape whose threads the alternative cannot run
// is measured with two entries. The alternative never runs untimed:
// FERRY_DISPATCH=model runs the rules' choice, =variant the variant. A
// launch after the decision makes no runtime call, whichever entry won.
// Where the alternative's launch fails, the rules' choice runs the launch
// and is kept. Each line: a kernel's launches, O the original, V the
// variant, A the alternative.
// RUN: %clang -std=c17 -O1 -Wall -Werror -pthread -I %ferry_src/passes/dispatch %s -o %t
// RUN: %t 2>&1 | FileCheck --check-prefix=MEASURE %s
// RUN: %t 2>&1 | not grep FAIL
// RUN: env FERRY_DISPATCH=model %t 2>&1 | FileCheck --check-prefix=MODEL %s
// RUN: env FERRY_DISPATCH=variant %t 2>&1 | FileCheck --check-prefix=VARIANT %s
// RUN: env FERRY_DISPATCH_REPORT=1 %t 2>&1 >/dev/null | FileCheck --check-prefix=REPORT %s
#include "dispatch_runtime.c"
#include "Inputs/stand_in_runtime.h"

#define KERNEL(name, variant, trial)                                                               \
  {&original_entry, variant, NULL, trial, name, {{0}}, &alternative_entry}
static struct ferry_dispatch_kernel alternative_faster = KERNEL("alt-faster", &variant_entry, NULL);
static struct ferry_dispatch_kernel variant_faster = KERNEL("variant-faster", &variant_entry, NULL);
static struct ferry_dispatch_kernel tie = KERNEL("tie", &variant_entry, NULL);
static struct ferry_dispatch_kernel both_slower = KERNEL("both-slower", &variant_entry, NULL);
static struct ferry_dispatch_kernel near_margin = KERNEL("near-margin", &variant_entry, NULL);
static struct ferry_dispatch_kernel trial_alternative = KERNEL("trial", NULL, &variant_entry);
static struct ferry_dispatch_kernel narrow = KERNEL("narrow", &variant_entry, NULL);
static struct ferry_dispatch_kernel failing_alternative = KERNEL("failing", &variant_entry, NULL);
static struct ferry_dispatch_kernel no_alternative = {&original_entry, &variant_entry, NULL, NULL, "none", {{0}}};

static int runtime_calls_after; /* runtime calls of the launches after a decision */

static void launches(struct ferry_dispatch_kernel *k, const char *name, unsigned block, int count) {
  char ran[64] = {0};
  runtime_calls_after = 0;
  for (int i = 0; i < count; i++) {
    calls = 0;
    ferry_dispatch_launch(k, 132 | 1ull << 32, 1, block | 1ull << 32, 1, NULL, 1024, NULL);
    if (i >= 9)
      runtime_calls_after += calls;
    ran[i] = last_entry == &alternative_entry ? 'A' : last_entry == &variant_entry ? 'V' : 'O';
  }
  printf("%s: %s\n", name, ran);
}

int main(void) {
  trace = 0;
  launches(&alternative_faster, "alt-faster", 256, 12);
  printf("alt-faster: %d runtime calls after the decision, %d live events\n", runtime_calls_after,
         live_events());
  alternative_ns = 600000;
  launches(&variant_faster, "variant-faster", 256, 12);
  printf("variant-faster: %d runtime calls after the decision\n", runtime_calls_after);
  alternative_ns = 500000;
  launches(&tie, "tie", 256, 12);
  variant_ns = alternative_ns = 1100000;
  launches(&both_slower, "both-slower", 256, 8);
  variant_ns = 990000, alternative_ns = 985000;
  launches(&near_margin, "near-margin", 256, 12);
  variant_ns = 500000, alternative_ns = 400000;
  launches(&trial_alternative, "trial", 256, 12);
  // The alternative's limit is 512 threads a block: a shape of 1024
  // threads is the variant's and the original's to share.
  alternative_threads = 512;
  launches(&narrow, "narrow-256", 256, 12);
  launches(&narrow, "narrow-1024", 1024, 10);
  alternative_threads = 1024;
  fail_alternative_launch = 1;
  launches(&failing_alternative, "failing", 256, 6);
  fail_alternative_launch = 0;
  launches(&no_alternative, "none", 256, 8);
  printf("live events at exit: %d\n", live_events());
  return 0;
}
// MEASURE: alt-faster: VOOVAAVOAAAA
// MEASURE: alt-faster: 0 runtime calls after the decision, 0 live events
// MEASURE: variant-faster: VOOVAAVOVVVV
// MEASURE: variant-faster: 0 runtime calls after the decision
// MEASURE: tie: VOOVAAVOVVVV
// MEASURE: both-slower: VOOVAOOO
// MEASURE: near-margin: VOOVAOOOOOOO
// MEASURE: trial: OOVAAVOAAAAA
// MEASURE: narrow-256: VOOVAAVOAAAA
// MEASURE: narrow-1024: VOOVVOVVVV
// MEASURE: failing: VOOVVV
// MEASURE: none: VOOVVOVV
// MEASURE: live events at exit: 0
// MODEL: alt-faster: VVVVVVVVVVVV
// MODEL: variant-faster: VVVVVVVVVVVV
// MODEL: trial: OOOOOOOOOOOO
// MODEL: failing: VVVVVV
// VARIANT: alt-faster: VVVVVVVVVVVV
// VARIANT: trial: VVVVVVVVVVVV
// REPORT: ferry-dispatch: mode measure
// REPORT-NEXT: ferry-dispatch: alt-faster device 0 grid 132x1x1 block 256x1x1 dynamic 1024: alternative; original 1000.0 1000.0, variant 500.0 500.0, alternative 400.0 400.0 us; the variant's slower sample is 50.0 % below the original's faster one; the alternative's slower sample is 60.0 % below the original's faster one (kept where 2 % below or more)
// REPORT-NEXT: ferry-dispatch: variant-faster device 0 grid 132x1x1 block 256x1x1 dynamic 1024: variant; original 1000.0 1000.0, variant 500.0 500.0, alternative 600.0 600.0 us;
// REPORT-NEXT: ferry-dispatch: tie device 0 grid 132x1x1 block 256x1x1 dynamic 1024: variant;
// REPORT-NEXT: ferry-dispatch: both-slower device 0 grid 132x1x1 block 256x1x1 dynamic 1024: original; original 1000.0, variant 1100.0, alternative 1100.0 us; the variant's sample is 10.0 % above the original's sample; the alternative's sample is 10.0 % above the original's sample (kept where 2 % below or more)
// REPORT-NEXT: ferry-dispatch: near-margin device 0 grid 132x1x1 block 256x1x1 dynamic 1024: original; original 1000.0, variant 990.0, alternative 985.0 us; the variant's sample is 1.0 % below {{.*}}; the alternative's sample is 1.5 % below
// REPORT-NEXT: ferry-dispatch: trial device 0 grid 132x1x1 block 256x1x1 dynamic 1024: alternative;
// REPORT-NEXT: ferry-dispatch: narrow device 0 grid 132x1x1 block 256x1x1 dynamic 1024: alternative;
// REPORT-NEXT: ferry-dispatch: narrow device 0 grid 132x1x1 block 1024x1x1 dynamic 1024: variant; original 1000.0 1000.0, variant 500.0 500.0 us; the variant's slower sample is 50.0 % below the original's faster one (kept where 2 % below or more)
// REPORT-NEXT: ferry-dispatch: failing device 0 grid 132x1x1 block 256x1x1 dynamic 1024: the rules' choice (variant); original 1000.0, variant 500.0, alternative - us; the alternative's launch failed
// REPORT-NEXT: ferry-dispatch: none device 0 grid 132x1x1 block 256x1x1 dynamic 1024: variant; original 1000.0 1000.0, variant 500.0 500.0 us;
