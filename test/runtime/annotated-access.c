// Annotated loads and stores, apply, discard and associate, from plain C17.
// sm_80 and sm_90a: ld/st.global.L2::cache_hint with the createpolicy
// policy as last operand, prefetch.global.L2::evict_last/evict_normal,
// applypriority, discard.global.L2. sm_70: plain ld/st.global and
// prefetch.global.L2; no applypriority or discard. The policy also feeds
// cp.async's cache hint (the test writes that one itself: copies belong to
// the intrinsics, not the runtime).
//
// RUN: %rt_c17 -march=sm_70 %s -o %t.sm70.ptx
// RUN: FileCheck --check-prefixes=CHECK,SM70 %s < %t.sm70.ptx
// RUN: not grep -E 'createpolicy|cache_hint|applypriority|discard\.global|evict_' %t.sm70.ptx
// RUN: %ptxas -arch=sm_75 %t.sm70.ptx -o /dev/null
// RUN: %rt_c17 -march=sm_80 %s -o %t.sm80.ptx
// RUN: FileCheck --check-prefixes=CHECK,HINT %s < %t.sm80.ptx
// RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null
// RUN: %rt_c17 -march=sm_90a %s -o %t.sm90.ptx
// RUN: FileCheck --check-prefixes=CHECK,HINT %s < %t.sm90.ptx
// RUN: %ptxas -arch=sm_90a %t.sm90.ptx -o /dev/null

#include <ferry.h>

#define KERNEL __attribute__((nvptx_kernel))

// CHECK-LABEL: .entry loads(
// HINT: createpolicy.fractional.L2::evict_first.L2::evict_unchanged.b64 [[POLICY:%rd[0-9]+]],
// HINT: ld.global.L2::cache_hint.v4.u32 {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, [%rd{{[0-9]+}}], [[POLICY]];
// HINT: ld.global.L2::cache_hint.u8 %rs{{[0-9]+}}, [%rd{{[0-9]+}}], [[POLICY]];
// HINT: ld.global.L2::cache_hint.u16 %rs{{[0-9]+}}, [%rd{{[0-9]+}}], [[POLICY]];
// HINT: ld.global.L2::cache_hint.u32 %r{{[0-9]+}}, [%rd{{[0-9]+}}], [[POLICY]];
// HINT: ld.global.L2::cache_hint.u64 %rd{{[0-9]+}}, [%rd{{[0-9]+}}], [[POLICY]];
// HINT: ld.global.L2::cache_hint.f32 %r{{[0-9]+}}, [%rd{{[0-9]+}}], [[POLICY]];
// HINT: ld.global.L2::cache_hint.f64 %rd{{[0-9]+}}, [%rd{{[0-9]+}}], [[POLICY]];
// SM70-DAG: ld.global.b8
// SM70-DAG: ld.global.b16
// SM70-DAG: ld.global.b32
// SM70-DAG: ld.global.b64
// SM70-DAG: ld.global.v4.b32
// CHECK: ret;
KERNEL void loads(const unsigned char *bytes, const unsigned short *halves, const unsigned *words,
                  const unsigned long long *doubles, const float *floats, const double *reals,
                  const ferry_u32x4_t *vectors, double *out) {
  ferry_access_property_t streaming = ferry_access_property_streaming();
  ferry_u32x4_t v = ferry_load_u32x4(vectors, streaming);
  out[0] = ferry_load_u8(bytes, streaming) + ferry_load_u16(halves, streaming) +
           ferry_load_u32(words, streaming) + (double)ferry_load_u64(doubles, streaming) +
           ferry_load_f32(floats, streaming) + ferry_load_f64(reals, streaming) + v.x + v.y + v.z + v.w;
}

// CHECK-LABEL: .entry stores(
// HINT: createpolicy.range.global.L2::evict_last.L2::evict_unchanged.b64 [[POLICY:%rd[0-9]+]],
// HINT: st.global.L2::cache_hint.u8 [%rd{{[0-9]+}}], %rs{{[0-9]+}}, [[POLICY]];
// HINT: st.global.L2::cache_hint.u16 [%rd{{[0-9]+}}], %rs{{[0-9]+}}, [[POLICY]];
// HINT: st.global.L2::cache_hint.u32 [%rd{{[0-9]+}}], %r{{[0-9]+}}, [[POLICY]];
// HINT: st.global.L2::cache_hint.u64 [%rd{{[0-9]+}}], %rd{{[0-9]+}}, [[POLICY]];
// HINT: st.global.L2::cache_hint.f32 [%rd{{[0-9]+}}], %r{{[0-9]+}}, [[POLICY]];
// HINT: st.global.L2::cache_hint.f64 [%rd{{[0-9]+}}], %rd{{[0-9]+}}, [[POLICY]];
// HINT: st.global.L2::cache_hint.v4.u32 [%rd{{[0-9]+}}], {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, [[POLICY]];
// SM70: st.global.b8
// SM70: st.global.{{.*}} [%rd{{[0-9]+}}+32],
// CHECK: ret;
KERNEL void stores(unsigned char *data) {
  ferry_access_property_t keep =
      ferry_access_property_range(data, 256, 256, FERRY_ACCESS_PERSISTING, FERRY_ACCESS_GLOBAL);
  ferry_store_u8(data, 1, keep);
  ferry_store_u16(data + 2, 2, keep);
  ferry_store_u32(data + 4, 3, keep);
  ferry_store_u64(data + 8, 4, keep);
  ferry_store_f32(data + 16, 5.0f, keep);
  ferry_store_f64(data + 24, 6.0, keep);
  ferry_u32x4_t v = {7, 8, 9, 10};
  ferry_store_u32x4(data + 32, v, keep);
}

// Apply prefetches every 128-byte line the range touches.
// CHECK-LABEL: .entry apply(
// CHECK: isspacep.global
// HINT: prefetch.global.L2::evict_last [%rd{{[0-9]+}}];
// HINT: prefetch.global.L2::evict_normal [%rd{{[0-9]+}}];
// SM70: prefetch.global.L2 [%rd{{[0-9]+}}];
// HINT: applypriority.global.L2::evict_normal [%rd{{[0-9]+}}], 128;
// CHECK: ret;
KERNEL void apply(const float *const *pointers, unsigned long bytes) {
  const float *data = pointers[0]; // not a kernel parameter: its space is unknown
  ferry_apply_access_property(data, bytes, FERRY_ACCESS_PERSISTING);
  ferry_apply_access_property(data, bytes, FERRY_ACCESS_NORMAL);
  ferry_apply_normal_priority(data, bytes);
}

// CHECK-LABEL: .entry discard(
// HINT: isspacep.global
// HINT: discard.global.L2 [%rd{{[0-9]+}}], 128;
// SM70-NOT: isspacep
// CHECK: ret;
KERNEL void discard(float *const *pointers, unsigned long bytes) { ferry_discard_memory(pointers[0], bytes); }

// Associate returns the pointer unchanged: clang cannot attach a policy to
// it (see annotated_access.c).
// CHECK-LABEL: .entry associate(
// CHECK: ld.global.b64 [[POINTER:%rd[0-9]+]],
// CHECK-NEXT: ld.b32 %r{{[0-9]+}}, [[[POINTER]]];
// CHECK: ret;
KERNEL void associate(float **pointers, float *out) {
  float *data = ferry_associate_access_property(pointers[0], ferry_access_property_persisting());
  *out = data[0];
}

// The policy as cp.async's cache hint.
// CHECK-LABEL: .entry cp_async_hint(
// HINT: createpolicy.fractional.L2::evict_first.L2::evict_unchanged.b64 [[POLICY:%rd[0-9]+]],
// HINT: cp.async.cg.shared.global.L2::cache_hint [%r{{[0-9]+}}], [%rd{{[0-9]+}}], 16, [[POLICY]];
// CHECK: ret;
KERNEL void cp_async_hint(const int *in, int *out) {
  static FERRY_SHARED int tile[4];
#if __CUDA_ARCH__ >= 800
  ferry_access_property_t streaming = ferry_access_property_streaming();
  unsigned destination = (unsigned)(unsigned long)(FERRY_SHARED void *)tile;
  __asm__ volatile("cp.async.cg.shared.global.L2::cache_hint [%0], [%1], 16, %2;\n\t"
                   "cp.async.wait_all;"
                   :
                   : "r"(destination), "l"(in), "l"(streaming.policy)
                   : "memory");
#else
  for (int i = 0; i < 4; i++)
    tile[i] = in[i];
#endif
  out[0] = tile[0];
}
