// -DFERRY_DEBUG: the headers route the checked calls through the runtime's
// ferry_debug_check_* functions, which print the caller's file and line
// with device printf (vprintf) and trap. Without FERRY_DEBUG none of it is
// linked in. (Diagnosing constant arguments at compile time is the plugin's
// job, not the runtime's.)
//
// RUN: %rt_cuda --cuda-gpu-arch=sm_80 -DFERRY_DEBUG %s -o %t.debug.ptx
// RUN: FileCheck --check-prefix=DEBUG %s < %t.debug.ptx
// RUN: %ptxas -arch=sm_80 %t.debug.ptx -o /dev/null
// RUN: %rt_cuda --cuda-gpu-arch=sm_70 -DFERRY_DEBUG %s -o %t.debug70.ptx
// RUN: FileCheck --check-prefix=DEBUG %s < %t.debug70.ptx
// RUN: %ptxas -arch=sm_75 %t.debug70.ptx -o /dev/null
// RUN: %rt_cuda --cuda-gpu-arch=sm_80 %s -o %t.release.ptx
// RUN: not grep -E 'vprintf|trap|isspacep' %t.release.ptx
// RUN: %ptxas -arch=sm_80 %t.release.ptx -o /dev/null

#include <ferry.h>

// The caller's line is passed to a reporting function (at the end), which
// prints with vprintf and traps.
// DEBUG: .extern .func (.param .b32 func_retval0) vprintf

// A barrier init checks the space of the barrier, its alignment and the
// count.
// DEBUG-LABEL: .entry barrier_init(
// DEBUG: isspacep.shared
// DEBUG: st.param.b32 [param0], [[#@LINE+6]];
// DEBUG-NEXT: call.uni fail,
// DEBUG: st.param.b32 [param0], [[#@LINE+4]];
// DEBUG-NEXT: call.uni fail,
// DEBUG: call.uni fail_number,
extern "C" __global__ void barrier_init(ferry_barrier_t **barriers, unsigned count) {
  ferry_barrier_init(barriers[0], count);
}

// DEBUG-LABEL: .entry interleaved(
// DEBUG: call.uni fail_real,
extern "C" __global__ void interleaved(unsigned long long *out, float probability) {
  *out = ferry_access_property_interleaved(FERRY_ACCESS_STREAMING, probability, FERRY_ACCESS_GLOBAL).policy;
}

// DEBUG-LABEL: .entry range(
// DEBUG: isspacep.global
// DEBUG: call.uni fail
extern "C" __global__ void range(unsigned long long *out, char **pointers, unsigned long leading,
                                 unsigned long total) {
  *out = ferry_access_property_range(pointers[0], leading, total, FERRY_ACCESS_PERSISTING,
                                     FERRY_ACCESS_STREAMING)
             .policy;
}

// Annotated loads check that their pointer is global.
// DEBUG-LABEL: .entry load(
// DEBUG: isspacep.global
// DEBUG: vprintf
// DEBUG: trap;
extern "C" __global__ void load(unsigned *out, unsigned **pointers) {
  *out = ferry_load_u32(pointers[0], ferry_access_property_normal());
}

// A pipeline checks its stage count and producer count.
// DEBUG-LABEL: .entry pipeline(
// DEBUG: call.uni fail_number,
extern "C" __global__ void pipeline(unsigned producers) {
  __shared__ FERRY_PIPELINE_SHARED_STATE(2) state;
  ferry_pipeline_t pipe = FERRY_PIPELINE_MAKE_BLOCK_PARTITIONED(&state, producers);
  ferry_pipeline_quit(&pipe);
}

// The reporting functions.
// DEBUG-LABEL: .func fail(
// DEBUG: call.uni (retval0), vprintf, (param0, param1);
// DEBUG: trap;
