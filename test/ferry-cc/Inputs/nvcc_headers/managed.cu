// __managed__ variables, as HeCBench's logic-rewrite declares them: one a
// kernel reads and updates (atomicAdd), one whose address a kernel is
// handed (balance.cu's isEnd); the host reads both after the kernel.
#include <cstdio>

__managed__ int nodes;
__managed__ int finished = 0;

__global__ void count(int *done) {
  atomicAdd(&nodes, 1);
  *done = 1;
}

int main() {
  count<<<1, 32>>>(&finished);
  cudaDeviceSynchronize();
  printf("%d %d\n", nodes, finished);
}
