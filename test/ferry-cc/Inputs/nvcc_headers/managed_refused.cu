// What ferry-cc cannot give a __managed__ variable: its address in a
// file-scope initializer (nvcc makes that a dynamic initializer); and,
// compiled with -rdc=true, any of them (clang 22's offload linker would
// register them with HIP's arguments).
__managed__ int counter;
__managed__ float table[4];
int *where = &counter;
float *third = &table[2];

__global__ void count() { counter++; }

int main() {
  count<<<1, 1>>>();
  return *where + (int)*third;
}
