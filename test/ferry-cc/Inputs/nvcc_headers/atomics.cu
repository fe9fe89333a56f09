// Every form of nvcc's built-in atomic functions (CUDA 12.8 on), one kernel
// a family, each call separated by the asm comment "// next" so that the
// instructions of each call can be checked in order.
#define O(x) __NV_ATOMIC_##x
#define S(x) __NV_THREAD_SCOPE_##x
#define NEXT asm volatile("// next" ::: "memory")

struct alignas(16) Wide { long long low, high; };
struct Pair { short first, second; };

// fetch_add at every order and scope, the scope left out (system).
__global__ void orders_and_scopes(int *p, int *o) {
  o[0] = __nv_atomic_fetch_add(p, 1, O(RELAXED)); NEXT;
  o[1] = __nv_atomic_fetch_add(p, 1, O(CONSUME), S(THREAD)); NEXT;
  o[2] = __nv_atomic_fetch_add(p, 1, O(ACQUIRE), S(BLOCK)); NEXT;
  o[3] = __nv_atomic_fetch_add(p, 1, O(RELEASE), S(CLUSTER)); NEXT;
  o[4] = __nv_atomic_fetch_add(p, 1, O(ACQ_REL), S(DEVICE)); NEXT;
  o[5] = __nv_atomic_fetch_add(p, 1, O(SEQ_CST), S(SYSTEM)); NEXT;
  o[6] = __nv_atomic_fetch_add(p, 1, O(SEQ_CST), S(BLOCK));
}

// The arithmetic and bitwise ones on each type nvcc takes, fetching and not.
__global__ void read_modify_write(int *i, unsigned *u, long long *l, unsigned long long *ul, float *f,
                                  double *d, long long *o) {
  o[0] = __nv_atomic_fetch_sub(i, 3, O(RELAXED), S(DEVICE)); NEXT;
  o[1] = __nv_atomic_fetch_sub(u, 3u, O(RELEASE), S(DEVICE)); NEXT;
  o[2] = __nv_atomic_fetch_add(ul, 3ull, O(RELAXED), S(DEVICE)); NEXT;
  o[3] = __nv_atomic_fetch_min(i, 3, O(RELAXED), S(DEVICE)); NEXT;
  o[4] = __nv_atomic_fetch_min(u, 3u, O(RELAXED), S(DEVICE)); NEXT;
  o[5] = __nv_atomic_fetch_max(l, 3ll, O(RELAXED), S(DEVICE)); NEXT;
  o[6] = __nv_atomic_fetch_min(ul, 3ull, O(RELAXED), S(DEVICE)); NEXT;
  o[7] = __nv_atomic_fetch_and(i, 3, O(ACQUIRE), S(BLOCK)); NEXT;
  o[8] = __nv_atomic_fetch_or(ul, 3ull, O(ACQ_REL), S(SYSTEM)); NEXT;
  o[9] = __nv_atomic_fetch_xor(u, 3u, O(SEQ_CST), S(SYSTEM)); NEXT;
  o[10] = __nv_atomic_fetch_add(f, 1.0f, O(RELAXED), S(DEVICE)); NEXT;
  o[11] = __nv_atomic_fetch_sub(d, 1.0, O(RELAXED), S(DEVICE)); NEXT;
  __nv_atomic_add(u, 1u, O(RELAXED), S(BLOCK)); NEXT;
  __nv_atomic_sub(i, 1, O(RELAXED), S(DEVICE)); NEXT;
  __nv_atomic_min(u, 1u, O(RELAXED), S(DEVICE)); NEXT;
  __nv_atomic_max(l, 1ll, O(RELAXED), S(DEVICE)); NEXT;
  __nv_atomic_and(ul, 1ull, O(RELAXED), S(DEVICE)); NEXT;
  __nv_atomic_or(i, 1, O(RELAXED), S(DEVICE)); NEXT;
  __nv_atomic_xor(i, 1, O(RELAXED), S(DEVICE)); NEXT;
  __nv_atomic_add(d, 1.0, O(RELEASE), S(BLOCK));
}

// Loads and stores of 1, 2, 4 and 8 bytes, _n and generic.
__global__ void loads_and_stores(char *c, short *h, int *p, long long *l, float *f, double *d, long long *o) {
  o[0] = __nv_atomic_load_n(c, O(RELAXED), S(DEVICE)); NEXT;
  o[1] = __nv_atomic_load_n(h, O(ACQUIRE), S(DEVICE)); NEXT;
  o[2] = __nv_atomic_load_n(l, O(SEQ_CST), S(SYSTEM)); NEXT;
  o[3] = __nv_atomic_load_n(p, O(CONSUME), S(BLOCK)); NEXT;
  o[4] = __nv_atomic_load_n(p, O(RELAXED)); NEXT;
  float r; __nv_atomic_load(f, &r, O(ACQUIRE), S(DEVICE)); o[5] = r; NEXT;
  __nv_atomic_store_n(c, (char)1, O(RELAXED), S(DEVICE)); NEXT;
  __nv_atomic_store_n(h, (short)1, O(RELEASE), S(BLOCK)); NEXT;
  __nv_atomic_store_n(l, 1ll, O(SEQ_CST), S(SYSTEM)); NEXT;
  __nv_atomic_store_n(p, 5, O(RELEASE)); NEXT;
  double v = 2.0; __nv_atomic_store(d, &v, O(RELEASE), S(DEVICE));
}

// Exchanges and compare-and-exchanges, _n and generic, at each order pair.
__global__ void exchanges(int *p, unsigned short *h, float *f, Pair *pair, int *o) {
  o[0] = __nv_atomic_exchange_n(p, 4, O(ACQ_REL), S(SYSTEM)); NEXT;
  float x = 1.0f, y; __nv_atomic_exchange(f, &x, &y, O(RELAXED), S(BLOCK)); o[1] = y; NEXT;
  int e = 1;
  o[2] = __nv_atomic_compare_exchange_n(p, &e, 2, false, O(RELAXED), O(RELAXED), S(DEVICE)); NEXT;
  o[3] = __nv_atomic_compare_exchange_n(p, &e, 2, false, O(RELEASE), O(RELAXED), S(DEVICE)); NEXT;
  o[4] = __nv_atomic_compare_exchange_n(p, &e, 2, false, O(ACQUIRE), O(RELAXED), S(DEVICE)); NEXT;
  o[5] = __nv_atomic_compare_exchange_n(p, &e, 2, true, O(SEQ_CST), O(SEQ_CST), S(BLOCK)); NEXT;
  o[6] = __nv_atomic_compare_exchange_n(p, &e, 2, false, O(RELAXED), O(ACQUIRE), S(SYSTEM)); NEXT;
  o[7] = __nv_atomic_compare_exchange_n(p, &e, 2, false, O(CONSUME), O(CONSUME), S(THREAD)); NEXT;
  o[8] = __nv_atomic_compare_exchange_n(p, &e, 2, false, O(ACQ_REL), O(ACQUIRE)); NEXT;
  unsigned short eh = 1;
  o[9] = __nv_atomic_compare_exchange_n(h, &eh, (unsigned short)2, false, O(RELAXED), O(RELAXED), S(DEVICE)); NEXT;
  Pair want = {1, 2}, next = {3, 4};
  o[10] = __nv_atomic_compare_exchange(pair, &want, &next, false, O(ACQUIRE), O(ACQUIRE), S(DEVICE));
  o[11] = e + eh + want.first;
}

#ifndef AS_NVCC
// Where ferry's instruction is stronger than nvcc's: a release success and
// an acquire failure order (nvcc: atom.cas.release, which drops the
// failure's acquire).
__global__ void release_acquire(int *p, int *o) {
  int e = 1;
  o[0] = __nv_atomic_compare_exchange_n(p, &e, 2, false, O(RELEASE), O(ACQUIRE), S(DEVICE));
  o[1] = e;
}
#endif

// Fences: fence.acq_rel for acq_rel, fence.sc for the rest.
__global__ void fences() {
  __nv_atomic_thread_fence(O(RELAXED), S(DEVICE)); NEXT;
  __nv_atomic_thread_fence(O(ACQUIRE), S(DEVICE)); NEXT;
  __nv_atomic_thread_fence(O(RELEASE), S(BLOCK)); NEXT;
  __nv_atomic_thread_fence(O(ACQ_REL), S(SYSTEM)); NEXT;
  __nv_atomic_thread_fence(O(SEQ_CST), S(CLUSTER)); NEXT;
  __nv_atomic_thread_fence(O(CONSUME), S(THREAD)); NEXT;
  __nv_atomic_thread_fence(O(SEQ_CST));
}

// Value arguments of another type take the pointee's, as nvcc's do.
__global__ void converted_values(int *p, unsigned long long *q, long *l, short *h, int *o) {
  o[0] = __nv_atomic_fetch_add(p, 1u, O(RELAXED), S(DEVICE)); NEXT;
  o[1] = __nv_atomic_fetch_add(q, 1, O(RELAXED), S(DEVICE)); NEXT;
  o[2] = __nv_atomic_fetch_max(l, 1, O(RELAXED), S(DEVICE)); NEXT;
  __nv_atomic_store_n(h, 1, O(RELAXED), S(DEVICE)); NEXT;
  o[3] = __nv_atomic_exchange_n(p, 2u, O(RELAXED), S(DEVICE)); NEXT;
  int e = 1;
  o[4] = __nv_atomic_compare_exchange_n(p, &e, 3l, false, O(RELAXED), O(RELAXED), S(DEVICE));
}

#if __CUDA_ARCH__ >= 900
// 16 bytes (sm_90 on).
__global__ void wide(Wide *q, long long *o) {
  Wide r; __nv_atomic_load(q, &r, O(ACQUIRE), S(DEVICE)); o[0] = r.low; NEXT;
  Wide n = {1, 2}; __nv_atomic_store(q, &n, O(RELEASE), S(DEVICE)); NEXT;
  Wide e = {1, 2}; o[1] = __nv_atomic_compare_exchange(q, &e, &n, false, O(ACQ_REL), O(ACQUIRE), S(DEVICE)); NEXT;
  __nv_atomic_exchange(q, &n, &r, O(RELAXED), S(DEVICE)); o[2] = r.high + e.high;
}
#endif

#ifndef AS_NVCC
// The order and scope not known at compile time (nvcc refuses them: "not
// an integer literal"): each takes its value at run time, and every arm
// assembles.
__global__ void run_time_order(int *p, int order, int scope, int *o) {
  o[0] = __nv_atomic_fetch_add(p, 1, order, scope);
  o[1] = __nv_atomic_load_n(p, order, scope);
  __nv_atomic_store_n(p, 1, order, scope);
  __nv_atomic_thread_fence(order, scope);
}
#endif
