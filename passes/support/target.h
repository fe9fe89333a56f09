/* What a device function is compiled for, read from its attributes:
 * "target-cpu"="sm_90a" and "target-features"="+ptx88,...". What an
 * instruction needs decides what the passes may emit. */
#ifndef FERRY_PASSES_TARGET_H
#define FERRY_PASSES_TARGET_H

#include <llvm-c/Core.h>
#include <stdbool.h>

struct ferry_target {
  unsigned sm;        /* 80 for sm_80, 90 for sm_90a; 0 when unknown */
  bool arch_specific; /* the "a" suffix: sm_90a */
  unsigned ptx;       /* 88 for +ptx88; 0 when not stated */
};

struct ferry_target ferry_function_target(LLVMValueRef fn);

/* cp.async (and its commit/wait groups) needs sm_80 and PTX ISA 7.0. */
bool ferry_target_has_cp_async(struct ferry_target target);
/* cp.async.bulk and mbarrier expect_tx need sm_90 and PTX ISA 8.0. */
bool ferry_target_has_bulk_copy(struct ferry_target target);
/* cp.async's ignore-src operand needs PTX ISA 7.5. The module's version is
 * the assembler's choice, not the functions': llc with -mcpu=sm_80 alone
 * writes .version 7.0 whatever their "+ptx88" says. Every PTX for sm_90
 * is 7.8 or later, so only sm_90 and later are sure to have it. */
bool ferry_target_has_cp_async_ignore_src(struct ferry_target target);

bool ferry_is_kernel(LLVMValueRef fn);

/* The extents of fn's "nvvm.reqntid" or "nvvm.maxntid" attribute (`key`;
 * "256" or "32,8,1", from __launch_bounds__ and the like); returns how many
 * were read, 0 when absent or malformed. */
unsigned ferry_thread_extents(LLVMValueRef fn, const char *key, unsigned long long extents[3]);

/* The most threads a block of fn may have: the product of its reqntid or
 * maxntid extents, else the hardware's 1024. */
unsigned long long ferry_max_block_threads(LLVMValueRef fn);

#endif
