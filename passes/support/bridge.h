/* Services the C passes need that llvm-c lacks, implemented in C++
 * (diagnostics.cpp). Keep each one small. */
#ifndef FERRY_PASSES_BRIDGE_H
#define FERRY_PASSES_BRIDGE_H

#include <llvm-c/Core.h>
#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

enum ferry_remark_kind {
  FERRY_REMARK_PASSED,   /* -Rpass=ferry: a transformation was made */
  FERRY_REMARK_MISSED,   /* -Rpass-missed=ferry: why one was not */
  FERRY_REMARK_ANALYSIS, /* -Rpass-analysis=ferry: what the pass concluded */
};

/* Emits an optimization remark of pass "ferry" at an instruction (or at the
 * entry of a function, when `at` is a function), with its debug location. */
void ferry_remark(enum ferry_remark_kind kind, LLVMValueRef at,
                  const char *remark_name, const char *message);

/* Reports a compile error at an instruction or function, with its source
 * location; the compiler then fails the compilation. */
void ferry_error(LLVMValueRef at, const char *message);

/* Reports a compile error (a warning when `warning`) about function fn at
 * `file`:`line`, a place that needs no debug information and survives
 * -save-temps (clang records each annotate attribute's own file and line);
 * at fn's own location, as ferry_error, when file is empty or line 0. */
void ferry_diagnose_at_line(LLVMValueRef fn, const char *file, unsigned line, bool warning,
                            const char *message);

/* -ferry-collective: when the block-collective form is used. */
enum ferry_collective_mode {
  FERRY_COLLECTIVE_AUTO,   /* only where the per-thread form cannot move the element */
  FERRY_COLLECTIVE_ALWAYS, /* wherever it applies */
  FERRY_COLLECTIVE_NEVER,
};
enum ferry_collective_mode ferry_option_collective(void);
/* -ferry-bulk: when a block-collective copy on sm_90 becomes cp.async.bulk
 * (the rule is in cost_model.h). */
enum ferry_bulk_mode {
  FERRY_BULK_AUTO,   /* rows of at least FERRY_BULK_MIN_BYTES */
  FERRY_BULK_ALWAYS, /* every collective copy that is not pipelined */
  FERRY_BULK_NEVER,  /* the default: bulk rows measured slower than chunks */
};
enum ferry_bulk_mode ferry_option_bulk(void);
/* -ferry-cost-model: whether copies predicted to be slower are left alone. */
bool ferry_option_cost_model(void);
/* -ferry-alignment-test: whether a single-stage per-thread copy whose
 * alignment is not proved is versioned on a run-time test of it. */
bool ferry_option_alignment_test(void);
/* -ferry-staged: whether ferry-pipeline stages the loads of copies refused
 * only for where their value lands (staged_copy.h). */
bool ferry_option_staged(void);
/* -ferry-one-barrier: whether a ring runs the barrier that ends each
 * iteration only where the loop ends (pipeline_one_barrier.c; off by
 * default, measured slower). */
bool ferry_option_one_barrier(void);
/* -ferry-lone-copy: the cost model's rule for a copy alone in its phase. */
bool ferry_option_lone_copy(void);
/* -ferry-alias-version, -ferry-alias-unroll (alias_version.h). */
bool ferry_option_alias_version(void);
unsigned ferry_option_alias_unroll(void);
/* -ferry-trial-candidates: whether a copy the cost model refuses for want
 * of speed converts in a dispatch variant that runs only where a trial
 * timed it faster (copy_record.h, struct ferry_copy_decision). */
bool ferry_option_trial_candidates(void);
/* -ferry-stages: 0 lets the pipeliner choose, 1 turns it off. */
unsigned ferry_option_stages(void);
/* -ferry-prefetch: whether ferry-prefetch prefetches the copy loops no ring
 * took; -ferry-prefetch-bytes: the bytes it keeps in flight per
 * multiprocessor (loop_prefetch.c). */
bool ferry_option_prefetch(void);
unsigned long long ferry_option_prefetch_bytes(void);

/* Splits the block of `inst` before it: `inst` and what follows move to a
 * new block, which the old one branches to unconditionally; phis of the
 * successors are updated. Returns the new block. */
LLVMBasicBlockRef ferry_split_block_before(LLVMValueRef inst, const char *name);

/* A new block on the edge from `from` to `to`, named `name`, which
 * branches to `to`: `from` branches to it instead, and the phis of `to`
 * take from it what they took from `from` (llvm-c edits no phi's incoming
 * block). `from` must not branch to `to` twice. The block goes just before
 * `to`: LLVM's SplitKnownCriticalEdge puts it just after `from`, which for
 * a ring's latch and exit moves the loop's blocks (its latch then branches
 * back to the header where it fell through, bench/'s copy loops' PTX). */
LLVMBasicBlockRef ferry_split_edge(LLVMBasicBlockRef from, LLVMBasicBlockRef to, const char *name);

/* Each of `blocks` (of one function) that ends in a conditional branch on
 * a constant branches to the successor taken; the blocks that no path
 * from the entry reaches then, of those the untaken successors reach, are
 * deleted. With `merge`, each block of `blocks` left whose one predecessor
 * branches only to it is merged into that predecessor (llvm-c has no
 * MergeBlockIntoPredecessor), so that a folded test leaves no block
 * behind: the code is laid out as though it never was. */
void ferry_fold_constant_branches(LLVMBasicBlockRef const *blocks, size_t count, bool merge);

/* Erases a global variable that nothing uses any more (constant
 * expressions left without users do not count); returns whether it did. */
bool ferry_erase_global_if_unused(LLVMValueRef global);

/* Makes every constant expression over `global` that an instruction uses
 * an instruction of its own, in place (llvm::
 * convertUsersOfConstantsToInstructions), so that each of the global's
 * uses in code is an instruction's operand; uses in initializers stay. */
void ferry_constant_users_to_instructions(LLVMValueRef global);

/* Clones a kernel into a new function of the same module named `name`
 * (the launch dispatch's variant, dispatch_variants.c); a static __shared__
 * array only the kernel uses is copied for the clone, its name followed by
 * `shared_suffix`. Returns the clone. */
LLVMValueRef ferry_clone_kernel(LLVMValueRef kernel, const char *name, const char *shared_suffix);

/* -ferry-dispatch: whether kernels keep their original entry and get a
 * converted variant chosen per launch (dispatch.h). */
enum ferry_dispatch_mode {
  FERRY_DISPATCH_AUTO,  /* the default: a variant per converted kernel */
  FERRY_DISPATCH_NEVER, /* convert kernels in place, leave the host as written */
};
enum ferry_dispatch_mode ferry_option_dispatch(void);

/* -ferry-contraction-order: which product of an add of two products the
 * backend fuses into an fma (contraction_order.c). */
enum ferry_contraction_order {
  FERRY_CONTRACTION_ORDER_LLVM, /* the default: the order LLVM's optimizer leaves */
  FERRY_CONTRACTION_ORDER_NVCC, /* nvcc's: the product of reads written first */
};
enum ferry_contraction_order ferry_option_contraction_order(void);

#ifdef __cplusplus
}
#endif

#endif
