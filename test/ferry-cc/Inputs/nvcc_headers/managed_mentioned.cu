// __managed__ named only in a comment and a string: nothing to refuse.
#include <cstdio>
__device__ int value;
__global__ void set() { value = 1; }
int main() { set<<<1, 1>>>(); printf("no __managed__ variable here\n"); }
