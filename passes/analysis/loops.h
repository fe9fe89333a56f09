/* Natural loops of one function and their induction variables. A loop is
 * identified by its header: the target of back edges t -> h where h
 * dominates t; all back edges into one header make one loop. An edge into
 * a block that does not dominate its source (irreducible control flow)
 * makes no loop. Like the dominators it is built on, this is a snapshot. */
#ifndef FERRY_PASSES_LOOPS_H
#define FERRY_PASSES_LOOPS_H

#include "dominators.h"
#include "util.h"

#include <llvm-c/Core.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct ferry_loop {
  LLVMBasicBlockRef header;
  struct ferry_loop *parent; /* the innermost enclosing loop; NULL if outermost */
  unsigned depth;            /* 1 for an outermost loop */
  struct ferry_vec blocks;   /* LLVMBasicBlockRef, reverse postorder: header first */
  struct ferry_vec latches;  /* sources of the back edges, reverse postorder */
  struct ferry_vec exiting;  /* blocks with a successor outside the loop */
  /* The one predecessor of the header outside the loop, when there is only
   * one and the header is its only successor; NULL otherwise. Unreachable
   * predecessors count: they still feed the header's phis. */
  LLVMBasicBlockRef preheader;
};

struct ferry_loops;

/* NULL for a declaration. The loops own a dominator tree of the function. */
struct ferry_loops *ferry_loops_compute(LLVMValueRef fn);
void ferry_loops_free(struct ferry_loops *loops);

const struct ferry_dominators *ferry_loops_dominators(const struct ferry_loops *loops);

/* Loops in reverse postorder of their headers: a loop comes before the
 * loops nested in it. */
size_t ferry_loop_count(const struct ferry_loops *loops);
const struct ferry_loop *ferry_loop_at(const struct ferry_loops *loops, size_t index);

/* The innermost loop containing block; NULL when none does. */
const struct ferry_loop *ferry_loop_of_block(const struct ferry_loops *loops,
                                             LLVMBasicBlockRef block);
/* The loop whose header is block; NULL when block heads no loop. */
const struct ferry_loop *ferry_loop_with_header(const struct ferry_loops *loops,
                                                LLVMBasicBlockRef block);
bool ferry_loop_contains(const struct ferry_loop *loop, LLVMBasicBlockRef block);
/* Whether `value` is an instruction of one of loop's blocks (so it may
 * change from one iteration to the next). */
bool ferry_loop_defines(const struct ferry_loop *loop, LLVMValueRef value);

/* A header phi i = phi [start, outside], [i +/- step, latch]...: every
 * incoming value from outside the loop is the same `start`, every incoming
 * value from a latch is the same `increment`, an add of the phi and an
 * integer constant (either order) or a sub of the constant from the phi. */
struct ferry_induction {
  const struct ferry_loop *loop;
  LLVMValueRef phi;
  LLVMValueRef start;
  LLVMValueRef increment;
  int64_t step;            /* the constant, sign-extended; negated for sub */
  bool no_signed_wrap;     /* the increment carries nsw */
  bool no_unsigned_wrap;   /* the increment carries nuw */
};

bool ferry_induction_variable(const struct ferry_loops *loops, LLVMValueRef phi,
                              struct ferry_induction *out);

/* The same in every iteration of `loop`: no phi, load or call of the loop
 * on the way to it (`depth`: 0; deeper chains count as varying). */
bool ferry_loop_invariant(const struct ferry_loop *loop, LLVMValueRef value, int depth);
/* A two-way header phi of `loop`: *start, its value from outside the
 * loop, and *next, its value from the latch. */
bool ferry_loop_header_phi(const struct ferry_loop *loop, LLVMValueRef phi, LLVMValueRef *start,
                           LLVMValueRef *next);
/* Whether `increment` is `phi` plus a loop-invariant value (*step). */
bool ferry_loop_adds_invariant(const struct ferry_loop *loop, LLVMValueRef phi,
                               LLVMValueRef increment, LLVMValueRef *step);
/* Whether `increment` is `phi` minus a loop-invariant value (*step): a
 * value stepped down (`idx -= nx`). */
bool ferry_loop_subtracts_invariant(const struct ferry_loop *loop, LLVMValueRef phi,
                                    LLVMValueRef increment, LLVMValueRef *step);
/* A header phi of `loop` that adds the same loop-invariant value each
 * iteration (*step, maybe computed in the loop): phi = [start, outside],
 * [phi + step, inside]. */
bool ferry_loop_invariant_step(const struct ferry_loop *loop, LLVMValueRef phi,
                               LLVMValueRef *start, LLVMValueRef *step);
/* A pointer the loop steps by a GEP of one loop-invariant index
 * (*increment, the GEP; *varies when that index changes). */
bool ferry_loop_pointer_step(const struct ferry_loop *loop, LLVMValueRef phi,
                             LLVMValueRef *start, LLVMValueRef *increment, bool *varies);

#endif
