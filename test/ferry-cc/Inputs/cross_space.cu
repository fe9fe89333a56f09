// A kernel calling a host function: nvcc's cross-execution-space-call.
int host_only(int x) { return x + 1; }
__global__ void calls_host(int *a) { a[0] = host_only(a[0]); }
