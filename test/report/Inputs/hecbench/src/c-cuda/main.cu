// No shared memory: not compiled by hecbench-refusals.test.
__global__ void k(int *p) { p[0] = 1; }
