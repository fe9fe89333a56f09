// Fails to build: counted apart by hecbench-refusals.test.
__global__ void k() { __shared__ int s[4]; s[0] = ; }
