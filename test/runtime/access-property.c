// Access properties from plain C17: each constructor is one createpolicy on
// sm_80 and sm_90a, with the kinds as its eviction-priority qualifiers
// (persisting = evict_last, normal = evict_normal, streaming = evict_first,
// global = evict_unchanged). sm_70 has no cache policies: the policy is 0.
//
// RUN: %rt_c17 -march=sm_70 %s -o %t.sm70.ptx
// RUN: FileCheck --check-prefixes=CHECK,SM70 %s < %t.sm70.ptx
// RUN: not grep -E 'createpolicy|cache_hint' %t.sm70.ptx
// RUN: %ptxas -arch=sm_75 %t.sm70.ptx -o /dev/null
// RUN: %rt_c17 -march=sm_80 %s -o %t.sm80.ptx
// RUN: FileCheck --check-prefixes=CHECK,POLICY %s < %t.sm80.ptx
// RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null
// RUN: %rt_c17 -march=sm_90a %s -o %t.sm90.ptx
// RUN: FileCheck --check-prefixes=CHECK,POLICY %s < %t.sm90.ptx
// RUN: %ptxas -arch=sm_90a %t.sm90.ptx -o /dev/null

#include <ferry.h>

#define KERNEL __attribute__((nvptx_kernel))

// The static properties: fraction 1.0 (0x3F800000), secondary unchanged.
// (LLVM 22 keeps floats in untyped .b32 registers; PTX accepts them where
// createpolicy wants an .f32.)
// CHECK-LABEL: .entry static_kinds(
// SM70: st.global.b64 [%rd{{[0-9]+}}], 0;
// POLICY: mov.b32 %r{{[0-9]+}}, 1065353216;
// POLICY: createpolicy.fractional.L2::evict_unchanged.L2::evict_unchanged.b64 %rd{{[0-9]+}}, %r{{[0-9]+}};
// POLICY: createpolicy.fractional.L2::evict_normal.L2::evict_unchanged.b64 %rd{{[0-9]+}}, %r{{[0-9]+}};
// POLICY: createpolicy.fractional.L2::evict_first.L2::evict_unchanged.b64 %rd{{[0-9]+}}, %r{{[0-9]+}};
// POLICY: createpolicy.fractional.L2::evict_last.L2::evict_unchanged.b64 %rd{{[0-9]+}}, %r{{[0-9]+}};
// CHECK: ret;
KERNEL void static_kinds(unsigned long long *out) {
  out[0] = ferry_access_property_global().policy;
  out[1] = ferry_access_property_normal().policy;
  out[2] = ferry_access_property_streaming().policy;
  out[3] = ferry_access_property_persisting().policy;
}

// CHECK-LABEL: .entry interleaved(
// POLICY: mov.b32 [[HALF:%r[0-9]+]], 1056964608;
// POLICY: createpolicy.fractional.L2::evict_normal.L2::evict_first.b64 %rd{{[0-9]+}}, [[HALF]];
// POLICY: ld.param.b32 [[P:%r[0-9]+]],
// POLICY: createpolicy.fractional.L2::evict_last.L2::evict_first.b64 %rd{{[0-9]+}}, [[P]];
// POLICY: createpolicy.fractional.L2::evict_first.L2::evict_unchanged.b64 %rd{{[0-9]+}}, [[P]];
// CHECK: ret;
KERNEL void interleaved(unsigned long long *out, float probability) {
  out[0] = ferry_access_property_interleaved(FERRY_ACCESS_NORMAL, 0.5f, FERRY_ACCESS_STREAMING).policy;
  out[1] = ferry_access_property_interleaved(FERRY_ACCESS_PERSISTING, probability, FERRY_ACCESS_STREAMING).policy;
  out[2] = ferry_access_property_interleaved(FERRY_ACCESS_STREAMING, probability, FERRY_ACCESS_GLOBAL).policy;
}

// A kind known only at run time selects among the eight instructions.
// CHECK-LABEL: .entry kind_at_run_time(
// POLICY-DAG: createpolicy.fractional.L2::evict_last.L2::evict_unchanged.b64
// POLICY-DAG: createpolicy.fractional.L2::evict_normal.L2::evict_unchanged.b64
// POLICY-DAG: createpolicy.fractional.L2::evict_first.L2::evict_unchanged.b64
// POLICY-DAG: createpolicy.fractional.L2::evict_unchanged.L2::evict_unchanged.b64
// POLICY-DAG: createpolicy.fractional.L2::evict_last.L2::evict_first.b64
// POLICY-DAG: createpolicy.fractional.L2::evict_normal.L2::evict_first.b64
// POLICY-DAG: createpolicy.fractional.L2::evict_first.L2::evict_first.b64
// POLICY-DAG: createpolicy.fractional.L2::evict_unchanged.L2::evict_first.b64
// CHECK: ret;
KERNEL void kind_at_run_time(unsigned long long *out, int primary, int secondary) {
  *out = ferry_access_property_interleaved((ferry_access_kind_t)primary, 0.25f,
                                           (ferry_access_kind_t)secondary)
             .policy;
}

// The range's address is a global one (cvta.to.global) and its sizes are
// 32-bit.
// CHECK-LABEL: .entry range(
// POLICY: cvta.to.global.u64 [[BASE:%rd[0-9]+]],
// POLICY: createpolicy.range.global.L2::evict_last.L2::evict_first.b64 %rd{{[0-9]+}}, [[[BASE]]], %r{{[0-9]+}}, %r{{[0-9]+}};
// POLICY: createpolicy.range.global.L2::evict_normal.L2::evict_unchanged.b64 %rd{{[0-9]+}}, [[[BASE]]], %r{{[0-9]+}}, %r{{[0-9]+}};
// CHECK: ret;
KERNEL void range(unsigned long long *out, int *data) {
  out[0] = ferry_access_property_range(data, 4096, 8192, FERRY_ACCESS_PERSISTING, FERRY_ACCESS_STREAMING).policy;
  out[1] = ferry_access_property_range(data, 1024, 1024, FERRY_ACCESS_NORMAL, FERRY_ACCESS_GLOBAL).policy;
}

// 4 GiB does not fit createpolicy's 32-bit size: it becomes 4 GiB - 1.
// CHECK-LABEL: .entry range_4gib(
// POLICY: mov.b32 [[MAX:%r[0-9]+]], -1;
// POLICY: createpolicy.range.global.L2::evict_first.L2::evict_unchanged.b64 %rd{{[0-9]+}}, [%rd{{[0-9]+}}], [[MAX]], [[MAX]];
KERNEL void range_4gib(unsigned long long *out, int *data) {
  *out = ferry_access_property_range(data, 1ull << 32, 1ull << 32, FERRY_ACCESS_STREAMING, FERRY_ACCESS_GLOBAL).policy;
}
