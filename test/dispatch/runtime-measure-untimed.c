// The measured dispatch where a launch cannot be timed, against a
// stand-in CUDA runtime: the launch runs the rules' choice (the variant)
// and the trial waits. A stream being captured into a graph (no event is
// recorded there); a legacy-stream launch whose capture query fails while
// another stream captures (its error cleared). An error the program left
// pending does not stop the trial: the trial's calls leave it untouched
// (the samples are read through the driver: a sample not yet complete
// leaves it too). After 64 untimed launches the trial stops: the rules'
// choice. A table holds 16 shapes per
// kernel and device; a shape past them keeps the rules' choice, untimed.
// An event that cannot be made ends the trial (the rules' choice); an
// entry whose launch fails in the trial runs the other, and the variant
// failing leaves the original. A sample that cannot be read ends the
// trial (the rules' choice). One launch at a time owns a shape's trial: a
// launch of the same shape meanwhile (here made from inside the owner's
// launch) runs the rules' choice, untimed. While another thread captures
// a stream in the global mode, a kernel's first launch learns the device
// and a trial on another stream goes on: their calls are made in the
// relaxed capture mode (else the runtime refuses them and spoils that
// capture), and the thread's mode restored.
// RUN: %clang -std=c17 -O1 -Wall -Werror -pthread -I %ferry_src/passes/dispatch %s -o %t
// RUN: %t | FileCheck %s
// RUN: %t | not grep FAIL
#include "dispatch_runtime.c"
#include "Inputs/stand_in_runtime.h"

static struct ferry_dispatch_kernel captured = {&original_entry, &variant_entry, NULL, NULL, "captured", {{0}}};
static struct ferry_dispatch_kernel legacy = {&original_entry, &variant_entry, NULL, NULL, "legacy", {{0}}};
static struct ferry_dispatch_kernel with_error = {&original_entry, &variant_entry, NULL, NULL, "error", {{0}}};
static struct ferry_dispatch_kernel never_timed = {&original_entry, &variant_entry, NULL, NULL, "never", {{0}}};
static struct ferry_dispatch_kernel full = {&original_entry, &variant_entry, NULL, NULL, "full", {{0}}};
static struct ferry_dispatch_kernel no_events = {&original_entry, &variant_entry, NULL, NULL, "no_events", {{0}}};
static struct ferry_dispatch_kernel variant_fails = {&original_entry, &variant_entry, NULL, NULL, "variant_fails", {{0}}};
static struct ferry_dispatch_kernel original_fails = {&original_entry, &variant_entry, NULL, NULL, "original_fails", {{0}}};
static struct ferry_dispatch_kernel unreadable = {&original_entry, &variant_entry, NULL, NULL, "unreadable", {{0}}};
static struct ferry_dispatch_kernel beside_capture = {&original_entry, &variant_entry, NULL, NULL, "beside_capture", {{0}}};
static struct ferry_dispatch_kernel owned = {&original_entry, &variant_entry, NULL, NULL, "owned", {{0}}};

/* The events the tables' trials hold: each sample's pair, the spare. */
static int held_by_trials(void) {
  int held = 0;
  for (struct shape_table *table = all_tables; table; table = table->next)
    for (unsigned i = 0; i < SHAPES; i++) {
      struct shape *shape = &table->shapes[i];
      for (unsigned k = 0; k <= SPARE; k++)
        for (unsigned e = 0; e < 2; e++)
          held += shape->events[k][e] != NULL;
    }
  return held;
}

static void launch_owned(void) { go_on(&owned, "owned-meanwhile", 132, 256, 1024, NULL); }

static void go(struct ferry_dispatch_kernel *k, const char *what) { go_on(k, what, 132, 256, 1024, NULL); }

int main(void) {
  // CHECK-LABEL: {{^}}captured-first{{$}}
  // CHECK-NEXT: launch variant
  // CHECK-LABEL: {{^}}captured-1{{$}}
  // CHECK-NEXT: launch variant
  // CHECK-NEXT: captured-1: variant, status 0, 1 runtime calls, pending 0
  // CHECK-LABEL: {{^}}captured-2{{$}}
  // CHECK-NEXT: launch variant
  // CHECK-NEXT: captured-2: variant, status 0, 1 runtime calls, pending 0
  // The capture over: the trial goes on with the original's warm-up.
  // CHECK-LABEL: {{^}}captured-over{{$}}
  // CHECK-NEXT: launch original
  go(&captured, "captured-first");
  capturing = 1;
  go(&captured, "captured-1");
  go(&captured, "captured-2");
  capturing = 0;
  go(&captured, "captured-over");
  printf("captured: %d records\n", records);
  // CHECK: captured: 0 records

  // CHECK-LABEL: {{^}}legacy-1{{$}}
  // CHECK-NEXT: launch variant
  // CHECK-NEXT: legacy-1: variant, status 0, 2 runtime calls, pending 0
  go(&legacy, "legacy-first");
  capture_error = 1;
  go(&legacy, "legacy-1");
  capture_error = 0;

  // An error the program left pending: the trial goes on (the original's
  // warm-up, then its first sample, not complete when read), and the error
  // stays, unread.
  // CHECK-LABEL: {{^}}error-1{{$}}
  // CHECK-NEXT: launch original
  // CHECK-NEXT: error-1: original, status 0, {{[0-9]+}} runtime calls, pending 5, live events {{[0-9]+}}, 3 before the launch
  // CHECK-LABEL: {{^}}error-2{{$}}
  // CHECK-NEXT: launch original
  // CHECK-NEXT: error-2: original, status 0, {{[0-9]+}} runtime calls, pending 5
  // The sample completed: the next launch, untimed, reads it after its
  // launch (the rules' choice, with no call before it).
  // CHECK-LABEL: {{^}}error-cleared{{$}}
  // CHECK-NEXT: launch variant
  // CHECK-NEXT: error-cleared: variant, status 0, {{[0-9]+}} runtime calls, pending 0, live events {{[0-9]+}}, 0 before the launch
  go(&with_error, "error-first");
  pending = 5;
  events_held = 1;
  go(&with_error, "error-1");
  go(&with_error, "error-2");
  release_events();
  events_held = 0;
  pending = 0;
  go(&with_error, "error-cleared");

  // 64 untimed launches end the trial: the rules' choice, recorded.
  go(&never_timed, "never-first");
  capturing = 1;
  trace = 0;
  for (int i = 0; i < 64; i++)
    go(&never_timed, "never");
  trace = 1;
  capturing = 0;
  // CHECK-LABEL: {{^}}never-after{{$}}
  // CHECK-NEXT: launch variant
  // CHECK-NEXT: never-after: variant, status 0, {{[0-9]+}} runtime calls
  // CHECK-LABEL: {{^}}never-again{{$}}
  // CHECK-NEXT: launch variant
  // CHECK-NEXT: never-again: variant, status 0, 0 runtime calls
  go(&never_timed, "never-after");
  go(&never_timed, "never-again");

  // 16 shapes fill the table; a 17th runs the rules' choice at each
  // launch, without a trial.
  trace = 0;
  for (unsigned grid = 1; grid <= 16; grid++)
    go_on(&full, "full", grid, 256, 1024, NULL);
  trace = 1;
  // CHECK-LABEL: {{^}}full-17{{$}}
  // CHECK-NEXT: launch variant
  // CHECK-LABEL: {{^}}full-17-again{{$}}
  // CHECK-NEXT: launch variant
  // CHECK-NEXT: full-17-again: variant, status 0, 0 runtime calls
  // CHECK-LABEL: {{^}}full-16-again{{$}}
  // CHECK-NEXT: launch original
  go_on(&full, "full-17", 17, 256, 1024, NULL);
  go_on(&full, "full-17-again", 17, 256, 1024, NULL);
  go_on(&full, "full-16-again", 16, 256, 1024, NULL);

  // The first sample's events, made after the warm-up's launch, cannot be
  // made: the trial stops, the rules' choice.
  // CHECK-LABEL: {{^}}no-events-warm-up{{$}}
  // CHECK-NEXT: launch original
  // CHECK-NEXT: no-events-warm-up: original, status 0, {{[0-9]+}} runtime calls, pending 0
  // CHECK-LABEL: {{^}}no-events-after{{$}}
  // CHECK-NEXT: launch variant
  // CHECK-NEXT: no-events-after: variant, status 0, 0 runtime calls
  go(&no_events, "no-events-first");
  fail_event_create = 1;
  go(&no_events, "no-events-warm-up");
  fail_event_create = 0;
  go(&no_events, "no-events-after");

  // The trial's first variant sample fails to launch: the original runs it,
  // and is kept.
  // CHECK-LABEL: {{^}}variant-fails-sample{{$}}
  // CHECK-NEXT: launch original
  // CHECK-NEXT: variant-fails-sample: original, status 0, {{[0-9]+}} runtime calls, pending 0
  // CHECK-LABEL: {{^}}variant-fails-after{{$}}
  // CHECK-NEXT: launch original
  // CHECK-NEXT: variant-fails-after: original, status 0, 0 runtime calls
  go(&variant_fails, "variant-fails-first");
  go(&variant_fails, "variant-fails-warm-up");
  go(&variant_fails, "variant-fails-original-sample");
  fail_variant_launch = 1;
  go(&variant_fails, "variant-fails-sample");
  fail_variant_launch = 0;
  go(&variant_fails, "variant-fails-after");

  // The original's warm-up fails: the variant runs it, and is kept.
  // CHECK-LABEL: {{^}}original-fails-warm-up{{$}}
  // CHECK-NEXT: launch variant
  // CHECK-NEXT: original-fails-warm-up: variant, status 0, {{[0-9]+}} runtime calls, pending 0
  // CHECK-LABEL: {{^}}original-fails-after{{$}}
  // CHECK-NEXT: launch variant
  // CHECK-NEXT: original-fails-after: variant, status 0, 0 runtime calls
  go(&original_fails, "original-fails-first");
  fail_original_launch = 1;
  go(&original_fails, "original-fails-warm-up");
  fail_original_launch = 0;
  go(&original_fails, "original-fails-after");
  // An event's time that cannot be read: the trial stops, the rules' choice.
  // CHECK-LABEL: {{^}}unreadable-read{{$}}
  // CHECK-NEXT: launch variant
  // CHECK-NEXT: unreadable-read: variant, status 0, {{[0-9]+}} runtime calls, pending 0
  // CHECK-LABEL: {{^}}unreadable-after{{$}}
  // CHECK-NEXT: launch variant
  // CHECK-NEXT: unreadable-after: variant, status 0, 0 runtime calls
  go(&unreadable, "unreadable-first");
  go(&unreadable, "unreadable-warm-up");
  go(&unreadable, "unreadable-sample");
  fail_elapsed = 1;
  go(&unreadable, "unreadable-read");
  fail_elapsed = 0;
  go(&unreadable, "unreadable-after");

  // The owner's warm-up launch of the original; meanwhile another launch of
  // the shape runs the variant, with no call of the trial's.
  // CHECK-LABEL: {{^}}owned-warm-up{{$}}
  // CHECK-NEXT: owned-meanwhile
  // CHECK-NEXT: launch variant
  // CHECK-NEXT: owned-meanwhile: variant, status 0, 0 runtime calls, pending 0
  // CHECK-NEXT: launch original
  // CHECK-LABEL: {{^}}owned-sample{{$}}
  // CHECK-NEXT: launch original
  // CHECK-NEXT: owned-sample: original, status 0, {{[0-9]+}} runtime calls, pending 0
  go(&owned, "owned-first");
  on_launch = launch_owned;
  go(&owned, "owned-warm-up");
  go(&owned, "owned-sample");
  // CHECK-LABEL: beside a capture: VOOVVOVVVV, 0 captures spoiled, 12 mode exchanges
  global_capture_elsewhere = 1;
  trace = 0;
  char ran[16] = {0};
  mode_exchanges = 0;
  for (int i = 0; i < 10; i++) {
    go(&beside_capture, "beside");
    ran[i] = last_entry == &variant_entry ? 'V' : 'O';
  }
  trace = 1;
  global_capture_elsewhere = 0;
  printf("beside a capture: %s, %d captures spoiled, %d mode exchanges\n", ran, captures_spoiled,
         mode_exchanges);
  // CHECK-NOT: FAIL
  // Every event made is destroyed or held by a trial not finished (here
  // those left after their warm-up or first sample).
  // CHECK: end: [[HELD:[0-9]+]] events live, [[HELD]] held by unfinished trials
  printf("end: %d events live, %d held by unfinished trials\n", live_events(), held_by_trials());
  return 0;
}
