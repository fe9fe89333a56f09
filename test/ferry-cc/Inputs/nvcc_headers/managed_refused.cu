// What ferry-cc cannot give a __managed__ variable: its address in a
// file-scope initializer (nvcc makes that a dynamic initializer) or in a
// local aggregate's initializer list (clang initializes the aggregate from
// a constant); and, compiled with -rdc=true, any of them (clang 22's
// offload linker would register them with HIP's arguments).
__managed__ int counter;
__managed__ float table[4];
__managed__ int listed;
int *where = &counter;
float *third = &table[2];

__global__ void count() { counter++; }

int main() {
  int *pointers[2] = {&listed, &listed};
  count<<<1, 1>>>();
  return *where + (int)*third + *pointers[1];
}
