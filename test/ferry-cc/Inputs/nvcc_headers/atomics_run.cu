// nvcc's atomic built-ins at work, with output that depends only on their
// meaning (the same from nvcc's build and ferry-cc's): tickets from
// fetch_add at device and block scope, a lock by compare_exchange (acquire)
// and store_n (release) guarding plain increments, a flag passed from one
// block to another by store_n (release) and load_n (acquire), and the
// final values of every other read-modify-write.
#include <cstdio>

#define BLOCKS 512
#define THREADS 256

__global__ void tickets(unsigned *counter, unsigned *seen, unsigned *block_counts) {
  __shared__ unsigned in_block;
  if (threadIdx.x == 0) in_block = 0;
  __syncthreads();
  unsigned ticket = __nv_atomic_fetch_add(counter, 1u, __NV_ATOMIC_ACQ_REL, __NV_THREAD_SCOPE_DEVICE);
  __nv_atomic_fetch_add(&seen[ticket], 1u, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
  __nv_atomic_add(&in_block, 1u, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_BLOCK);
  __syncthreads();
  if (threadIdx.x == 0) block_counts[blockIdx.x] = __nv_atomic_load_n(&in_block, __NV_ATOMIC_ACQUIRE, __NV_THREAD_SCOPE_BLOCK);
}

// One thread a block takes the lock, adds to a plain counter, releases it.
__global__ void locked(int *lock, unsigned long long *plain) {
  if (threadIdx.x != 0) return;
  int expected = 0;
  while (!__nv_atomic_compare_exchange_n(lock, &expected, 1, false, __NV_ATOMIC_ACQUIRE, __NV_ATOMIC_RELAXED,
                                         __NV_THREAD_SCOPE_DEVICE))
    expected = 0;
  volatile unsigned long long *counter = plain;
  *counter = *counter + blockIdx.x + 1;
  __nv_atomic_store_n(lock, 0, __NV_ATOMIC_RELEASE, __NV_THREAD_SCOPE_DEVICE);
}

// Block 0 writes data and raises the flag; block 1 waits for it and reads.
__global__ void message(int *data, int *flag, int *received) {
  if (threadIdx.x != 0) return;
  if (blockIdx.x == 0) {
    for (int i = 0; i < 64; ++i) data[i] = i * i;
    __nv_atomic_store_n(flag, 1, __NV_ATOMIC_RELEASE, __NV_THREAD_SCOPE_DEVICE);
  } else {
    while (__nv_atomic_load_n(flag, __NV_ATOMIC_ACQUIRE, __NV_THREAD_SCOPE_DEVICE) == 0) {
    }
    int sum = 0;
    for (int i = 0; i < 64; ++i) sum += data[i];
    *received = sum;
  }
}

struct Values {
  int sub, min, max, and_, or_, xor_, exchanged;
  long long max64;
  unsigned long long min64;
  float added;
  double subtracted;
};

__global__ void read_modify_write(Values *v) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  __nv_atomic_fetch_sub(&v->sub, i, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
  __nv_atomic_fetch_min(&v->min, 1000 - i, __NV_ATOMIC_SEQ_CST, __NV_THREAD_SCOPE_DEVICE);
  __nv_atomic_fetch_max(&v->max, i * 3, __NV_ATOMIC_RELEASE, __NV_THREAD_SCOPE_SYSTEM);
  __nv_atomic_fetch_and(&v->and_, ~(1 << (i % 31)), __NV_ATOMIC_RELAXED);
  __nv_atomic_fetch_or(&v->or_, 1 << (i % 29), __NV_ATOMIC_ACQ_REL, __NV_THREAD_SCOPE_DEVICE);
  __nv_atomic_fetch_xor(&v->xor_, i, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
  __nv_atomic_fetch_max(&v->max64, (long long)i << 33, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
  __nv_atomic_fetch_min(&v->min64, 1ull << 40 | (unsigned long long)(i + 5), __NV_ATOMIC_RELAXED,
                        __NV_THREAD_SCOPE_DEVICE);
  __nv_atomic_fetch_add(&v->added, 0.5f, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
  __nv_atomic_fetch_sub(&v->subtracted, 0.25, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
  int old = __nv_atomic_exchange_n(&v->exchanged, i, __NV_ATOMIC_ACQ_REL, __NV_THREAD_SCOPE_DEVICE);
  (void)old;
  __nv_atomic_thread_fence(__NV_ATOMIC_SEQ_CST, __NV_THREAD_SCOPE_DEVICE);
}

int main() {
  unsigned *counter, *seen, *block_counts;
  cudaMallocManaged(&counter, sizeof(unsigned));
  cudaMallocManaged(&seen, sizeof(unsigned) * BLOCKS * THREADS);
  cudaMallocManaged(&block_counts, sizeof(unsigned) * BLOCKS);
  *counter = 0;
  for (int i = 0; i < BLOCKS * THREADS; ++i) seen[i] = 0;
  tickets<<<BLOCKS, THREADS>>>(counter, seen, block_counts);
  cudaDeviceSynchronize();
  int once = 0, full = 0;
  for (int i = 0; i < BLOCKS * THREADS; ++i) once += seen[i] == 1;
  for (int b = 0; b < BLOCKS; ++b) full += block_counts[b] == THREADS;
  printf("tickets: counter %u, each ticket once: %d of %d, blocks counting %d: %d of %d\n", *counter, once,
         BLOCKS * THREADS, THREADS, full, BLOCKS);

  int *lock;
  unsigned long long *plain;
  cudaMallocManaged(&lock, sizeof(int));
  cudaMallocManaged(&plain, sizeof(unsigned long long));
  *lock = 0;
  *plain = 0;
  locked<<<BLOCKS, 32>>>(lock, plain);
  cudaDeviceSynchronize();
  printf("lock: sum %llu (want %llu), lock %d\n", *plain, (unsigned long long)BLOCKS * (BLOCKS + 1) / 2, *lock);

  int *data, *flag, *received;
  cudaMallocManaged(&data, sizeof(int) * 64);
  cudaMallocManaged(&flag, sizeof(int));
  cudaMallocManaged(&received, sizeof(int));
  *flag = 0;
  *received = -1;
  message<<<2, 32>>>(data, flag, received);
  cudaDeviceSynchronize();
  printf("message: received %d (want %d)\n", *received, 63 * 64 * 127 / 6);

  Values *v;
  cudaMallocManaged(&v, sizeof(Values));
  *v = Values{0, 1 << 30, -1, -1, 0, 0, -1, 0, ~0ull, 0.0f, 0.0};
  read_modify_write<<<4, 256>>>(v);
  cudaDeviceSynchronize();
  printf("rmw: sub %d min %d max %d and %d or %d xor %d max64 %lld min64 %llu added %.1f subtracted %.2f "
         "exchanged one of them: %d\n",
         v->sub, v->min, v->max, v->and_, v->or_, v->xor_, v->max64, v->min64, v->added, v->subtracted,
         v->exchanged >= 0 && v->exchanged < 1024);
  printf("%s\n", cudaGetErrorString(cudaGetLastError()));
  return 0;
}
