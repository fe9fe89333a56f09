// nvcc's host helpers and intrinsics that clang 22's CUDA headers lack,
// as real code uses them: host max/min (HeCBench's rle, logic-rewrite),
// __stcs (layernorm), the other cache-hinted loads and stores, __tanhf.
#include <cstdio>

int host_limits(int a, int b, unsigned u, long long l, float f, double d) {
  return max(a, b) + min(a, b) + (int)max(u, 3u) + (int)min(l, 4ll) + (int)max(f, 1.5f) + (int)min(d, 2.0) +
         (int)max(a, u) + (int)umin(u, 2u) + (int)llmax(l, 1ll);
}

__global__ void hinted(float *out, const float *in, float4 *out4, const float4 *in4, long *outl, const unsigned long *inl) {
  int i = threadIdx.x;
  __stcs(out + i, __ldca(in + i) + __ldlu(in + i));
  __stcg(out4 + i, __ldca(in4 + i));
  __stwb(out + i + 32, __tanhf(in[i]));
  __stwt(outl + i, (long)__ldcg(inl + i));
  __stcs(outl + i + 32, (long)__ldcs(inl + i) + (long)__ldcv(inl + i));
}

int main() { printf("%d\n", host_limits(1, 2, 3u, 4ll, 0.5f, 2.5)); }
