// A program that does not compile: compile_time.py counts it apart.
__global__ void broken(int *out) { out[threadIdx.x] = ; }
