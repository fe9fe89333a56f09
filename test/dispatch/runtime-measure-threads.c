// The measured dispatch under several host threads, against a stand-in
// CUDA runtime (each thread a stream of its own, its kernels timed on its
// own clock): 4 threads x 2 streams launch one kernel 200 times each in
// shapes of their own and a shape they share. One launch at a time owns a
// shape's trial, the others run the rules' choice meanwhile; every shape
// settles on its faster entry (the variant is faster in even grids,
// slower in odd ones), each shape's trial makes 2 events (one pair, read
// before the next sample), and every event made is destroyed.
// RUN: %clang -std=c17 -O1 -Wall -Werror -pthread -I %ferry_src/passes/dispatch %s -o %t
// RUN: %t | FileCheck %s
// RUN: %t | not grep FAIL
#include "dispatch_runtime.c"
#include "Inputs/stand_in_runtime.h"

static struct ferry_dispatch_kernel kernel = {&original_entry, &variant_entry, NULL, NULL, "kernel", {{0}}};
static char streams[8];

static unsigned long long by_grid(int variant, ferry_dim3 grid) {
  return variant ? (grid.x % 2 ? 1200000 : 500000) : 1000000;
}

static void *launcher(void *argument) {
  int thread = (int)(size_t)argument;
  for (int i = 0; i < 200; i++) {
    /* Its own shape (grid 10 + thread), and the shared one (grid 2). */
    unsigned grid = i % 2 ? 10 + thread : 2;
    ferry_dispatch_launch(&kernel, grid | 1ull << 32, 1, 256 | 1ull << 32, 1, NULL, 1024,
                          &streams[thread * 2 + i % 4 / 2]);
  }
  return NULL;
}

int main(void) {
  trace = 0;
  duration = by_grid;
  pthread_t threads[4];
  for (size_t t = 0; t < 4; t++)
    pthread_create(&threads[t], NULL, launcher, (void *)t);
  for (size_t t = 0; t < 4; t++)
    pthread_join(threads[t], NULL);
  // CHECK: events: 10 made, 10 destroyed
  printf("events: %d made, %d destroyed\n", events_created, events_destroyed);
  // CHECK-NEXT: grid 2: variant, 0 runtime calls
  // CHECK-NEXT: grid 10: variant, 0 runtime calls
  // CHECK-NEXT: grid 11: original, 0 runtime calls
  // CHECK-NEXT: grid 12: variant, 0 runtime calls
  // CHECK-NEXT: grid 13: original, 0 runtime calls
  unsigned grids[] = {2, 10, 11, 12, 13};
  for (int i = 0; i < 5; i++) {
    calls = 0;
    ferry_dispatch_launch(&kernel, grids[i] | 1ull << 32, 1, 256 | 1ull << 32, 1, NULL, 1024,
                          NULL);
    printf("grid %u: %s, %d runtime calls\n", grids[i],
           last_entry == &variant_entry ? "variant" : "original", calls);
  }
  return 0;
}
