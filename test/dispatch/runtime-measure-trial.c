// A trial variant (K__ferry_trial: copies the rules alone leave as written,
// dispatch.h), against a stand-in CUDA runtime: the rules' choice is the
// original, so it runs wherever no trial decides. Under measure a shape's
// first launch runs the original as the original's warm-up (the variant,
// loaded before, gets none), then the samples (original, variant,
// variant, original) keep the variant only where it is faster; a slower
// variant runs once. A launch into a stream being captured runs the
// original and is no warm-up (it runs later, with the graph): the warm-up
// follows the capture. A shape past the table's 16 runs the original.
// FERRY_DISPATCH=model runs the
// original everywhere, =variant the variant wherever the checks let it.
// A kernel whose image has a plain variant (K__ferry) beside it keeps the
// variant as the rules' choice (its first launch). Each line: a kernel's
// launches, O the original, V the variant.
// RUN: %clang -std=c17 -O1 -Wall -Werror -pthread -I %ferry_src/passes/dispatch %s -o %t
// RUN: %t 2>&1 | FileCheck --check-prefix=MEASURE %s
// RUN: env FERRY_DISPATCH=model %t 2>&1 | FileCheck --check-prefix=MODEL %s
// RUN: env FERRY_DISPATCH=variant %t 2>&1 | FileCheck --check-prefix=VARIANT %s
// RUN: env FERRY_DISPATCH_REPORT=1 %t 2>&1 >/dev/null | FileCheck --check-prefix=REPORT %s
#include "dispatch_runtime.c"
#include "Inputs/stand_in_runtime.h"

static struct ferry_dispatch_kernel faster = {&original_entry, NULL, NULL, &variant_entry, "_Z6fasterv", {{0}}};
static struct ferry_dispatch_kernel slower = {&original_entry, NULL, NULL, &variant_entry, "_Z6slowerv", {{0}}};
static struct ferry_dispatch_kernel once = {&original_entry, NULL, NULL, &variant_entry, "_Z4oncev", {{0}}};
static struct ferry_dispatch_kernel captured = {&original_entry, NULL, NULL, &variant_entry, "_Z8capturedv", {{0}}};
static struct ferry_dispatch_kernel full = {&original_entry, NULL, NULL, &variant_entry, "_Z4fullv", {{0}}};
static struct ferry_dispatch_kernel plain_variant = {&original_entry, &variant_entry, NULL, NULL, "_Z5plainv", {{0}}};

static void launches(struct ferry_dispatch_kernel *k, const char *name, unsigned grid, int count) {
  char ran[64] = {0};
  for (int i = 0; i < count; i++) {
    ferry_dispatch_launch(k, grid | 1ull << 32, 1, 256 | 1ull << 32, 1, NULL, 1024, NULL);
    ran[i] = last_entry == &variant_entry ? 'V' : 'O';
  }
  printf("%s: %s\n", name, ran);
}

int main(void) {
  trace = 0;
  launches(&faster, "faster", 132, 10);
  variant_ns = 1100000;
  launches(&slower, "slower", 132, 10);
  launches(&once, "once", 132, 1);
  variant_ns = 500000;
  capturing = 1;
  launches(&captured, "captured", 132, 4);
  capturing = 0;
  launches(&captured, "captured-after", 132, 8);
  for (unsigned grid = 1; grid <= 16; grid++)
    launches(&full, "full", grid, 1);
  launches(&full, "full-17", 17, 8);
  launches(&plain_variant, "plain", 132, 1);
  return 0;
}
// MEASURE: faster: OOVVOVVVVV
// MEASURE: slower: OOVOOOOOOO
// MEASURE: once: O
// MEASURE: captured: OOOO
// MEASURE: captured-after: OOVVOVVV
// MEASURE: full-17: OOOOOOOO
// MEASURE: plain: V
// MODEL: faster: OOOOOOOOOO
// MODEL: slower: OOOOOOOOOO
// MODEL: captured-after: OOOOOOOO
// MODEL: full-17: OOOOOOOO
// MODEL: plain: V
// VARIANT: faster: VVVVVVVVVV
// VARIANT: slower: VVVVVVVVVV
// VARIANT: full-17: VVVVVVVV
// REPORT: ferry-dispatch: mode measure
// REPORT-NEXT: ferry-dispatch: _Z6fasterv device 0 grid 132x1x1 block 256x1x1 dynamic 1024: variant; original 1000.0 1000.0, variant 500.0 500.0 us; the variant's slower sample is 50.0 % below
// REPORT-NEXT: ferry-dispatch: _Z6slowerv device 0 grid 132x1x1 block 256x1x1 dynamic 1024: original; original 1000.0, variant 1100.0 us; the variant's sample is 10.0 % above
// REPORT-NEXT: ferry-dispatch: _Z4oncev device 0 grid 132x1x1 block 256x1x1 dynamic 1024: the rules' choice (original); launched once
// REPORT-NEXT: ferry-dispatch: _Z8capturedv device 0 grid 132x1x1 block 256x1x1 dynamic 1024: variant;
// REPORT: ferry-dispatch: _Z4fullv device 0 grid 16x1x1 block 256x1x1 dynamic 1024: the rules' choice (original); launched once
// REPORT-NEXT: ferry-dispatch: _Z4fullv device 0: shapes past the first 16: the rules' choice (original)
// REPORT-NEXT: ferry-dispatch: _Z5plainv device 0 grid 132x1x1 block 256x1x1 dynamic 1024: the rules' choice (variant); launched once
