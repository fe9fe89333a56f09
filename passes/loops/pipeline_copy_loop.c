/* Rings of block-strided copy loops (issue 13, shape 4 in rings):
 *
 *   for (k = 0; k < tiles; k++) {
 *     for (p = threadIdx.x; p < N; p += blockDim.x) s[p] = g[f(k) + p];
 *     __syncthreads(); compute on s; __syncthreads();
 *   }
 *
 * The copy loop stays where it is, before the barrier. In outer iteration
 * i each of its iterations issues, in place of its copy, the copy of the
 * same element p for iteration i+S-1 into slot (i+S-1) mod S, when that
 * iteration runs; in iteration 0 it also issues iterations 0..S-2 into
 * slots 0..S-2 (the prologue, which a ring of single copies issues before
 * the loop: here the elements are known only inside the copy loop), and
 * iteration 0 then commits S-1 empty groups besides its own, so that
 * wait_group S-1 waits for everything it issued (pipeline.c). S is 2
 * unless the kernel asks for more (COPY_LOOP_STAGES: more measured
 * slower).
 *
 * That is right only if the copy loop runs the same iterations, with the
 * same p, in every outer iteration (each thread its own), so that what
 * iteration i issues for i+S-1 (or iteration 0 for 0..S-2) is what
 * iteration i+S-1 would have copied. Checked here: the copy loop is
 * nested directly in the outer loop (entered at most once per outer
 * iteration) and its exits stay in it; every branch from the outer loop's
 * header on the way into the copy loop tests values fixed in the outer
 * loop (the rotated loop's guard `threadIdx.x < N` among them); every
 * branch inside the copy loop tests its counter and values fixed in the
 * outer loop alone; the counter starts from a value fixed in the outer
 * loop and steps by a function of itself and such values. "Fixed in the
 * outer loop": computed before it, or in it by pure arithmetic from such
 * values and the special registers a thread reads the same every time
 * (no phi, no load, no other call). The destination is computed from the
 * counter and such values too (copy_loop.c proved two iterations of the
 * copy loop write two elements); a source's cone (pipeline_check.c) keeps
 * the counter as it is and advances the outer loop's induction variables.
 * Left out at first, with a reason: extern (dynamic) tiles, rings chosen
 * per launch, versioned or range-checked loops, sources tested for global
 * memory, copies read back, copies of more than one copy loop or of the
 * outer loop itself beside them. */
#include "pipeline_plan.h"

#include "address_space.h"
#include "memory.h"
#include "thread_values.h"

enum { MAX_DEPTH = 32 };

/* Arithmetic whose result depends on its operands alone. */
static bool is_pure(LLVMValueRef inst) {
  switch (LLVMGetInstructionOpcode(inst)) {
  case LLVMAdd: case LLVMSub: case LLVMMul: case LLVMShl: case LLVMLShr: case LLVMAShr:
  case LLVMAnd: case LLVMOr: case LLVMXor: case LLVMUDiv: case LLVMSDiv: case LLVMURem:
  case LLVMSRem: case LLVMTrunc: case LLVMZExt: case LLVMSExt: case LLVMPtrToInt:
  case LLVMIntToPtr: case LLVMBitCast: case LLVMAddrSpaceCast: case LLVMGetElementPtr:
  case LLVMICmp: case LLVMSelect:
    return true;
  default:
    return false;
  }
}

/* `value` is computed from `counter` (an induction variable of `inner`)
 * and values fixed in `outer` alone; with no `inner` and no `counter`,
 * whether `value` is the same in every iteration of `outer` (for one
 * thread). Outside `inner` only values fixed in `outer` may be used. */
static bool of_counter(const struct ferry_loop *outer, const struct ferry_loop *inner,
                       LLVMValueRef value, LLVMValueRef counter, unsigned depth) {
  if (value == counter || !ferry_loop_defines(outer, value))
    return true;
  if (inner && !ferry_loop_defines(inner, value))
    inner = NULL, counter = NULL;
  if (depth >= MAX_DEPTH)
    return false;
  if (LLVMIsACallInst(value))
    return ferry_reads_fixed_register(value);
  if (!is_pure(value))
    return false;
  int operands = LLVMGetNumOperands(value);
  for (int i = 0; i < operands; i++)
    if (!of_counter(outer, inner, LLVMGetOperand(value, i), counter, depth + 1))
      return false;
  return true;
}

static bool fixed(const struct ferry_loop *outer, LLVMValueRef value, unsigned depth) {
  return of_counter(outer, NULL, value, NULL, depth);
}

/* The phis of `inner` that `value` depends on, through its instructions in
 * `outer`; false when one is not in inner's header or there are too many. */
static bool collect_phis(const struct ferry_loop *outer, const struct ferry_loop *inner,
                         LLVMValueRef value, struct ferry_vec *phis, unsigned depth) {
  if (!ferry_loop_defines(outer, value))
    return true;
  if (depth >= MAX_DEPTH)
    return false;
  if (LLVMIsAPHINode(value)) {
    if (ferry_loop_defines(inner, value)) {
      if (LLVMGetInstructionParent(value) != inner->header)
        return false;
      ferry_vec_push_unique(phis, value);
    }
    return true; /* the outer loop's phis are the cone's (pipeline_check.c) */
  }
  int operands = LLVMGetNumOperands(value);
  for (int i = 0; i < operands; i++)
    if (!collect_phis(outer, inner, LLVMGetOperand(value, i), phis, depth + 1))
      return false;
  return true;
}

/* Every branch on the way from outer's header into inner (blocks of outer
 * that reach inner's header without passing outer's header again) tests
 * values fixed in outer: each outer iteration enters inner alike. */
static bool entered_alike(const struct ferry_loop *outer, const struct ferry_loop *inner) {
  struct ferry_vec seen = {0}, work = {0};
  bool ok = true;
  /* inner's predecessors outside it (its header may have no phi to name
   * them: every block of outer is looked at). */
  for (size_t b = 0; b < outer->blocks.count; b++) {
    LLVMBasicBlockRef block = outer->blocks.items[b];
    if (ferry_loop_contains(inner, block))
      continue;
    LLVMValueRef term = LLVMGetBasicBlockTerminator(block);
    unsigned successors = term ? LLVMGetNumSuccessors(term) : 0;
    for (unsigned s = 0; s < successors; s++)
      if (LLVMGetSuccessor(term, s) == inner->header)
        ferry_vec_push_unique(&work, block);
  }
  while (ok && work.count) {
    LLVMBasicBlockRef block = work.items[--work.count];
    bool known = false;
    for (size_t i = 0; i < seen.count; i++)
      known |= seen.items[i] == block;
    if (known)
      continue;
    ferry_vec_push(&seen, block);
    if (ferry_loop_contains(inner, block) || !ferry_loop_contains(outer, block)) {
      ok = false;
      break;
    }
    LLVMValueRef term = LLVMGetBasicBlockTerminator(block);
    if (!term || !LLVMIsABranchInst(term) ||
        (LLVMIsConditional(term) && !fixed(outer, LLVMGetCondition(term), 0))) {
      ok = false;
      break;
    }
    if (block == outer->header)
      continue;
    /* Its predecessors, in outer. */
    for (size_t b = 0; b < outer->blocks.count; b++) {
      LLVMBasicBlockRef from = outer->blocks.items[b];
      LLVMValueRef t = LLVMGetBasicBlockTerminator(from);
      unsigned successors = t ? LLVMGetNumSuccessors(t) : 0;
      for (unsigned s = 0; s < successors; s++)
        if (LLVMGetSuccessor(t, s) == block)
          ferry_vec_push(&work, from);
    }
  }
  ferry_vec_free(&seen);
  ferry_vec_free(&work);
  return ok;
}

bool ferry_pipeline_check_copy_loop(struct ferry_pipeline *p, const struct ferry_loop *loop,
                                    char *reason, size_t size) {
  const struct ferry_loop *inner = p->copies[0].site->loop;
  LLVMBasicBlockRef block = LLVMGetInstructionParent(p->copies[0].site->store);
  for (size_t c = 0; c < p->count; c++) {
    const struct ferry_copy_site *site = p->copies[c].site;
    if (site->loop != inner)
      return ferry_refuse(reason, size, "the loop's copies are not all in one block-strided "
                                        "copy loop");
    if (LLVMGetInstructionParent(site->store) != block)
      return ferry_refuse(reason, size, "the copy loop's copies are not all in one block");
    if (site->read_back)
      return ferry_refuse(reason, size, "a copy loop's loaded value has other uses");
    LLVMValueRef buffer = ferry_strip_pointer(site->destination);
    if (LLVMIsAGlobalVariable(buffer) && LLVMIsDeclaration(buffer))
      return ferry_refuse(reason, size, "the copy loop fills an extern __shared__ tile, whose "
                                        "ring ferry does not make for a copy loop");
  }
  if (!inner || inner->parent != loop)
    return ferry_refuse(reason, size, "the copy loop is not nested directly in the loop");
  for (size_t e = 0; e < inner->exiting.count; e++) {
    LLVMValueRef term = LLVMGetBasicBlockTerminator(inner->exiting.items[e]);
    for (unsigned s = 0; s < LLVMGetNumSuccessors(term); s++)
      if (!ferry_loop_contains(loop, LLVMGetSuccessor(term, s)))
        return ferry_refuse(reason, size, "the copy loop leaves the loop around it");
  }
  /* The counter: the one phi of the copy loop that the copies' addresses
   * depend on, in its header. */
  struct ferry_vec phis = {0};
  bool ok = true;
  for (size_t c = 0; ok && c < p->count; c++)
    ok = collect_phis(loop, inner, p->copies[c].site->destination, &phis, 0) &&
         collect_phis(loop, inner, p->copies[c].site->source, &phis, 0);
  LLVMValueRef counter = ok && phis.count == 1 ? phis.items[0] : NULL;
  ferry_vec_free(&phis);
  if (!counter)
    return ferry_refuse(reason, size, "the copy loop's copies do not depend on one counter of "
                                      "the copy loop alone");
  if (LLVMCountIncoming(counter) != 2)
    return ferry_refuse(reason, size, "the copy loop's counter has more than one start or step");
  for (unsigned i = 0; i < 2; i++) {
    LLVMValueRef value = LLVMGetIncomingValue(counter, i);
    bool from_inside = ferry_loop_contains(inner, LLVMGetIncomingBlock(counter, i));
    if (from_inside ? !of_counter(loop, inner, value, counter, 0) : !fixed(loop, value, 0))
      return ferry_refuse(reason, size,
                          "the copy loop's counter %s changes from one iteration of the loop "
                          "around it to the next",
                          from_inside ? "steps by an amount that" : "starts from a value that");
  }
  for (size_t b = 0; b < inner->blocks.count; b++) {
    LLVMValueRef term = LLVMGetBasicBlockTerminator(inner->blocks.items[b]);
    if (!LLVMIsABranchInst(term))
      return ferry_refuse(reason, size, "the copy loop branches other than by br");
    if (LLVMIsConditional(term) && !of_counter(loop, inner, LLVMGetCondition(term), counter, 0))
      return ferry_refuse(reason, size,
                          "the copy loop's bound (or another branch in it) changes from one "
                          "iteration of the loop around it to the next: a later iteration's "
                          "elements are not this one's");
  }
  if (!entered_alike(loop, inner))
    return ferry_refuse(reason, size,
                        "whether the copy loop runs depends on a value that changes from one "
                        "iteration of the loop around it to the next");
  for (size_t c = 0; c < p->count; c++) {
    LLVMValueRef pointer = p->copies[c].site->destination;
    for (int depth = 0; pipeline_forwards_pointer(pointer); depth++) {
      unsigned operands = (unsigned)LLVMGetNumOperands(pointer);
      for (unsigned i = 1; i < operands; i++)
        if (depth > MAX_DEPTH || !of_counter(loop, inner, LLVMGetOperand(pointer, i), counter, 0))
          return ferry_refuse(reason, size,
                              "the copy's destination depends on more than the copy loop's "
                              "counter and values fixed in the loop around it");
      pointer = LLVMGetOperand(pointer, 0);
    }
    if (ferry_loop_defines(loop, pointer))
      return ferry_refuse(reason, size, "the copy's destination is computed inside the loop");
  }
  p->copy_loop = inner;
  p->copy_counter = counter;
  return true;
}

bool ferry_pipeline_copy_loop_plain(const struct ferry_pipeline *p, char *reason, size_t size) {
  if (!p->copy_loop)
    return true;
  for (size_t r = 0; r < p->ring_count; r++)
    if (p->rings[r].dynamic)
      return ferry_refuse(reason, size, "the copy loop fills an extern __shared__ tile, whose "
                                        "ring ferry does not make for a copy loop");
  if (p->launch_stages || p->versioned || p->ranges || p->global_base_count || p->reuse_heavy)
    return ferry_refuse(reason, size,
                        "the ring would need a check before the loop (versioned, range-checked "
                        "or tested for global memory) or stages chosen per launch, which ferry "
                        "does not make for a copy loop");
  return true;
}
