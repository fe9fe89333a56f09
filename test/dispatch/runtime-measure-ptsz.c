// The measured dispatch through the per-thread-stream entry
// (ferry_dispatch_launch_ptsz, which a per-thread default stream's launch
// stub calls), against a stand-in CUDA runtime: its trial records its
// events and asks about capture with the _ptsz calls, which take the
// stream as its launches do; the legacy entry with the plain calls.
// RUN: %clang -std=c17 -O1 -Wall -Werror -pthread -I %ferry_src/passes/dispatch %s -o %t
// RUN: %t | FileCheck %s
#include "dispatch_runtime.c"
#include "Inputs/stand_in_runtime.h"

static struct ferry_dispatch_kernel per_thread = {&original_entry, &variant_entry, NULL, NULL, "per_thread", {{0}}};
static struct ferry_dispatch_kernel legacy = {&original_entry, &variant_entry, NULL, NULL, "legacy", {{0}}};

int main(void) {
  trace = 0;
  for (int i = 0; i < 10; i++)
    ferry_dispatch_launch_ptsz(&per_thread, 132 | 1ull << 32, 1, 256 | 1ull << 32, 1, NULL, 1024,
                               NULL);
  // CHECK: ptsz: variant, 2 events, 8 _ptsz records, 0 records, 5 _ptsz capture queries, 0 capture queries
  printf("ptsz: %s, %d events, %d _ptsz records, %d records, %d _ptsz capture queries, %d capture "
         "queries\n",
         last_entry == &variant_entry ? "variant" : "original", events_created, records_ptsz,
         records, capture_queries_ptsz, capture_queries);
  for (int i = 0; i < 10; i++)
    ferry_dispatch_launch(&legacy, 132 | 1ull << 32, 1, 256 | 1ull << 32, 1, NULL, 1024, NULL);
  // CHECK: legacy: variant, 4 events, 8 _ptsz records, 8 records, 5 _ptsz capture queries, 5 capture queries
  printf("legacy: %s, %d events, %d _ptsz records, %d records, %d _ptsz capture queries, %d "
         "capture queries\n",
         last_entry == &variant_entry ? "variant" : "original", events_created, records_ptsz,
         records, capture_queries_ptsz, capture_queries);
  return 0;
}
