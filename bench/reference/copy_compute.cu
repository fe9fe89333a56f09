// Hand-written references for the seeds' copy-and-compute loop
// (bench/copy_compute.cu), built with nvcc: the rings of copy_rings.cuh.
#include "copy_rings.cuh"

int main() {
  bench::CopyCompute problem;
  ring_references::measure(problem);
  return 0;
}
