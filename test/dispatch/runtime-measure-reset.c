// The measured dispatch across a cudaDeviceReset, against a stand-in CUDA
// runtime (Inputs/stand_in_runtime.h: device_reset() gives the context a
// new id, kills its events, any call on one prints FAIL, and drops the
// variant's raised dynamic shared memory limit). A reset while a shape's
// trial holds events: the next launch drops them untouched and the trial
// starts again in the new context, the original's warm-up first (a trial
// variant's too, which needed none before), and settles as before.
// Two shapes whose trials are pending when the context dies: each drops its
// own at its next step. A shape decided on a variant whose launch needs the
// raised limit: after a reset its launch fails once, the limit is set again
// in the new context, and the variant runs (not the original). A trial
// pending at exit after a reset: nothing is touched at exit. Where the
// driver cannot tell its context (no cuCtxGetId), no trial runs: the rules'
// choice, and the report says why. Each line: a kernel's launches, O the
// original, V the variant.
// RUN: %clang -std=c17 -O1 -Wall -Werror -pthread -I %ferry_src/passes/dispatch %s -o %t
// RUN: env FERRY_DISPATCH_REPORT=1 %t > %t.out 2> %t.report
// RUN: FileCheck %s < %t.out
// RUN: FileCheck --check-prefix=REPORT %s < %t.report
// RUN: not grep FAIL %t.out
// RUN: env FERRY_DISPATCH_REPORT=1 %t no-id > %t.no-id 2> %t.no-id.report
// RUN: FileCheck --check-prefix=NO-ID %s < %t.no-id
// RUN: FileCheck --check-prefix=NO-ID-REPORT %s < %t.no-id.report
#include "dispatch_runtime.c"
#include "Inputs/stand_in_runtime.h"

static struct ferry_dispatch_kernel during = {&original_entry, &variant_entry, NULL, NULL, "during", {{0}}};
static struct ferry_dispatch_kernel pair = {&original_entry, &variant_entry, NULL, NULL, "pair", {{0}}};
static struct ferry_dispatch_kernel large = {&original_entry, &variant_entry, NULL, NULL, "large", {{0}}};
static struct ferry_dispatch_kernel pending_at_exit = {&original_entry, &variant_entry, NULL, NULL, "pending", {{0}}};
static struct ferry_dispatch_kernel trial_during = {&original_entry, NULL, NULL, &variant_entry, "trial", {{0}}};

static void launches(struct ferry_dispatch_kernel *k, const char *name, unsigned grid, size_t shared,
                     int count) {
  char ran[64] = {0};
  for (int i = 0; i < count; i++) {
    int status = ferry_dispatch_launch(k, grid | 1ull << 32, 1, 256 | 1ull << 32, 1, NULL, shared, NULL);
    ran[i] = status ? 'E' : last_entry == &variant_entry ? 'V' : 'O';
    if (pending)
      printf("FAIL %s: launch %d left error %d pending\n", name, i, pending);
  }
  printf("%s: %s\n", name, ran);
}

int main(int argc, char **argv) {
  trace = 0;
  if (argc > 1) {
    // NO-ID: no-id: VOVVVVVV
    // NO-ID-REPORT: ferry-dispatch: during device 0 grid 132x1x1 block 256x1x1 dynamic 1024: the rules' choice (variant); the driver's cuCtxGetId or cuEventQuery is not at hand, so a reset could not be told
    no_context_id = 1;
    launches(&during, "no-id", 132, 1024, 8);
    return 0;
  }
  // The first launch, the warm-up (events made) and the first sample; the
  // reset; then the warm-up again, four samples, the variant kept.
  // CHECK: during-before: VOO
  // CHECK-NEXT: during-after: OOVVOVVV
  // CHECK-NEXT: during: 2 events of the dead context left untouched, 2 made since, all destroyed
  launches(&during, "during-before", 132, 1024, 3);
  int dead_events = live_events();
  device_reset();
  int made = events_created;
  launches(&during, "during-after", 132, 1024, 8);
  printf("during: %d events of the dead context left untouched, %d made since, %s\n", dead_events,
         events_created - made, live_events() == dead_events ? "all destroyed" : "some live");

  // A trial variant (K__ferry_trial: the rules choose the original) needs
  // no warm-up where its first launch ran the original: the first launch,
  // then the samples. After the reset the new context has run neither
  // entry: the original's warm-up comes first again.
  // CHECK: trial-before: OOV
  // CHECK-NEXT: trial-after: OOVVOVVV
  launches(&trial_during, "trial-before", 132, 1024, 3);
  device_reset();
  launches(&trial_during, "trial-after", 132, 1024, 8);

  // Two shapes, each past its first sample; the reset; each goes on.
  // CHECK: pair-a-before: VOO
  // CHECK-NEXT: pair-b-before: VOO
  // CHECK-NEXT: pair-b-after: OOVVOVVV
  // CHECK-NEXT: pair-a-after: OOVVOVVV
  launches(&pair, "pair-a-before", 100, 1024, 3);
  launches(&pair, "pair-b-before", 101, 1024, 3);
  device_reset();
  launches(&pair, "pair-b-after", 101, 1024, 8);
  launches(&pair, "pair-a-after", 100, 1024, 8);

  // 44 KiB of dynamic shared memory: the variant (8 KiB static) runs only
  // with its limit raised. Decided on the variant; the reset; its next
  // launch fails once, the limit is set again, and the variant runs.
  // CHECK: large-before: VOOVVOVV
  // CHECK-NEXT: large-after: VVV
  // CHECK-NEXT: large: the limit set 2 times (learning the device, after the reset)
  variant_limit_set = 0;
  launches(&large, "large-before", 132, 44 * 1024, 8);
  device_reset();
  launches(&large, "large-after", 132, 44 * 1024, 3);
  printf("large: the limit set %d times (learning the device, after the reset)\n",
         variant_limit_set);

  // A trial under way when the context dies, and never launched again.
  // CHECK: pending-before: VOO
  launches(&pending_at_exit, "pending-before", 132, 1024, 3);
  device_reset();
  return 0;
}
// REPORT: ferry-dispatch: during device 0 grid 132x1x1 block 256x1x1 dynamic 1024: variant; original 1000.0 1000.0, variant 500.0 500.0 us; the variant's slower sample is 50.0 % below
// REPORT: ferry-dispatch: trial device 0 grid 132x1x1 {{.*}}: variant; original 1000.0 1000.0, variant 500.0 500.0 us
// REPORT: ferry-dispatch: pair device 0 grid 100x1x1 {{.*}}: variant;
// REPORT: ferry-dispatch: pair device 0 grid 101x1x1 {{.*}}: variant;
// REPORT: ferry-dispatch: pending device 0 grid 132x1x1 {{.*}}: the rules' choice (variant); original 1000.0, variant - us; undecided at exit, 1 of 4 samples read
