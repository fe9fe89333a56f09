/* Equalities and bounds from taken branches: see path_facts.h. A block with
 * a single predecessor that ends in `br i1 (icmp eq X, C)` is reached only
 * when the test went its way, so X == C there (or X != C, which fixes
 * nothing; `icmp ult X, C` bounds X likewise), and
 * likewise a block that only one case of `switch X` leads to; such a fact
 * holds in every block that block dominates. */
#include "path_facts.h"

#include "dominators.h"

#include <stdbool.h>
#include <stdint.h>

enum { MAX_BLOCKS_WALKED = 16 };

static bool is_thread_invariant(const struct ferry_atom *atom) {
  return atom->kind == FERRY_ATOM_TID || atom->kind == FERRY_ATOM_CTAID || atom->kind == FERRY_ATOM_NTID ||
         atom->kind == FERRY_ATOM_NCTAID;
}

/* `value == constant` with value = atom + c: the atom is constant - c. */
static bool equality_fact(struct ferry_affine_context *context, LLVMValueRef value, LLVMValueRef constant,
                          struct ferry_path_fact *fact) {
  struct ferry_affine form;
  if (!LLVMIsAConstantInt(constant) || !ferry_affine_of(context, value, &form) || form.term_count != 1 ||
      form.terms[0].coefficient != 1 || form.terms[0].atom_count != 1 ||
      !is_thread_invariant(&form.terms[0].atoms[0]) || !(form.exact_signed || form.exact_unsigned))
    return false;
  fact->atom = form.terms[0].atoms[0];
  fact->low = fact->high = LLVMConstIntGetSExtValue(constant) - form.constant;
  return true;
}

/* `value PREDICATE constant` holds, value = atom + c with c >= 0 and the
 * form exact (so value, like the atom, is a non-negative integer and the
 * signed and unsigned readings agree), the constant non-negative: bounds
 * the atom on one side. */
static bool comparison_fact(struct ferry_affine_context *context, LLVMIntPredicate predicate,
                            LLVMValueRef value, LLVMValueRef constant, struct ferry_path_fact *fact) {
  struct ferry_affine form;
  if (!LLVMIsAConstantInt(constant) || !ferry_affine_of(context, value, &form) || form.term_count != 1 ||
      form.terms[0].coefficient != 1 || form.terms[0].atom_count != 1 ||
      !is_thread_invariant(&form.terms[0].atoms[0]) || !form.exact_signed || form.constant < 0)
    return false;
  int64_t bound = LLVMConstIntGetSExtValue(constant);
  if (bound < 0 || bound > INT32_MAX)
    return false;
  bound -= form.constant;
  *fact = (struct ferry_path_fact){.atom = form.terms[0].atoms[0], .low = INT64_MIN, .high = INT64_MAX};
  switch (predicate) {
  case LLVMIntSLT: case LLVMIntULT: fact->high = bound - 1; return true;
  case LLVMIntSLE: case LLVMIntULE: fact->high = bound; return true;
  case LLVMIntSGT: case LLVMIntUGT: fact->low = bound + 1; return true;
  case LLVMIntSGE: case LLVMIntUGE: fact->low = bound; return true;
  default: return false;
  }
}

static LLVMIntPredicate inverse(LLVMIntPredicate predicate) {
  switch (predicate) {
  case LLVMIntEQ: return LLVMIntNE;
  case LLVMIntNE: return LLVMIntEQ;
  case LLVMIntSLT: return LLVMIntSGE;
  case LLVMIntSGE: return LLVMIntSLT;
  case LLVMIntSLE: return LLVMIntSGT;
  case LLVMIntSGT: return LLVMIntSLE;
  case LLVMIntULT: return LLVMIntUGE;
  case LLVMIntUGE: return LLVMIntULT;
  case LLVMIntULE: return LLVMIntUGT;
  default: return LLVMIntULE; /* LLVMIntUGT */
  }
}

/* `a PREDICATE b` is `b SWAPPED a`. */
static LLVMIntPredicate swapped(LLVMIntPredicate predicate) {
  switch (predicate) {
  case LLVMIntSLT: return LLVMIntSGT;
  case LLVMIntSGT: return LLVMIntSLT;
  case LLVMIntSLE: return LLVMIntSGE;
  case LLVMIntSGE: return LLVMIntSLE;
  case LLVMIntULT: return LLVMIntUGT;
  case LLVMIntUGT: return LLVMIntULT;
  case LLVMIntULE: return LLVMIntUGE;
  case LLVMIntUGE: return LLVMIntULE;
  default: return predicate; /* EQ, NE */
  }
}

/* A block that only case C of `switch X` leads to (not the default) runs
 * where X == C. Successor 0 of a switch is its default; successor i > 0 is
 * the destination of case value i. */
static bool switch_fact(struct ferry_affine_context *context, LLVMValueRef switch_inst,
                        LLVMBasicBlockRef block, struct ferry_path_fact *fact) {
  if (LLVMGetSwitchDefaultDest(switch_inst) == block)
    return false;
  LLVMValueRef value = NULL;
  for (unsigned i = 1; i < LLVMGetNumSuccessors(switch_inst); i++)
    if (LLVMGetSuccessor(switch_inst, i) == block) {
      if (value)
        return false;
      value = LLVMGetSwitchCaseValue(switch_inst, i);
    }
  return value && equality_fact(context, LLVMGetOperand(switch_inst, 0), value, fact);
}

/* The fact that entering `block` from `predecessor` establishes, if any. */
static bool edge_fact(struct ferry_affine_context *context, LLVMBasicBlockRef predecessor,
                      LLVMBasicBlockRef block, struct ferry_path_fact *fact) {
  LLVMValueRef branch = LLVMGetBasicBlockTerminator(predecessor);
  if (LLVMIsASwitchInst(branch))
    return switch_fact(context, branch, block, fact);
  if (!LLVMIsABranchInst(branch) || !LLVMIsConditional(branch) ||
      LLVMGetSuccessor(branch, 0) == LLVMGetSuccessor(branch, 1))
    return false;
  LLVMValueRef condition = LLVMGetCondition(branch);
  if (!LLVMIsAICmpInst(condition))
    return false;
  bool taken_when_true = LLVMGetSuccessor(branch, 0) == block;
  LLVMIntPredicate predicate = LLVMGetICmpPredicate(condition);
  if (!taken_when_true)
    predicate = inverse(predicate);
  LLVMValueRef left = LLVMGetOperand(condition, 0), right = LLVMGetOperand(condition, 1);
  if (predicate == LLVMIntEQ)
    return equality_fact(context, left, right, fact) || equality_fact(context, right, left, fact);
  if (predicate == LLVMIntNE)
    return false;
  return comparison_fact(context, predicate, left, right, fact) ||
         comparison_fact(context, swapped(predicate), right, left, fact);
}

/* Climbs the dominator tree from inst's block: each dominator entered only
 * from one predecessor is entered only through that edge, so what the edge
 * establishes holds wherever the dominator leads, inst included. */
unsigned ferry_path_facts(struct ferry_affine_context *context, LLVMValueRef inst,
                          struct ferry_path_fact *facts) {
  const struct ferry_dominators *dominators = ferry_loops_dominators(ferry_affine_loops(context));
  unsigned count = 0;
  LLVMBasicBlockRef block = LLVMGetInstructionParent(inst);
  for (unsigned walked = 0; block && walked < MAX_BLOCKS_WALKED && count < FERRY_PATH_FACTS_MAX; walked++) {
    const struct ferry_vec *predecessors = ferry_block_predecessors(dominators, block);
    if (predecessors->count == 1 && edge_fact(context, predecessors->items[0], block, &facts[count]))
      count++;
    block = ferry_immediate_dominator(dominators, block);
  }
  return count;
}

void ferry_affine_apply_facts(struct ferry_affine *form, const struct ferry_path_fact *facts,
                              unsigned count) {
  unsigned kept = 0;
  for (unsigned t = 0; t < form->term_count; t++) {
    const struct ferry_term *term = &form->terms[t];
    bool fixed = false;
    for (unsigned f = 0; f < count && !fixed; f++)
      if (facts[f].low == facts[f].high && term->atom_count == 1 &&
          term->atoms[0].kind == facts[f].atom.kind &&
          term->atoms[0].dimension == facts[f].atom.dimension &&
          term->atoms[0].value == facts[f].atom.value &&
          term->atoms[0].other_thread == facts[f].atom.other_thread) {
        form->constant += term->coefficient * facts[f].low;
        fixed = true;
      }
    if (!fixed)
      form->terms[kept++] = *term;
  }
  form->term_count = kept;
}
