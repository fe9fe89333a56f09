// Hand-written references for the seeds' loop as written
// (bench/copy_as_written.cu), built with nvcc: the prefetches of
// copy_prefetch.cuh.
#include "copy_prefetch.cuh"

int main() {
  bench::CopyCompute problem("copy_as_written");
  prefetch_references::measure<4, false>(problem, "hand prefetch.global.L2 4 ahead");
  prefetch_references::measure<8, false>(problem, "hand prefetch.global.L2 8 ahead");
  prefetch_references::measure<16, false>(problem, "hand prefetch.global.L2 16 ahead");
#if defined(FERRY_BENCH_SM90)
  prefetch_references::measure<4, true>(problem, "hand bulk prefetch.L2 4 ahead");
#endif
  return 0;
}
