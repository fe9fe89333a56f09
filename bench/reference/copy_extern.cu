// Hand-written references for the seeds' loop with an extern tile
// (bench/copy_extern.cu), built with nvcc: the rings of copy_rings.cuh
// (libcu++ pipeline, hand cp.async 16 B, 8 stages) and, on sm_90, the
// legacy loop with a cp.async.bulk.prefetch.L2 of the tile four iterations
// ahead (copy_prefetch.cuh).
#include "copy_prefetch.cuh"
#include "copy_rings.cuh"

int main() {
  bench::CopyCompute problem("copy_extern");
  ring_references::measure(problem);
#if defined(FERRY_BENCH_SM90)
  prefetch_references::measure<4, true>(problem, "hand bulk prefetch.L2 4 ahead");
#endif
  return 0;
}
