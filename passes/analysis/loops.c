/* Natural loops from back edges, their nesting, and header-phi induction
 * variables with a constant step. A loop's body is the header plus every
 * reachable block that reaches a latch without passing through the header.
 * Natural loops with distinct headers are disjoint or nested, so the parent
 * of a loop is the deepest earlier loop (in reverse postorder of headers)
 * that contains its header. Refused: back edges whose target does not
 * dominate the source (irreducible cycles have no natural loop and no
 * induction variables), and induction variables whose step is not a
 * constant or whose incoming values disagree. */
#include "loops.h"

#include "ferry.h"
#include "names.h"

#include <stdlib.h>

/* The public loop and the set that answers membership in constant time;
 * `loop` comes first so that a ferry_loop pointer is a record pointer. */
struct loop_record {
  struct ferry_loop loop;
  struct ferry_map members;
};

struct ferry_loops {
  struct ferry_dominators *dominators;
  struct ferry_vec loops;            /* struct loop_record *, headers in RPO */
  struct ferry_map innermost;        /* block -> struct loop_record * */
  struct ferry_map loop_of_header;   /* header -> struct loop_record * */
};

bool ferry_loop_contains(const struct ferry_loop *loop, LLVMBasicBlockRef block) {
  const struct loop_record *record = (const struct loop_record *)loop;
  return block && ferry_map_get(&record->members, block, NULL);
}

bool ferry_loop_defines(const struct ferry_loop *loop, LLVMValueRef value) {
  return LLVMIsAInstruction(value) && ferry_loop_contains(loop, LLVMGetInstructionParent(value));
}

/* The body: a backward walk from the latches that stops at the header. */
static void collect_body(struct loop_record *record, const struct ferry_dominators *d) {
  struct ferry_vec worklist = {0};
  ferry_map_put(&record->members, record->loop.header, 1);
  for (size_t i = 0; i < record->loop.latches.count; i++)
    ferry_vec_push(&worklist, record->loop.latches.items[i]);
  while (worklist.count) {
    LLVMBasicBlockRef block = worklist.items[--worklist.count];
    if (ferry_map_get(&record->members, block, NULL))
      continue;
    ferry_map_put(&record->members, block, 1);
    const struct ferry_vec *predecessors = ferry_block_predecessors(d, block);
    for (size_t p = 0; p < predecessors->count; p++)
      if (ferry_block_is_reachable(d, predecessors->items[p]))
        ferry_vec_push(&worklist, predecessors->items[p]);
  }
  ferry_vec_free(&worklist);
  const struct ferry_vec *order = ferry_reverse_postorder(d);
  for (size_t i = 0; i < order->count; i++)
    if (ferry_map_get(&record->members, order->items[i], NULL))
      ferry_vec_push(&record->loop.blocks, order->items[i]);
}

static bool only_successor_is(LLVMBasicBlockRef block, LLVMBasicBlockRef target) {
  LLVMValueRef terminator = LLVMGetBasicBlockTerminator(block);
  unsigned count = terminator ? LLVMGetNumSuccessors(terminator) : 0;
  for (unsigned s = 0; s < count; s++)
    if (LLVMGetSuccessor(terminator, s) != target)
      return false;
  return count > 0;
}

static void collect_exits_and_preheader(struct loop_record *record,
                                        const struct ferry_dominators *d) {
  struct ferry_loop *loop = &record->loop;
  for (size_t i = 0; i < loop->blocks.count; i++) {
    LLVMBasicBlockRef block = loop->blocks.items[i];
    LLVMValueRef terminator = LLVMGetBasicBlockTerminator(block);
    unsigned count = terminator ? LLVMGetNumSuccessors(terminator) : 0;
    for (unsigned s = 0; s < count; s++)
      if (!ferry_loop_contains(loop, LLVMGetSuccessor(terminator, s))) {
        ferry_vec_push(&loop->exiting, block);
        break;
      }
  }
  LLVMBasicBlockRef outside = NULL;
  const struct ferry_vec *predecessors = ferry_block_predecessors(d, loop->header);
  for (size_t p = 0; p < predecessors->count; p++) {
    LLVMBasicBlockRef predecessor = predecessors->items[p];
    if (ferry_loop_contains(loop, predecessor))
      continue;
    if (outside)
      return; /* two ways in: no preheader */
    outside = predecessor;
  }
  if (outside && only_successor_is(outside, loop->header))
    loop->preheader = outside;
}

static struct loop_record *find_loop_headed_by(LLVMBasicBlockRef header,
                                               const struct ferry_dominators *d) {
  struct loop_record *record = NULL;
  const struct ferry_vec *predecessors = ferry_block_predecessors(d, header);
  for (size_t p = 0; p < predecessors->count; p++) {
    LLVMBasicBlockRef source = predecessors->items[p];
    if (!ferry_block_dominates(d, header, source))
      continue; /* an entry edge, or a retreating edge of an irreducible cycle */
    if (!record) {
      record = ferry_xcalloc(1, sizeof *record);
      record->loop.header = header;
    }
    ferry_vec_push(&record->loop.latches, source);
  }
  return record;
}

/* Keeps latches in reverse postorder, as the blocks are, for stable output. */
static void sort_latches(struct ferry_loop *loop) {
  struct ferry_vec sorted = {0};
  for (size_t i = 0; i < loop->blocks.count; i++)
    if (ferry_vec_contains(&loop->latches, loop->blocks.items[i]))
      ferry_vec_push(&sorted, loop->blocks.items[i]);
  ferry_vec_free(&loop->latches);
  loop->latches = sorted;
}

static void link_nesting(struct ferry_loops *loops) {
  for (size_t i = 0; i < loops->loops.count; i++) {
    struct loop_record *record = loops->loops.items[i];
    for (size_t j = 0; j < i; j++) {
      struct loop_record *outer = loops->loops.items[j];
      if (ferry_loop_contains(&outer->loop, record->loop.header) &&
          (!record->loop.parent || outer->loop.depth > record->loop.parent->depth))
        record->loop.parent = &outer->loop;
    }
    record->loop.depth = record->loop.parent ? record->loop.parent->depth + 1 : 1;
    /* Outer loops come first, so inner loops overwrite their blocks' entry. */
    for (size_t b = 0; b < record->loop.blocks.count; b++)
      ferry_map_put(&loops->innermost, record->loop.blocks.items[b], (intptr_t)record);
  }
}

struct ferry_loops *ferry_loops_compute(LLVMValueRef fn) {
  struct ferry_dominators *d = ferry_dominators_compute(fn);
  if (!d)
    return NULL;
  struct ferry_loops *loops = ferry_xcalloc(1, sizeof *loops);
  loops->dominators = d;
  const struct ferry_vec *order = ferry_reverse_postorder(d);
  for (size_t i = 0; i < order->count; i++) {
    struct loop_record *record = find_loop_headed_by(order->items[i], d);
    if (!record)
      continue;
    collect_body(record, d);
    sort_latches(&record->loop);
    collect_exits_and_preheader(record, d);
    ferry_vec_push(&loops->loops, record);
    ferry_map_put(&loops->loop_of_header, record->loop.header, (intptr_t)record);
  }
  link_nesting(loops);
  return loops;
}

void ferry_loops_free(struct ferry_loops *loops) {
  if (!loops)
    return;
  for (size_t i = 0; i < loops->loops.count; i++) {
    struct loop_record *record = loops->loops.items[i];
    ferry_vec_free(&record->loop.blocks);
    ferry_vec_free(&record->loop.latches);
    ferry_vec_free(&record->loop.exiting);
    ferry_map_free(&record->members);
    free(record);
  }
  ferry_vec_free(&loops->loops);
  ferry_map_free(&loops->innermost);
  ferry_map_free(&loops->loop_of_header);
  ferry_dominators_free(loops->dominators);
  free(loops);
}

const struct ferry_dominators *ferry_loops_dominators(const struct ferry_loops *loops) {
  return loops->dominators;
}

size_t ferry_loop_count(const struct ferry_loops *loops) { return loops->loops.count; }

const struct ferry_loop *ferry_loop_at(const struct ferry_loops *loops, size_t index) {
  return index < loops->loops.count ? loops->loops.items[index] : NULL;
}

const struct ferry_loop *ferry_loop_of_block(const struct ferry_loops *loops,
                                             LLVMBasicBlockRef block) {
  intptr_t record;
  return block && ferry_map_get(&loops->innermost, block, &record)
             ? (const struct ferry_loop *)record : NULL;
}

const struct ferry_loop *ferry_loop_with_header(const struct ferry_loops *loops,
                                                LLVMBasicBlockRef block) {
  intptr_t record;
  return block && ferry_map_get(&loops->loop_of_header, block, &record)
             ? (const struct ferry_loop *)record : NULL;
}

static bool is_small_integer(LLVMValueRef value) {
  LLVMTypeRef type = LLVMTypeOf(value);
  return LLVMGetTypeKind(type) == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(type) <= 64;
}

/* The step of `increment` when it is phi + C, C + phi or phi - C. */
static bool constant_step(LLVMValueRef increment, LLVMValueRef phi, int64_t *step) {
  if (!LLVMIsAInstruction(increment))
    return false;
  LLVMOpcode opcode = LLVMGetInstructionOpcode(increment);
  LLVMValueRef left = LLVMGetOperand(increment, 0), right = LLVMGetOperand(increment, 1);
  if (opcode == LLVMAdd && right == phi && left != phi) {
    LLVMValueRef swap = left;
    left = right;
    right = swap;
  }
  if ((opcode != LLVMAdd && opcode != LLVMSub) || left != phi || !LLVMIsAConstantInt(right))
    return false;
  int64_t constant = LLVMConstIntGetSExtValue(right);
  if (opcode == LLVMSub) {
    if (constant == INT64_MIN)
      return false;
    constant = -constant;
  }
  *step = constant;
  return true;
}

bool ferry_induction_variable(const struct ferry_loops *loops, LLVMValueRef phi,
                              struct ferry_induction *out) {
  if (!phi || !LLVMIsAPHINode(phi) || !is_small_integer(phi))
    return false;
  const struct ferry_loop *loop = ferry_loop_with_header(loops, LLVMGetInstructionParent(phi));
  if (!loop)
    return false;
  struct ferry_induction induction = {.loop = loop, .phi = phi};
  for (unsigned i = 0; i < LLVMCountIncoming(phi); i++) {
    LLVMValueRef value = LLVMGetIncomingValue(phi, i);
    LLVMValueRef *slot = ferry_loop_contains(loop, LLVMGetIncomingBlock(phi, i))
                             ? &induction.increment : &induction.start;
    if (*slot && *slot != value)
      return false;
    *slot = value;
  }
  if (!induction.start || !induction.increment ||
      !constant_step(induction.increment, phi, &induction.step))
    return false;
  induction.no_signed_wrap = LLVMGetNSW(induction.increment);
  induction.no_unsigned_wrap = LLVMGetNUW(induction.increment);
  *out = induction;
  return true;
}

static void print_blocks(FILE *out, const char *label, const struct ferry_vec *blocks) {
  char name[256];
  fprintf(out, " %s", label);
  for (size_t i = 0; i < blocks->count; i++) {
    ferry_block_name(blocks->items[i], name, sizeof name);
    fprintf(out, " %s", name);
  }
  if (!blocks->count)
    fputs(" none", out);
}

static void print_induction_variables(FILE *out, const struct ferry_loops *loops,
                                      const struct ferry_loop *loop) {
  char name[256], start[256];
  for (LLVMValueRef phi = LLVMGetFirstInstruction(loop->header); phi && LLVMIsAPHINode(phi);
       phi = LLVMGetNextInstruction(phi)) {
    struct ferry_induction induction;
    if (!ferry_induction_variable(loops, phi, &induction))
      continue;
    ferry_value_name(phi, name, sizeof name);
    ferry_value_name(induction.start, start, sizeof start);
    fprintf(out, "    iv %s start %s step %lld%s%s\n", name, start, (long long)induction.step,
            induction.no_signed_wrap ? " nsw" : "", induction.no_unsigned_wrap ? " nuw" : "");
  }
}

void ferry_print_loops(LLVMModuleRef module, FILE *out) {
  char name[256];
  for (LLVMValueRef fn = LLVMGetFirstFunction(module); fn; fn = LLVMGetNextFunction(fn)) {
    struct ferry_loops *loops = ferry_loops_compute(fn);
    if (!loops)
      continue;
    ferry_value_name(fn, name, sizeof name);
    fprintf(out, "loops of %s\n", name);
    for (size_t i = 0; i < loops->loops.count; i++) {
      const struct ferry_loop *loop = loops->loops.items[i];
      ferry_block_name(loop->header, name, sizeof name);
      fprintf(out, "  loop %s depth %u", name, loop->depth);
      print_blocks(out, "latches", &loop->latches);
      print_blocks(out, "blocks", &loop->blocks);
      print_blocks(out, "exiting", &loop->exiting);
      if (loop->preheader)
        ferry_block_name(loop->preheader, name, sizeof name);
      fprintf(out, " preheader %s\n", loop->preheader ? name : "none");
      print_induction_variables(out, loops, loop);
    }
    ferry_loops_free(loops);
  }
  ferry_names_invalidate(); /* frees the numbering cache */
}

/* The same in every iteration: no phi, load or call of the loop on the way.
 * (A copy's destination so: the ring's slot replaces the array, the rest of
 * the address is reused.) */
bool ferry_loop_invariant(const struct ferry_loop *loop, LLVMValueRef value, int depth) {
  if (!ferry_loop_defines(loop, value))
    return true;
  if (depth > 64 || LLVMIsAPHINode(value) || LLVMIsALoadInst(value) || LLVMIsACallInst(value))
    return false;
  unsigned operands = (unsigned)LLVMGetNumOperands(value);
  for (unsigned i = 0; i < operands; i++)
    if (!ferry_loop_invariant(loop, LLVMGetOperand(value, i), depth + 1))
      return false;
  return true;
}

/* A header phi of `loop` that adds the same loop-invariant value each
 * iteration (`b += ldb * TILE` in a tiled matrix product): phi = [start,
 * outside], [phi + step, inside]. Its value k iterations on is
 * phi + k * step, whatever the arithmetic wraps to. The step may be
 * computed in the loop from loop-invariant values alone: it then joins
 * the cone, and the ring computes it again where it issues. */
bool ferry_loop_header_phi(const struct ferry_loop *loop, LLVMValueRef phi, LLVMValueRef *start,
                           LLVMValueRef *next) {
  *start = *next = NULL;
  if (LLVMGetInstructionParent(phi) != loop->header || LLVMCountIncoming(phi) != 2)
    return false;
  for (unsigned i = 0; i < 2; i++) {
    LLVMValueRef value = LLVMGetIncomingValue(phi, i);
    if (ferry_loop_contains(loop, LLVMGetIncomingBlock(phi, i)))
      *next = value;
    else
      *start = value;
  }
  return *next && *start;
}

bool ferry_loop_adds_invariant(const struct ferry_loop *loop, LLVMValueRef phi,
                               LLVMValueRef increment, LLVMValueRef *step) {
  if (!LLVMIsAInstruction(increment) || LLVMGetInstructionOpcode(increment) != LLVMAdd)
    return false;
  for (unsigned side = 0; side < 2; side++)
    if (LLVMGetOperand(increment, side) == phi &&
        ferry_loop_invariant(loop, LLVMGetOperand(increment, 1 - side), 0)) {
      *step = LLVMGetOperand(increment, 1 - side);
      return true;
    }
  return false;
}

bool ferry_loop_subtracts_invariant(const struct ferry_loop *loop, LLVMValueRef phi,
                                    LLVMValueRef increment, LLVMValueRef *step) {
  if (!LLVMIsAInstruction(increment) || LLVMGetInstructionOpcode(increment) != LLVMSub ||
      LLVMGetOperand(increment, 0) != phi ||
      !ferry_loop_invariant(loop, LLVMGetOperand(increment, 1), 0))
    return false;
  *step = LLVMGetOperand(increment, 1);
  return true;
}

bool ferry_loop_invariant_step(const struct ferry_loop *loop, LLVMValueRef phi,
                               LLVMValueRef *start, LLVMValueRef *step) {
  LLVMValueRef increment;
  return ferry_loop_header_phi(loop, phi, start, &increment) &&
         ferry_loop_adds_invariant(loop, phi, increment, step);
}

/* A pointer the loop steps by the same amount each iteration (`p += 64`,
 * `p += 16 * ld`): phi = [start, outside], [gep T, phi, step, inside] with
 * one loop-invariant index. Its value k iterations on is
 * gep T, phi, k * step. The step may be computed in the loop from
 * loop-invariant values alone (not hoisted): the same every iteration, it
 * joins the cone, and the prologue computes it again. Sets *increment;
 * *varies when the increment is such a GEP of the phi whose index the loop
 * changes. */
bool ferry_loop_pointer_step(const struct ferry_loop *loop, LLVMValueRef phi,
                             LLVMValueRef *start, LLVMValueRef *increment, bool *varies) {
  *varies = false;
  *start = *increment = NULL;
  if (LLVMGetTypeKind(LLVMTypeOf(phi)) != LLVMPointerTypeKind ||
      !ferry_loop_header_phi(loop, phi, start, increment) || !LLVMIsAGetElementPtrInst(*increment) ||
      LLVMGetNumOperands(*increment) != 2 || LLVMGetOperand(*increment, 0) != phi)
    return false;
  *varies = !ferry_loop_invariant(loop, LLVMGetOperand(*increment, 1), 0);
  return !*varies;
}

