/* Pipelining a copy into an extern __shared__ array. The array has no
 * size, so the kernel must say how much dynamic shared memory it is
 * launched with:
 *
 *   __global__ void __attribute__((annotate("ferry:dynamic_shared=16384"))) k(...)
 *
 * and one iteration's tile must have an extent the pass can bound: every
 * access of the loop to the array at a byte offset that is a constant plus
 * non-negative multiples of thread indices, which the block size bounds
 * (__launch_bounds__, else the hardware's 1024 threads). The ring's slots
 * are then that extent apart inside the dynamic memory. In a launch
 * dispatch's variant a tile with no hint gets its ring, with the stages
 * chosen per launch, in the dynamic memory the launch gives: slots the
 * extent as the launch's block size bounds it apart, as many (a power of
 * two up to FERRY_LAUNCH_MAX_STAGES) as the launch's bytes hold, one (the
 * loop as written, one stage at a time) when they hold fewer than two; the host asks for
 * the bytes of the stages it wants (dispatch_runtime.c). Where that
 * is not proved right (a counter wider than 32 bits, a versioned loop,
 * the dynamic memory reached from a function the kernel calls), the slots
 * go, the compile-time extent apart, in a new static array instead: the
 * loop's accesses are all the kernel makes of the array
 * (pipeline_check.c), so the dynamic memory is left unused. */
#ifndef FERRY_PASSES_PIPELINE_DYNAMIC_H
#define FERRY_PASSES_PIPELINE_DYNAMIC_H

#include "affine.h"

#include <llvm-c/Core.h>
#include <stdbool.h>
#include <stddef.h>

/* The bytes the kernel's annotate("ferry:dynamic_shared=BYTES") gives;
 * false with a reason when there is none (or it is faulty: kernel_options.c
 * reports that as a compile error). */
bool ferry_dynamic_shared_hint(LLVMValueRef fn, unsigned long long *bytes, char *reason, size_t size);

/* Whether an extern __shared__ tile of `fn` with no hint gets its ring in
 * static shared memory: in a launch dispatch's variant (dispatch.h), whose
 * launches the host chooses knowing its static shared memory, so that the
 * variant is right for any dynamic size a launch gives it. */
bool ferry_dynamic_ring_relocates(LLVMValueRef fn);

/* One access to the array: its offset's form and its size, kept for the
 * bound a launch gives it (ferry_dynamic_launch_end). */
struct ferry_dynamic_access {
  struct ferry_affine offset;
  unsigned long long size;
};

/* Raises *end to cover an access of `size` bytes at `pointer` into
 * `buffer`: false with a reason when its offset has no upper bound. With
 * `access`, keeps the access there. */
bool ferry_dynamic_access_end(struct ferry_affine_context *affine, LLVMValueRef fn, LLVMValueRef buffer,
                              LLVMValueRef pointer, unsigned long long size, unsigned long long *end,
                              struct ferry_dynamic_access *access, char *reason, size_t reason_size);

/* The end of an access that ferry_dynamic_access_end bounded, built in 64
 * bits at the builder's position (anywhere in fn: it reads only the
 * block's size), as the launch has it: each thread index bounded by the
 * block's own size less one, each block size by itself (both within the
 * kernel's launch bounds), everything else as at compile time; at most the
 * compile-time end. */
LLVMValueRef ferry_dynamic_launch_end(LLVMModuleRef module, LLVMBuilderRef builder, LLVMValueRef fn,
                                      const struct ferry_dynamic_access *access);

/* Whether every extern __shared__ array of fn's module is used only by fn
 * itself and by kernels (which no function calls): then nothing fn calls
 * touches the dynamic shared memory, and a ring may take all of it. */
bool ferry_dynamic_memory_private(LLVMValueRef fn);

/* Whether fn uses a __shared__ array other than `array` (an extern one
 * alone where `extern_only`). */
bool ferry_shared_array_besides(LLVMValueRef fn, LLVMValueRef array, bool extern_only);

/* Whether the ring of fn's static __shared__ `array` may take its slots
 * in the launch's dynamic shared memory (pipeline_plan.h, from_static): fn
 * is a launch dispatch's variant, whose launches the host gives bytes for
 * tiles of the kernel's static shared memory (dispatch_runtime.c), and
 * uses no shared array but `array` (so that its static bytes are the
 * array's), and nothing reaches the dynamic memory but kernels. */
bool ferry_static_ring_takes_launch(LLVMValueRef fn, LLVMValueRef array);

/* The launch's dynamic shared memory as an extern __shared__ array of
 * ferry's own (16-byte aligned, declared once a module), where a static
 * array's ring takes its slots (pipeline_plan.h, from_static). */
LLVMValueRef ferry_launch_ring_memory(LLVMModuleRef module);

#endif
