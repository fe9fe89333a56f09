/* Cloning a loop with llvm-c: blocks and instructions are cloned, then
 * their operands, successors and phi entries are pointed at the clones. */
#include "loop_clone.h"

#include <stdio.h>
#include <stdlib.h>

LLVMValueRef ferry_cloned(const struct ferry_map *map, LLVMValueRef value) {
  intptr_t clone;
  return ferry_map_get(map, value, &clone) ? (LLVMValueRef)clone : value;
}

LLVMBasicBlockRef ferry_cloned_block(const struct ferry_map *map, LLVMBasicBlockRef block) {
  intptr_t clone;
  return ferry_map_get(map, block, &clone) ? (LLVMBasicBlockRef)clone : block;
}

static const char *name_of(LLVMValueRef value) {
  size_t length;
  const char *name = LLVMGetValueName2(value, &length);
  return name ? name : "";
}

/* The loop's block that comes last in the function's layout: the clones
 * go after it. */
static LLVMBasicBlockRef last_in_layout(const struct ferry_map *in_loop, LLVMBasicBlockRef header) {
  LLVMBasicBlockRef last = header;
  for (LLVMBasicBlockRef b = header; b; b = LLVMGetNextBasicBlock(b))
    if (ferry_map_get(in_loop, b, NULL))
      last = b;
  return last;
}

/* A use of a loop value beyond the loop, other than the exit's phis
 * taking it from the latch (those get the clone's value beside it). */
struct outside_use {
  LLVMValueRef user;
  LLVMValueRef value;
};

static void collect_outside_uses(const struct ferry_vec *blocks, const struct ferry_map *in_loop,
                                 LLVMBasicBlockRef latch, LLVMBasicBlockRef exit,
                                 struct ferry_vec *uses) {
  for (size_t b = 0; b < blocks->count; b++)
    for (LLVMValueRef inst = LLVMGetFirstInstruction(blocks->items[b]); inst;
         inst = LLVMGetNextInstruction(inst))
      for (LLVMUseRef use = LLVMGetFirstUse(inst); use; use = LLVMGetNextUse(use)) {
        LLVMValueRef user = LLVMGetUser(use);
        if (!LLVMIsAInstruction(user) ||
            ferry_map_get(in_loop, LLVMGetInstructionParent(user), NULL))
          continue;
        if (LLVMIsAPHINode(user) && LLVMGetInstructionParent(user) == exit) {
          bool from_latch_only = true;
          for (unsigned i = 0; i < LLVMCountIncoming(user); i++)
            if (LLVMGetIncomingValue(user, i) == inst && LLVMGetIncomingBlock(user, i) != latch)
              from_latch_only = false;
          if (from_latch_only)
            continue;
        }
        struct outside_use *entry = ferry_xmalloc(sizeof *entry);
        *entry = (struct outside_use){user, inst};
        ferry_vec_push(uses, entry);
      }
}

void ferry_clone_loop(const struct ferry_vec *blocks, LLVMBasicBlockRef preheader,
                      LLVMBasicBlockRef latch, LLVMBasicBlockRef exit,
                      LLVMBasicBlockRef clone_preheader, struct ferry_map *map) {
  LLVMBasicBlockRef header = blocks->items[0];
  LLVMContextRef context = LLVMGetTypeContext(LLVMTypeOf(LLVMGetBasicBlockTerminator(header)));
  LLVMBuilderRef builder = LLVMCreateBuilderInContext(context);
  struct ferry_map in_loop = {0};
  for (size_t b = 0; b < blocks->count; b++)
    ferry_map_put(&in_loop, blocks->items[b], 1);
  struct ferry_vec outside = {0};
  collect_outside_uses(blocks, &in_loop, latch, exit, &outside);

  LLVMBasicBlockRef after = last_in_layout(&in_loop, header);
  for (size_t b = 0; b < blocks->count; b++) {
    LLVMBasicBlockRef block = blocks->items[b];
    char name[256];
    snprintf(name, sizeof name, "%s.as.written", LLVMGetBasicBlockName(block));
    LLVMBasicBlockRef clone =
        LLVMAppendBasicBlockInContext(context, LLVMGetBasicBlockParent(block), name);
    LLVMMoveBasicBlockAfter(clone, after);
    after = clone;
    ferry_map_put(map, block, (intptr_t)clone);
  }

  /* Instructions first, operands once every clone exists. */
  for (size_t b = 0; b < blocks->count; b++) {
    LLVMPositionBuilderAtEnd(builder, ferry_cloned_block(map, blocks->items[b]));
    for (LLVMValueRef inst = LLVMGetFirstInstruction(blocks->items[b]); inst;
         inst = LLVMGetNextInstruction(inst)) {
      LLVMValueRef clone;
      if (LLVMIsAPHINode(inst)) {
        clone = LLVMBuildPhi(builder, LLVMTypeOf(inst), name_of(inst));
      } else {
        clone = LLVMInstructionClone(inst);
        LLVMInsertIntoBuilderWithName(builder, clone, name_of(inst));
      }
      ferry_map_put(map, inst, (intptr_t)clone);
    }
  }
  unsigned loop_kind = LLVMGetMDKindIDInContext(context, "llvm.loop", 9);
  for (size_t b = 0; b < blocks->count; b++)
    for (LLVMValueRef inst = LLVMGetFirstInstruction(blocks->items[b]); inst;
         inst = LLVMGetNextInstruction(inst)) {
      LLVMValueRef clone = ferry_cloned(map, inst);
      if (LLVMIsAPHINode(inst)) {
        for (unsigned i = 0; i < LLVMCountIncoming(inst); i++) {
          LLVMBasicBlockRef from = LLVMGetIncomingBlock(inst, i);
          LLVMValueRef value = ferry_cloned(map, LLVMGetIncomingValue(inst, i));
          LLVMBasicBlockRef clone_from =
              from == preheader ? clone_preheader : ferry_cloned_block(map, from);
          LLVMAddIncoming(clone, &value, &clone_from, 1);
        }
        continue;
      }
      unsigned operands = (unsigned)LLVMGetNumOperands(inst);
      for (unsigned i = 0; i < operands; i++) {
        LLVMValueRef operand = LLVMGetOperand(inst, i);
        if (!LLVMValueIsBasicBlock(operand))
          LLVMSetOperand(clone, i, ferry_cloned(map, operand));
      }
      if (LLVMIsATerminatorInst(inst)) {
        for (unsigned s = 0; s < LLVMGetNumSuccessors(inst); s++)
          LLVMSetSuccessor(clone, s, ferry_cloned_block(map, LLVMGetSuccessor(inst, s)));
        /* One loop, one identity: the clone is another loop. */
        LLVMSetMetadata(clone, loop_kind, NULL);
      }
    }
  LLVMPositionBuilderAtEnd(builder, clone_preheader);
  LLVMBuildBr(builder, ferry_cloned_block(map, header));

  /* The exit now has two ways in: its phis take the clone's value from the
   * clone's latch, and other uses see a phi of the two. */
  LLVMBasicBlockRef clone_latch = ferry_cloned_block(map, latch);
  for (LLVMValueRef phi = LLVMGetFirstInstruction(exit); phi && LLVMIsAPHINode(phi);
       phi = LLVMGetNextInstruction(phi)) {
    unsigned count = LLVMCountIncoming(phi);
    for (unsigned i = 0; i < count; i++)
      if (LLVMGetIncomingBlock(phi, i) == latch) {
        LLVMValueRef value = ferry_cloned(map, LLVMGetIncomingValue(phi, i));
        LLVMAddIncoming(phi, &value, &clone_latch, 1);
        break;
      }
  }
  struct ferry_map merged = {0};
  LLVMValueRef first = LLVMGetFirstInstruction(exit);
  for (size_t u = 0; u < outside.count; u++) {
    struct outside_use *use = outside.items[u];
    intptr_t known;
    LLVMValueRef phi;
    if (ferry_map_get(&merged, use->value, &known)) {
      phi = (LLVMValueRef)known;
    } else {
      LLVMPositionBuilderBefore(builder, first);
      phi = LLVMBuildPhi(builder, LLVMTypeOf(use->value), name_of(use->value));
      LLVMValueRef values[2] = {use->value, ferry_cloned(map, use->value)};
      LLVMBasicBlockRef from[2] = {latch, clone_latch};
      LLVMAddIncoming(phi, values, from, 2);
      ferry_map_put(&merged, use->value, (intptr_t)phi);
    }
    unsigned operands = (unsigned)LLVMGetNumOperands(use->user);
    for (unsigned i = 0; i < operands; i++)
      if (LLVMGetOperand(use->user, i) == use->value)
        LLVMSetOperand(use->user, i, phi);
  }
  for (size_t u = 0; u < outside.count; u++)
    free(outside.items[u]);
  ferry_vec_free(&outside);
  ferry_map_free(&merged);
  ferry_map_free(&in_loop);
  LLVMDisposeBuilder(builder);
}
