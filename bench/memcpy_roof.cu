// The bandwidth roof: a device-to-device cudaMemcpy of as many bytes as the
// copy loop, the stencil and the transpose read (and write).
#include "bench.cuh"

int main() {
  bench::measure_memcpy_roof();
  return 0;
}
