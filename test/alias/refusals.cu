// Alias versioning's refusals (alias_version.c): a loop whose stores may
// write what its loads read stays as written, with a remark saying why,
// where it holds a barrier, a fence, an atomic, a volatile access, a call
// that may touch memory or a warp-collective operation, where its trip count cannot be read before it, or
// where no range bounds the bytes it touches. A kernel with nothing
// versioned (and nothing else converted) gets no variant. Pointers known
// apart (__restrict__) leave nothing to version: no remark.
//
// RUN: %ferry-cc --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only -gline-tables-only \
// RUN:   -Rpass=ferry -Rpass-missed=ferry -Rpass-analysis=ferry -o %t.ptx %s 2>&1 \
// RUN:   | FileCheck --check-prefix=REMARK --implicit-check-not=versioned %s
// RUN: %ptxas -arch=sm_80 %t.ptx -o /dev/null
// RUN: FileCheck --check-prefix=PTX %s < %t.ptx
// RUN: %ferry-cc --cuda-gpu-arch=sm_90a -O3 -S --cuda-device-only -o %t.sm90a.ptx %s
// RUN: %ptxas -arch=sm_90a %t.sm90a.ptx -o /dev/null

// REMARK-DAG: refusals.cu:[[#@LINE+5]]:{{[0-9]+}}: remark: this loop's stores may write what its loads read (the pointers may alias), and it stays as written: it holds a barrier
__global__ void barrier(float *acc, const float *a, int n) {
  int t = threadIdx.x;
  acc[t] = 0.0f;
  for (int i = 0; i < n; i++) {
    acc[t] += a[i * 256 + t];
    __syncthreads();
  }
}

// REMARK-DAG: refusals.cu:[[#@LINE+4]]:{{[0-9]+}}: remark: this loop's stores may write what its loads read (the pointers may alias), and it stays as written: it holds a fence or other synchronisation
__global__ void fence(float *acc, const float *a, int n) {
  int t = threadIdx.x;
  for (int i = 0; i < n; i++) {
    acc[t] += a[i * 256 + t];
    __threadfence();
  }
}

// REMARK-DAG: refusals.cu:[[#@LINE+4]]:{{[0-9]+}}: remark: this loop's stores may write what its loads read (the pointers may alias), and it stays as written: it holds an atomic
__global__ void atomic(float *acc, const float *a, int *count, int n) {
  int t = threadIdx.x;
  for (int i = 0; i < n; i++) {
    acc[t] += a[i * 256 + t];
    atomicAdd(count, 1);
  }
}

// REMARK-DAG: refusals.cu:[[#@LINE+4]]:{{[0-9]+}}: remark: this loop's stores may write what its loads read (the pointers may alias), and it stays as written: it holds a volatile or atomic access
__global__ void volatile_load(float *acc, volatile float *a, int n) {
  int t = threadIdx.x;
  for (int i = 0; i < n; i++)
    acc[t] += a[i * 256 + t];
}

__device__ __noinline__ void note(float *log, float value) { *log = value; }

// REMARK-DAG: refusals.cu:[[#@LINE+4]]:{{[0-9]+}}: remark: this loop's stores may write what its loads read (the pointers may alias), and it stays as written: it holds a call that may touch memory
__global__ void call(float *acc, const float *a, float *log, int n) {
  int t = threadIdx.x;
  for (int i = 0; i < n; i++) {
    acc[t] += a[i * 256 + t];
    note(log, acc[t]);
  }
}

// A shuffle: the threads of a warp would split between the versions.
// REMARK-DAG: refusals.cu:[[#@LINE+4]]:{{[0-9]+}}: remark: this loop's stores may write what its loads read (the pointers may alias), and it stays as written: it holds a warp-collective operation
__global__ void shuffle(float *acc, const float *a, int n) {
  int t = threadIdx.x;
  for (int i = 0; i < n; i++)
    acc[t] += __shfl_sync(0xffffffffu, a[i * 256 + t], 0);
}

// The address of a load depends on another load: no range bounds it.
// REMARK-DAG: refusals.cu:[[#@LINE+4]]:{{[0-9]+}}: remark: this loop's stores may write what its loads read (the pointers may alias), and it stays as written: no run-time check can bound the bytes it touches: its address depends on
__global__ void gather(float *acc, const float *a, const int *index, int n) {
  int t = threadIdx.x;
  for (int i = 0; i < n; i++)
    acc[t] += a[index[i]];
}

// A loop that runs until a value it loads says so.
// REMARK-DAG: refusals.cu:[[#@LINE+5]]:{{[0-9]+}}: remark: this loop's stores may write what its loads read (the pointers may alias), and it stays as written: its trip count cannot be read before it
__global__ void search(float *acc, const float *a) {
  int t = threadIdx.x;
  int i = 0;
  while (a[i * 256 + t] > 0.0f) {
    acc[t] += a[i * 256 + t];
    i++;
  }
}

// Apart already: nothing to version.
__global__ void restricted(float *__restrict__ acc, const float *__restrict__ a, int n) {
  int t = threadIdx.x;
  for (int i = 0; i < n; i++)
    acc[t] += a[i * 256 + t];
}

// REMARK-NOT: variant _Z7restrictedPfPKfi
// No kernel of this file gets a variant.
// PTX-NOT: __ferry
