// The measured dispatch with two devices, against a stand-in CUDA runtime:
// one shape of one kernel, launched on each device in turn, is measured per
// device (its own table, events and decision): the variant is faster on
// device 0 and slower on device 1, and each device keeps its own choice
// (device 1's after one sample of each entry: the variant cannot win).
// RUN: %clang -std=c17 -O1 -Wall -Werror -pthread -I %ferry_src/passes/dispatch %s -o %t
// RUN: %t | FileCheck %s
#include "dispatch_runtime.c"
#include "Inputs/stand_in_runtime.h"

static struct ferry_dispatch_kernel kernel = {&original_entry, &variant_entry, NULL, NULL, "kernel", {{0}}};

static unsigned long long by_device(int variant, ferry_dim3 grid) {
  (void)grid;
  return variant ? (current_device ? 1500000 : 500000) : 1000000;
}

int main(void) {
  trace = 0;
  device_total = 2;
  duration = by_device;
  char ran[2][16] = {{0}};
  for (int i = 0; i < 24; i++) {
    current_device = i % 2;
    ferry_dispatch_launch(&kernel, 132 | 1ull << 32, 1, 256 | 1ull << 32, 1, NULL, 1024, NULL);
    ran[current_device][i / 2] = last_entry == &variant_entry ? 'V' : 'O';
  }
  // CHECK: device 0: VOOVVOVVVVVV
  // CHECK-NEXT: device 1: VOOVOOOOOOOO
  // CHECK-NEXT: events: 4 made, 4 destroyed
  printf("device 0: %s\ndevice 1: %s\n", ran[0], ran[1]);
  printf("events: %d made, %d destroyed\n", events_created, events_destroyed);
  return 0;
}
