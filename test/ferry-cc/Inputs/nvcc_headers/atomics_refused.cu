// The calls of nvcc's atomic functions that nvcc refuses at compile time.
struct alignas(16) Wide { long long low, high; };
__global__ void refused(int *p, long long *l, double *d, float *f, Wide *q, Wide *o) {
  p[1] = __nv_atomic_load_n(p, __NV_ATOMIC_RELEASE);
  __nv_atomic_store_n(p, 1, __NV_ATOMIC_ACQUIRE);
  __nv_atomic_fetch_add(l, 1ll, __NV_ATOMIC_RELAXED);
  __nv_atomic_fetch_min(d, 1.0, __NV_ATOMIC_RELAXED);
  __nv_atomic_load_n(f, __NV_ATOMIC_RELAXED);
  __nv_atomic_load(q, o, __NV_ATOMIC_RELAXED);
}
