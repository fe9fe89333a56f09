/* ferry's software pipeliner: copy loops become S-stage rings.
 *
 * Matches a loop with a preheader and one latch, which is also its only
 * exit, ending in `br (icmp c, bound)`, c the counter iv or its increment
 * iv.next (clang tests iv itself for `k <= hi`: exit when k == hi), where
 * the loop continues while c != bound (iv counting by one, of any width,
 * wrapping or not; by more, without wrapping), or < or <= bound (signed or
 * unsigned; iv counting by any positive constant, without wrapping), with
 * bound loop-invariant (pipeline_check.c says which forms and why); whose
 * converted copies all wait at one consumer barrier inside the loop; each
 * copy writing, at the same place every iteration, its own static shared
 * array, which the loop otherwise only reads; each source address a pure
 * function of the loop's induction variables (integers with constant or
 * loop-invariant steps, pointers stepped by a loop-invariant GEP: `p += 16 *
 * ld`) and loop-invariant values; and nothing in the loop that may write a
 * source. Every iteration must run the copies, and every access to the
 * arrays must follow the barrier and meet another before the iteration
 * ends. A copy's loaded value with other uses in the loop is read back
 * from the iteration's slot just after the barrier (copy_read_back.h).
 *
 * Emits: for each array, a ring of S copies ([S x T], 16-byte aligned); an
 * iteration counter; a prologue in the preheader issuing iterations 0..S-1
 * into slots 0..S-1, one commit group each, every issue past the first
 * guarded by the trip count (the index of the last iteration, for counters
 * of 32 bits or less; wider ones test the counter); in the loop, the loads
 * and stores of the compute redirected to slot i mod S, wait_group S-1
 * before the consumer barrier, and at the iteration's end the copy of
 * iteration i+S into slot i mod S (guarded) and its commit; a wait for
 * everything at the exit. The barrier that ended iteration i's compute is
 * what frees slot i mod S for that issue: pipeline_check.c proved it is
 * there. (A copy loop's ring, and one whose compute reads the copied
 * bytes many times, issue iteration i+S-1's copies during iteration i and
 * fill slots 0..S-2 before the loop: ferry_pipeline_issues_at_end.)
 *
 * S is the largest power of two up to 16 whose ring stays within 16 KiB of
 * shared memory per block, within the 48 KiB static limit with the
 * kernel's other static arrays, and, under __launch_bounds__(t, N), within
 * what N blocks may each have of a multiprocessor; or what the kernel's
 * annotate("ferry:stages=N") or -ferry-stages asks. Refuses, with a reason,
 * whatever it has not proved. */
#include "pipeline_rewrite.h"

#include "address_space.h"
#include "bridge.h"
#include "copy_emit.h"
#include "pipeline_dynamic.h"
#include "ir_build.h"
#include "ptx.h"

#include <llvm-c/DebugInfo.h>
#include <stdio.h>
#include <stdlib.h>

static LLVMValueRef first_non_phi(LLVMBasicBlockRef block) {
  LLVMValueRef inst = LLVMGetFirstInstruction(block);
  while (inst && LLVMIsAPHINode(inst))
    inst = LLVMGetNextInstruction(inst);
  return inst;
}

/* Slot `index` of ring r, at the builder's position. */
static LLVMValueRef slot(const struct rewrite *w, LLVMBuilderRef builder, size_t r,
                         LLVMValueRef index) {
  const struct ring *ring = &w->p->rings[r];
  const struct ring_made *made = &w->rings[r];
  LLVMContextRef context = LLVMGetTypeContext(LLVMTypeOf(index));
  LLVMTypeRef i32 = LLVMInt32TypeInContext(context);
  if (ring->per_launch) { /* below the launch's dynamic bytes: no wrap in 64 bits */
    LLVMValueRef offset = LLVMBuildMul(
        builder, LLVMBuildZExt(builder, index, LLVMInt64TypeInContext(context), ""), made->stride,
        "");
    return LLVMBuildGEP2(builder, LLVMInt8TypeInContext(context), made->base, &offset, 1,
                         "ferry.slot");
  }
  if (ring->dynamic && !ring->relocated) {
    LLVMValueRef offset = LLVMBuildMul(builder, index, LLVMConstInt(i32, ring->stage_bytes, false), "");
    return LLVMBuildGEP2(builder, LLVMInt8TypeInContext(context), ring->buffer, &offset, 1,
                         "ferry.slot");
  }
  LLVMValueRef indices[2] = {LLVMConstInt(i32, 0, false), index};
  return LLVMBuildGEP2(builder, LLVMArrayType2(made->slot_type, w->p->stages), made->ring,
                       indices, 2, "ferry.slot");
}

/* A guarded copy's source and bytes to read for the iteration it issues
 * (pipeline_check.c, check_guard): its guard computed for that iteration,
 * from the same cone as the source; where the guard fails, a source size
 * of 0 (nothing read, the element filled with zeros, as the loop stores
 * zero) and, as the single-stage form (async_copy.c), the array's base
 * (a kernel parameter or global variable, else null) for the pointer, so
 * that no address the loop would not read is handed to cp.async. */
static LLVMValueRef guarded_ahead(const struct ferry_pipeline *p, LLVMBuilderRef builder, size_t c,
                                  LLVMValueRef source, struct ferry_copy_form *form,
                                  unsigned distance, LLVMValueRef distance_value, bool prologue,
                                  struct ferry_map *made) {
  const struct ferry_copy_site *site = p->copies[c].site;
  LLVMValueRef guard =
      ferry_pipeline_value_ahead(p, builder, p->guards[c], distance, distance_value, prologue, made);
  if (p->guard_inverted[c])
    guard = LLVMBuildNot(builder, guard, "");
  LLVMTypeRef i32 = LLVMInt32TypeInContext(LLVMGetTypeContext(LLVMTypeOf(guard)));
  form->source_bytes = LLVMBuildSelect(builder, guard, LLVMConstInt(i32, site->size, false),
                                       LLVMConstInt(i32, 0, false), "ferry.source.bytes");
  LLVMTypeRef pointer_type = LLVMTypeOf(source);
  LLVMValueRef base = ferry_strip_pointer(site->source);
  LLVMValueRef elsewhere = (LLVMIsAArgument(base) || LLVMIsAGlobalVariable(base)) &&
                                   LLVMTypeOf(base) == pointer_type
                               ? base
                               : LLVMConstNull(pointer_type);
  return LLVMBuildSelect(builder, guard, source, elsewhere, "ferry.source");
}

/* A region before `anchor`, entered where `condition` is `holds`: returns
 * the branch that ends it, before which its code goes. */
static LLVMValueRef region_where(LLVMBuilderRef builder, LLVMValueRef anchor,
                                 LLVMValueRef condition, bool holds, const char *name,
                                 const char *rest_name) {
  LLVMBasicBlockRef head, join;
  LLVMBasicBlockRef body = ferry_open_region(anchor, name, rest_name, &head, &join);
  LLVMPositionBuilderAtEnd(builder, head);
  if (holds)
    LLVMBuildCondBr(builder, condition, body, join);
  else
    LLVMBuildCondBr(builder, condition, join, body);
  LLVMPositionBuilderAtEnd(builder, body);
  return LLVMBuildBr(builder, join);
}

/* A group of chunks (ferry_emit_unchecked_chunks) issued where `guard`
 * holds, if given: behind one branch, predicated; in a loop, in a region
 * entered where it holds. */
static void emit_chunks(LLVMModuleRef module, LLVMBuilderRef builder, struct ferry_emit_cache *cache,
                        LLVMValueRef before, const struct ferry_chunk *group, size_t count,
                        const struct ferry_copy_form *form, bool looped, LLVMValueRef guard) {
  if (guard && looped)
    before = region_where(builder, before, guard, true, "ferry.issue", "ferry.issued");
  ferry_emit_unchecked_chunks(module, builder, cache, before, group, count, form, looped,
                              looped ? NULL : guard);
}

/* The iteration `distance` ahead (from the loop's start when `prologue`)
 * (`distance_value` when not NULL: the launch's S - 1, for a loop of
 * launch_stages) issues every copy at `anchor`, into slot `slot_index` of
 * each ring, when `guard` (NULL: always) holds: one region for them all.
 * Copies whose chunks need no check (a versioned loop) and share their
 * geometry issue together (copy_emit.h): behind one branch where `branch`
 * (an i1, w->chunk_branch) holds, else in a loop that runs at most once;
 * `branch` NULL: the loop. With `prepare` (NULL: the issue's place), the
 * addresses are computed before it, and a versioned ring whose copies are
 * all chunks issues them under `guard` predicated, with no region. */
static void issue_stage(LLVMModuleRef module, LLVMBuilderRef builder,
                        struct ferry_emit_cache *cache, const struct rewrite *w,
                        LLVMValueRef anchor, LLVMValueRef prepare, LLVMValueRef slot_index,
                        unsigned distance, LLVMValueRef distance_value, bool prologue,
                        LLVMValueRef guard, LLVMValueRef branch) {
  const struct ferry_pipeline *p = w->p;
  /* (issue_after_barrier says why; the chunks' loop form, where the stage
   * takes it, keeps the guard's region.) */
  bool predicated = prepare && guard && p->versioned;
  for (size_t c = 0; c < p->count; c++)
    predicated &= ferry_copy_form_collective(&p->copies[c].form);
  LLVMValueRef before = anchor;
  if (guard && !predicated)
    before = region_where(builder, anchor, guard, true, "ferry.issue", "ferry.issued");
  if (!prepare)
    prepare = before;
  LLVMValueRef destinations[FERRY_RING_MAX_COPIES], sources[FERRY_RING_MAX_COPIES];
  struct ferry_copy_form forms[FERRY_RING_MAX_COPIES];
  LLVMPositionBuilderBefore(builder, prepare);
  LLVMValueRef bases[FERRY_RING_MAX_COPIES];
  for (size_t r = 0; r < p->ring_count; r++)
    bases[r] = slot(w, builder, r, slot_index);
  for (size_t c = 0; c < p->count; c++) {
    const struct ferry_copy_site *site = p->copies[c].site;
    const struct ring *ring = &p->rings[p->ring_of_copy[c]];
    struct ferry_map made = {0};
    /* A streamed source's chunk address is a phi of the loop (apply). */
    bool streamed = !prologue && w->source_chunks[c];
    sources[c] = streamed ? NULL
                          : ferry_pipeline_value_ahead(p, builder, site->source, distance, distance_value, prologue,
                                     &made);
    destinations[c] =
        ferry_pipeline_rebase(builder, site->destination, ring->buffer, bases[p->ring_of_copy[c]]);
    forms[c] = p->copies[c].form;
    if (p->guards[c])
      sources[c] = guarded_ahead(p, builder, c, sources[c], &forms[c], distance, distance_value,
                                 prologue, &made);
    /* The proof that destination rows are aligned was made for the array;
     * a slot of the ring keeps it only if the slots lie a multiple of 16
     * bytes apart from a 16-byte aligned ring (a dynamic ring's base
     * alignment is the launch's, unknown here). */
    if (ring->dynamic || ring->per_launch || ring->stage_bytes % 16 != 0)
      forms[c].destination_rows_aligned = false;
    if (forms[c].source_index)
      forms[c].source_index =
          ferry_pipeline_value_ahead(p, builder, forms[c].source_index, distance, distance_value,
                                     prologue, &made);
    ferry_map_free(&made);
  }
  /* A versioned ring's chunks need no check: those of one geometry issue
   * in one loop. */
  bool issued[FERRY_RING_MAX_COPIES] = {0};
  for (size_t c = 0; c < p->count; c++) {
    if (issued[c])
      continue;
    if (!ferry_copy_form_collective(&forms[c]) || !p->versioned) {
      ferry_emit_copy(module, builder, cache, before, destinations[c], sources[c], &forms[c],
                      NULL);
      continue;
    }
    struct ferry_chunk group[FERRY_RING_MAX_COPIES];
    size_t count = 0;
    for (size_t d = c; d < p->count; d++)
      if (!issued[d] && ferry_copy_form_collective(&forms[d]) && forms[d].size == forms[c].size &&
          (forms[d].row_stride > 0) == (forms[c].row_stride > 0)) {
        const struct ferry_chunk *offsets = &w->chunk_offsets[d];
        LLVMPositionBuilderBefore(builder, prepare);
        group[count++] = (struct ferry_chunk){
            .destination = ferry_chunk_address(builder, destinations[d], FERRY_ADDRSPACE_SHARED,
                                               offsets->destination),
            .source = sources[d] ? ferry_chunk_address(builder, sources[d],
                                                       FERRY_ADDRSPACE_GLOBAL, offsets->source)
                                 : w->source_chunks[d],
            .destination_pass = offsets->destination_pass,
            .source_pass = offsets->source_pass,
        };
        issued[d] = true;
      }
    /* Where `branch` is known only as the kernel runs (a loop of
     * launch_stages before ferry_pipeline_unswitch_stages fixes it in each
     * copy), both forms, each in its region. */
    if (!branch || LLVMIsAConstantInt(branch)) {
      bool looped = !branch || !LLVMConstIntGetZExtValue(branch);
      emit_chunks(module, builder, cache, before, group, count, &forms[c], looped,
                  predicated ? guard : NULL);
      continue;
    }
    for (int looped = 0; looped < 2; looped++) {
      LLVMValueRef at =
          region_where(builder, before, branch, !looped, "ferry.chunks.form", "ferry.chunks.formed");
      emit_chunks(module, builder, cache, at, group, count, &forms[c], looped,
                  predicated ? guard : NULL);
    }
  }
}

/* A dynamic ring trusts the kernel's hint: a launch with less dynamic
 * shared memory than the ring needs would overrun it, so the preheader
 * traps then (before any copy is issued) rather than compute wrong
 * results. */
static void check_dynamic_size(LLVMModuleRef module, LLVMBuilderRef builder,
                               const struct ferry_pipeline *p) {
  unsigned long long needed = 0;
  for (size_t r = 0; r < p->ring_count; r++)
    if (p->rings[r].dynamic && !p->rings[r].relocated && !p->rings[r].per_launch)
      needed += p->stages * p->rings[r].stage_bytes;
  if (!needed)
    return;
  LLVMBasicBlockRef head, rest;
  LLVMBasicBlockRef too_small =
      ferry_open_region(p->counted->preheader_branch, "ferry.dynamic.too_small",
                        "ferry.dynamic.enough", &head, &rest);
  LLVMPositionBuilderAtEnd(builder, head);
  LLVMValueRef launched =
      ferry_call_intrinsic(builder, module, "llvm.nvvm.read.ptx.sreg.dynamic_smem_size", NULL, 0);
  LLVMValueRef short_of = LLVMBuildICmp(builder, LLVMIntULT, launched,
                                        LLVMConstInt(LLVMTypeOf(launched), needed, false), "");
  LLVMBuildCondBr(builder, short_of, too_small, rest);
  LLVMPositionBuilderAtEnd(builder, too_small);
  ferry_call_intrinsic(builder, module, "llvm.trap", NULL, 0);
  LLVMBuildUnreachable(builder);
}

/* Whether the loop issues at the iteration's end
 * (ferry_pipeline_issues_at_end) for some S it may take: not where every
 * S has one barrier an iteration (w->one_barrier). */
static bool some_issue_at_end(const struct rewrite *w) {
  return ferry_pipeline_issues_at_end(w->p) && !ferry_test_is(w->one_barrier, true);
}

/* A versioned ring's collective copies, before the loop: each one's chunk
 * offsets, from iteration 0 and slot 0, the same in every iteration and
 * slot (copy_emit.h); and where a source is exactly affine in the
 * iteration, the address of the thread's chunk that the loop steps
 * (that of iteration S-1, issued in iteration 0) and its step, the
 * difference between two iterations' addresses. */
static void plan_chunks(LLVMModuleRef module, LLVMBuilderRef builder,
                        struct ferry_emit_cache *cache, struct rewrite *w) {
  const struct ferry_pipeline *p = w->p;
  LLVMContextRef context = LLVMGetModuleContext(module);
  LLVMTypeRef i64 = LLVMInt64TypeInContext(context);
  for (size_t c = 0; c < p->count; c++) {
    const struct ferry_copy_site *site = p->copies[c].site;
    const struct ring *ring = &p->rings[p->ring_of_copy[c]];
    if (!ferry_copy_form_collective(&p->copies[c].form))
      continue;
    LLVMPositionBuilderBefore(builder, p->counted->preheader_branch);
    struct ferry_map made = {0};
    LLVMValueRef source = ferry_pipeline_value_at(p, builder, site->source, 0, true, &made);
    ferry_map_free(&made);
    LLVMValueRef zero = LLVMConstInt(LLVMInt32TypeInContext(context), 0, false);
    LLVMValueRef first_slot = slot(w, builder, p->ring_of_copy[c], zero);
    LLVMValueRef destination =
        ferry_pipeline_rebase(builder, site->destination, ring->buffer, first_slot);
    w->chunk_offsets[c] =
        ferry_chunk_offsets(module, builder, cache, destination, source, &p->copies[c].form);
  }
  for (size_t c = 0; c < p->count; c++) {
    if (!ferry_copy_form_collective(&p->copies[c].form) || !p->source_streams[c])
      continue;
    LLVMValueRef at[3];
    /* The first iteration the loop issues: S at iteration 0's end, else
     * S-1 (ferry_pipeline_issues_at_end, and with one barrier an
     * iteration); S the loop's (launch_stages) where it is chosen as the
     * kernel runs. */
    bool at_end = some_issue_at_end(w);
    unsigned first = at_end ? p->stages : p->stages - 1;
    LLVMValueRef first_value = NULL;
    if (p->launch_stages) {
      LLVMPositionBuilderBefore(builder, p->counted->preheader_branch);
      first_value =
          at_end ? ferry_test_choose(
                       builder, w->one_barrier, w->stage_mask,
                       LLVMBuildAdd(builder, w->stage_mask,
                                    LLVMConstInt(LLVMInt32TypeInContext(context), 1, false), ""))
                 : w->stage_mask;
    }
    unsigned iterations[3] = {first, 0, 1};
    for (int k = 0; k < 3; k++) {
      struct ferry_map made = {0};
      LLVMPositionBuilderBefore(builder, p->counted->preheader_branch);
      LLVMValueRef source =
          k == 0 && first_value
              ? ferry_pipeline_value_ahead(p, builder, p->copies[c].site->source, 0, first_value,
                                           true, &made)
              : ferry_pipeline_value_at(p, builder, p->copies[c].site->source, iterations[k],
                                        true, &made);
      ferry_map_free(&made);
      at[k] = ferry_chunk_address(builder, source, FERRY_ADDRSPACE_GLOBAL,
                                  k ? LLVMConstInt(i64, 0, false) : w->chunk_offsets[c].source);
    }
    w->source_starts[c] = at[0];
    /* Iteration 1 need not run: frozen, and unused then. */
    w->source_steps[c] = LLVMBuildFreeze(
        builder,
        LLVMBuildSub(builder, LLVMBuildPtrToInt(builder, at[2], i64, ""),
                     LLVMBuildPtrToInt(builder, at[1], i64, ""), ""),
        "ferry.chunk.source.step");
  }
}

/* The uses of copy c's loaded value, other than its store, read the value
 * back from the copy's destination in this iteration's slot, loaded once
 * just after the barrier: the barrier dominates every use and is the last
 * before each, and nothing writes the array in between (copy_read_back.c,
 * pipeline_check.c), so the element holds the value at every use; one
 * load, where the single-stage form loads before each use, keeps the
 * compute's shared-memory traffic at one element per copy. The load keeps
 * the store's alignment where the slot keeps it: a static ring's slots lie
 * stage_bytes apart from a ring aligned at least as the array, a dynamic
 * one's 16-byte multiples apart. */
static void read_back_from_slot(LLVMBuilderRef builder, const struct rewrite *w, size_t c) {
  const struct ferry_pipeline *p = w->p;
  const struct ferry_copy_site *site = p->copies[c].site;
  const struct ring *ring = &p->rings[p->ring_of_copy[c]];
  unsigned align = LLVMGetAlignment(site->store);
  unsigned long long apart = ring->dynamic || ring->per_launch ? 16 : ring->stage_bytes;
  while (align > 1 && apart % align)
    align /= 2;
  LLVMPositionBuilderBefore(builder, LLVMGetNextInstruction(p->barrier));
  LLVMValueRef address =
      ferry_pipeline_rebase(builder, site->destination, ring->buffer,
                            w->rings[p->ring_of_copy[c]].compute_slot);
  LLVMValueRef value = LLVMBuildLoad2(builder, LLVMTypeOf(site->load), address, "ferry.read.back");
  LLVMSetAlignment(value, align);
  struct ferry_vec users = {0};
  for (LLVMUseRef use = LLVMGetFirstUse(site->load); use; use = LLVMGetNextUse(use))
    if (LLVMGetUser(use) != site->store)
      ferry_vec_push_unique(&users, LLVMGetUser(use));
  for (size_t i = 0; i < users.count; i++) {
    LLVMValueRef user = users.items[i];
    int operands = LLVMGetNumOperands(user);
    for (int o = 0; o < operands; o++)
      if (LLVMGetOperand(user, o) == site->load)
        LLVMSetOperand(user, o, value);
  }
  ferry_vec_free(&users);
}

/* The group of the copies an iteration issues during it (a copy loop's
 * ring, issue_in_copy_loop, and issue_at_top), committed just before the
 * consumer barrier, whose location it takes, where wait_before_barrier
 * then waits. */
static void commit_before_barrier(LLVMModuleRef module, LLVMBuilderRef builder,
                                  const struct ferry_pipeline *p) {
  LLVMMetadataRef location = LLVMGetCurrentDebugLocation2(builder);
  LLVMPositionBuilderBefore(builder, p->barrier);
  LLVMSetCurrentDebugLocation2(builder, LLVMInstructionGetDebugLoc(p->barrier));
  ferry_ptx_commit_group(&(struct ferry_ptx){module, builder});
  LLVMSetCurrentDebugLocation2(builder, location);
}

/* A ring of a block-strided copy loop (pipeline_copy_loop.c): where the
 * copy loop's copies stand (after the last of them, all in one block),
 * each of its iterations issues the same element p of iteration i+S-1
 * into slot (i+S-1) mod S when that iteration runs (`ahead`), and in
 * iteration 0 those of iterations 0..S-2 into slots 0..S-2 when they run,
 * the prologue; iteration 0 then commits S-1 empty groups before the
 * barrier, then its own (commit_before_barrier), so that wait_group
 * S-1 there leaves none of its copies pending, and in iteration j >= 1 the
 * S-1 groups it may leave pending are those committed after the one
 * holding j's copies. */
static void issue_in_copy_loop(LLVMModuleRef module, LLVMBuilderRef builder,
                               struct ferry_emit_cache *cache, const struct rewrite *w) {
  const struct ferry_pipeline *p = w->p;
  LLVMValueRef iteration = w->iteration, issue_index = w->issue_index, ahead = w->ahead;
  LLVMValueRef last32 = w->last32;
  LLVMContextRef context = LLVMGetModuleContext(module);
  LLVMTypeRef i32 = LLVMInt32TypeInContext(context);
  unsigned stages = p->stages;
  LLVMBasicBlockRef block = LLVMGetInstructionParent(p->copies[0].site->store);
  LLVMValueRef anchor = NULL;
  for (LLVMValueRef inst = LLVMGetFirstInstruction(block); inst; inst = LLVMGetNextInstruction(inst))
    for (size_t c = 0; c < p->count; c++)
      if (inst == p->copies[c].site->store)
        anchor = inst;
  /* The guards, with `ahead`, in the outer loop's header. */
  LLVMPositionBuilderBefore(builder, LLVMIsAInstruction(ahead) ? LLVMGetNextInstruction(ahead)
                                                               : first_non_phi(p->counted->header));
  LLVMValueRef first = LLVMBuildICmp(builder, LLVMIntEQ, iteration, LLVMConstInt(i32, 0, false),
                                     "ferry.first.iteration");
  LLVMValueRef runs[FERRY_MAX_STAGES] = {0};
  for (unsigned d = 1; d + 1 < stages; d++)
    runs[d] = last32 ? LLVMBuildICmp(builder, LLVMIntUGE, last32, LLVMConstInt(i32, d, false),
                                     "ferry.runs")
                     : ferry_counted_loop_runs_ahead_const(p->counted, builder, p->counted->iv, d);
  /* The prologue's issues behind one test of iteration 0 (each then
   * behind its own test that its iteration runs): the copy loop's other
   * iterations pay one branch for them. */
  if (stages > 1) {
    LLVMValueRef at =
        region_where(builder, anchor, first, true, "ferry.first.issue", "ferry.first.issued");
    for (unsigned d = 0; d + 1 < stages; d++)
      issue_stage(module, builder, cache, w, at, NULL, LLVMConstInt(i32, d, false), d, NULL, false,
                  runs[d], NULL);
  }
  issue_stage(module, builder, cache, w, anchor, NULL, issue_index, stages - 1, NULL, false, ahead,
              NULL);
  if (stages > 1) {
    LLVMPositionBuilderBefore(builder, region_where(builder, p->barrier, first, true,
                                                    "ferry.first.commits", "ferry.first.committed"));
    for (unsigned k = 0; k + 1 < stages; k++)
      ferry_ptx_commit_group(&(struct ferry_ptx){module, builder});
  }
  commit_before_barrier(module, builder, p);
}

/* w->one_barrier: constant where every S the loop may take has the same
 * form, else the test, before the loop, that S takes one barrier. */
static LLVMValueRef one_barrier_test(LLVMBuilderRef builder, const struct rewrite *w) {
  const struct ferry_pipeline *p = w->p;
  LLVMContextRef context = LLVMGetTypeContext(LLVMTypeOf(p->barrier));
  unsigned from = ferry_pipeline_one_barrier_from(p);
  if (!from || ferry_least_stages(p) >= from)
    return LLVMConstInt(LLVMInt1TypeInContext(context), from != 0, false);
  LLVMPositionBuilderBefore(builder, p->counted->preheader_branch);
  return LLVMBuildICmp(builder, LLVMIntUGE, w->stage_mask,
                       LLVMConstInt(LLVMTypeOf(w->stage_mask), from - 1, false),
                       "ferry.one.barrier");
}

/* Before the loop, what the prologue and the loop use: the trap of a
 * dynamic ring's short launch, a per-launch ring's stride and S, the
 * rings, the index of the last iteration, the version's check and clone,
 * and a versioned ring's chunk offsets. */
static void before_loop(LLVMModuleRef module, LLVMBuilderRef builder,
                        struct ferry_emit_cache *cache, struct rewrite *w) {
  const struct ferry_pipeline *p = w->p;
  LLVMContextRef context = LLVMGetModuleContext(module);
  check_dynamic_size(module, builder, p); /* may split the preheader: first */
  if (p->launch_stages)
    ferry_pipeline_make_launch_stages(module, builder, w);
  w->one_barrier = one_barrier_test(builder, w);
  LLVMValueRef ring_globals[FERRY_RING_MAX_COPIES] = {0};
  for (size_t r = 0; r < p->ring_count; r++) {
    const struct ring *ring = &p->rings[r];
    struct ring_made *made = &w->rings[r];
    made->slot_type = ring->type;
    if (ring->from_static) /* the check and the clone read slot 0 */
      ring_globals[r] = made->base;
    if ((ring->dynamic && !ring->relocated) || ring->from_static)
      continue;
    if (ring->relocated) /* slots of the tile's bounded extent */
      made->slot_type = LLVMArrayType2(LLVMInt8TypeInContext(context), ring->stage_bytes);
    LLVMTypeRef type = LLVMArrayType2(made->slot_type, p->stages);
    size_t length;
    const char *name = LLVMGetValueName2(ring->buffer, &length);
    char ring_name[256];
    snprintf(ring_name, sizeof ring_name, "%.*s.ferry.ring", (int)length, name);
    made->ring = LLVMAddGlobalInAddressSpace(module, type, ring_name, FERRY_ADDRSPACE_SHARED);
    LLVMSetInitializer(made->ring, LLVMGetPoison(type));
    LLVMSetLinkage(made->ring, LLVMInternalLinkage);
    LLVMSetAlignment(made->ring, ring->align > 16 ? ring->align : 16);
    ring_globals[r] = made->ring;
  }
  /* A counter of 32 bits or less: which iterations run is told by the
   * index of the last one (as unsigned, at most 2^32 - 1), against this
   * iteration's. */
  LLVMValueRef last = NULL;
  if (p->counted->width <= 32) {
    LLVMPositionBuilderBefore(builder, p->counted->preheader_branch);
    last = ferry_counted_loop_last_iteration(p->counted, builder);
  }
  if (p->versioned || p->ranges || p->global_base_count) /* the check needs the rings; the
                                                            clone reads them */
    ferry_pipeline_version(p, ring_globals, module, builder, last,
                           ferry_emit_cache_record(cache));
  if (last) {
    LLVMPositionBuilderBefore(builder, p->counted->preheader_branch);
    w->last32 = LLVMBuildTrunc(builder, last, LLVMInt32TypeInContext(context),
                               "ferry.last.iteration");
  }
  if (p->versioned)
    plan_chunks(module, builder, cache, w);
}

/* Iteration i issues the copies of iteration i+S at its end, just before
 * the latch's branch, into slot i mod S, when that iteration runs, and
 * commits their group there: the barrier that ended its compute freed the
 * slot (pipeline_check.c: every access to the rings meets one before the
 * iteration ends), and nothing in the loop writes their sources. The same
 * copies into the same slot as at the top of iteration i+1, but ahead of
 * the loop's exit test, where the wait that follows is further from the
 * issue. Measured (H200, bench/copy_compute's loop with hand-written
 * cp.async, 16 stages, 256 threads): 0.174 ms at one block per SM issued
 * at the end against 0.211 at the top, 0.147/0.148/0.152 against
 * 0.149/0.149/0.152 at 2/4/8: bench/results/h200-ring-issue.txt. Not in a
 * ring whose compute reads the copied bytes many times (issue_at_top). */
static void issue_at_end(LLVMModuleRef module, LLVMBuilderRef builder,
                         struct ferry_emit_cache *cache, struct rewrite *w,
                         LLVMValueRef slot_index) {
  const struct ferry_pipeline *p = w->p;
  const struct ferry_counted_loop *counted = p->counted;
  LLVMTypeRef i32 = LLVMInt32TypeInContext(LLVMGetModuleContext(module));
  LLVMValueRef end = counted->latch_branch, last32 = w->last32;
  if (!LLVMIsAConstantInt(w->one_barrier)) { /* the copies of the loop whose S keeps two */
    LLVMBasicBlockRef head, rest;
    LLVMBasicBlockRef body =
        ferry_open_region(end, "ferry.two.barriers", "ferry.two.barriers.issued", &head, &rest);
    LLVMPositionBuilderAtEnd(builder, head);
    w->two_barrier_issue = LLVMBuildCondBr(builder, w->one_barrier, rest, body);
    LLVMPositionBuilderAtEnd(builder, body);
    end = LLVMBuildBr(builder, rest);
  }
  LLVMPositionBuilderBefore(builder, end);
  LLVMValueRef stages =
      p->launch_stages
          ? LLVMBuildAdd(builder, w->mask, LLVMConstInt(i32, 1, false), "ferry.stages")
          : NULL;
  LLVMValueRef ahead =
      last32 ? LLVMBuildICmp(builder, LLVMIntUGT, LLVMBuildSub(builder, last32, w->iteration, ""),
                             w->mask, "ferry.runs")
      : stages ? ferry_counted_loop_runs_ahead(counted, builder, counted->iv, stages)
               : ferry_counted_loop_runs_ahead_const(counted, builder, counted->iv, p->stages);
  issue_stage(module, builder, cache, w, end, NULL, slot_index, p->stages, stages, false, ahead,
              w->chunk_branch);
  LLVMPositionBuilderBefore(builder, end);
  ferry_ptx_commit_group(&(struct ferry_ptx){module, builder});
}

/* Iteration i issues the copies of iteration i+S-1 at its top, into slot
 * (i+S-1) mod S, when that iteration runs: the barrier that ended
 * iteration i-1 freed that slot, and nothing in the loop writes their
 * sources; their group committed just before the barrier
 * (commit_before_barrier). The form of a ring whose compute reads the
 * copied bytes many times, bound by that compute, where the issue at the
 * end measured slower: bench/real's matrixMul (H200, 9 alternating
 * rounds) 0.989x / 0.986x of the issue at the top on sm_90a / sm_80, its
 * A/A control 0.997x / 1.001x (bench/real/results/
 * h200-ring-issue-end-summary.txt). */
static void issue_at_top(LLVMModuleRef module, LLVMBuilderRef builder,
                         struct ferry_emit_cache *cache, const struct rewrite *w) {
  LLVMValueRef ahead = w->ahead;
  LLVMValueRef at = LLVMGetNextInstruction(LLVMIsAInstruction(ahead) ? ahead : w->issue_index);
  issue_stage(module, builder, cache, w, at, NULL, w->issue_index, w->p->stages - 1, NULL, false,
              ahead, w->chunk_branch);
  commit_before_barrier(module, builder, w->p);
}

/* With one barrier an iteration (ferry_pipeline_one_barrier_from): iteration i
 * issues the copies of iteration i+S-1 just after the copies' barrier,
 * into slot (i+S-1) mod S, which iteration i-1 read: every thread has
 * passed those reads once any passes the barrier. Their group is
 * committed there, before the compute; so before iteration i's barrier
 * S-1+i groups are committed, the last holding iteration i+S-2's copies
 * (wait_before_barrier waits for S-2 pending). S is the loop's where the
 * kernel chooses it (in_flight_stages).
 *
 * Their addresses are computed before the wait (issue_stage's `prepare`),
 * and a versioned ring's chunks issue as predicated cp.async, with no
 * branch that the backend would sink those computations into: what each
 * warp does between the barrier and its cp.async then is a test and the
 * cp.async. Where a block is alone on its multiprocessor every warp
 * waits at each barrier for the warps that issue, and that path bounds
 * the loop: bench/copy_extern's ring of chunks, 64 stages, H200, 0.1376 ms
 * (95 % of the cudaMemcpy roof) against 0.1560 (84 %) with the branch and
 * the addresses after the barrier, 0.1388 by hand; the same addresses
 * before the wait with the branches kept, 0.1467 (PTX edited by hand:
 * bench/results/h200-one-barrier-issue.txt). */
static void issue_after_barrier(LLVMModuleRef module, LLVMBuilderRef builder,
                                struct ferry_emit_cache *cache, const struct rewrite *w) {
  const struct ferry_pipeline *p = w->p;
  LLVMValueRef at = LLVMGetNextInstruction(p->barrier);
  if (!LLVMIsAConstantInt(w->one_barrier)) /* the copies of the loop whose S takes one barrier */
    at = region_where(builder, at, w->one_barrier, true, "ferry.one.barrier.issue",
                      "ferry.one.barrier.issued");
  issue_stage(module, builder, cache, w, at, p->barrier, w->issue_index, p->stages - 1,
              p->launch_stages ? w->mask : NULL, false, w->ahead, w->chunk_branch);
  LLVMPositionBuilderBefore(builder, at);
  ferry_ptx_commit_group(&(struct ferry_ptx){module, builder});
}

/* A versioned ring's chunks issue behind one branch, as hand-written code
 * has them, where S is at least BRANCH_STAGES, and in a loop that runs at
 * most once where it is less, or where the compute reads the copied bytes
 * many times (copy_emit_ring_chunks.c says why). Measured on an H200
 * (bench/'s four copy loops, 1 KiB tiles, both targets, alternating
 * rounds; bench/results/h200-chunk-issue.txt), the branch against the
 * loop: 1.034-1.052x at 2 blocks per SM (S = 16; 93-95 % of the roof,
 * 90-91 % with the loop), 0.998-1.021x at 4 (S = 8), 0.996-1.007x at 1
 * (S = 16), 0.973-0.994x at 8 (S = 4); with the branch only where S >= 8,
 * 1.031-1.045x / 1.001-1.031x / 0.995-1.006x at 2 / 4 / 8 blocks per SM
 * against the loop everywhere. Returns w->chunk_branch: a
 * constant where S is one, else (launch_stages) a test of S before the
 * loop. */
enum { BRANCH_STAGES = 8 };
static LLVMValueRef chunk_branch(LLVMBuilderRef builder, const struct rewrite *w) {
  const struct ferry_pipeline *p = w->p;
  bool chunks = false;
  for (size_t c = 0; c < p->count; c++)
    chunks |= ferry_copy_form_collective(&p->copies[c].form);
  if (!chunks || !p->versioned || p->reuse_heavy || p->copy_loop)
    return NULL;
  LLVMTypeRef i32 = LLVMTypeOf(w->mask);
  if (!p->launch_stages)
    return LLVMConstInt(LLVMInt1TypeInContext(LLVMGetTypeContext(i32)),
                        p->stages >= BRANCH_STAGES, false);
  LLVMPositionBuilderBefore(builder, p->counted->preheader_branch);
  return LLVMBuildICmp(builder, LLVMIntUGE, w->stage_mask,
                       LLVMConstInt(i32, BRANCH_STAGES - 1, false), "ferry.chunks.branch");
}

/* In the loop: the iteration counter, this iteration's slots, the
 * compute's loads and read-backs moved to them, and the issue of later
 * iterations' copies (ferry_pipeline_issues_at_end); the original copies
 * erased. */
static void issue_in_loop(LLVMModuleRef module, LLVMBuilderRef builder,
                          struct ferry_emit_cache *cache, struct rewrite *w) {
  const struct ferry_pipeline *p = w->p;
  const struct ferry_counted_loop *counted = p->counted;
  LLVMContextRef context = LLVMGetModuleContext(module);
  LLVMTypeRef i32 = LLVMInt32TypeInContext(context);
  unsigned stages = p->stages;
  LLVMBasicBlockRef preheader = LLVMGetInstructionParent(p->counted->preheader_branch);
  LLVMBasicBlockRef latch = LLVMGetInstructionParent(p->counted->latch_branch);
  LLVMPositionBuilder(builder, p->counted->header, LLVMGetFirstInstruction(p->counted->header));
  LLVMValueRef iteration = LLVMBuildPhi(builder, i32, "ferry.iteration");
  LLVMPositionBuilderBefore(builder, p->counted->latch_branch);
  LLVMValueRef next = LLVMBuildAdd(builder, iteration, LLVMConstInt(i32, 1, false), "");
  LLVMValueRef incoming[2] = {LLVMConstInt(i32, 0, false), next};
  LLVMBasicBlockRef from[2] = {preheader, latch};
  LLVMAddIncoming(iteration, incoming, from, 2);
  for (size_t c = 0; c < p->count; c++) {
    if (!w->source_starts[c])
      continue;
    LLVMPositionBuilder(builder, p->counted->header, LLVMGetFirstInstruction(p->counted->header));
    w->source_chunks[c] =
        LLVMBuildPhi(builder, LLVMTypeOf(w->source_starts[c]), "ferry.chunk.source");
    LLVMPositionBuilderBefore(builder, p->counted->latch_branch);
    LLVMValueRef values[2] = {
        w->source_starts[c],
        LLVMBuildGEP2(builder, LLVMInt8TypeInContext(context), w->source_chunks[c],
                      &w->source_steps[c], 1, ""),
    };
    LLVMAddIncoming(w->source_chunks[c], values, from, 2);
  }
  LLVMPositionBuilderBefore(builder, first_non_phi(p->counted->header));
  LLVMValueRef mask = p->launch_stages ? w->stage_mask : LLVMConstInt(i32, stages - 1, false);
  LLVMValueRef compute_index = LLVMBuildAnd(builder, iteration, mask, "ferry.slot.compute");
  /* Where iteration i issues iteration i+S-1's copies (in a copy loop,
   * where they stand; with one barrier, after it; else at the top): the
   * slot they go to, and whether that iteration runs
   * (ferry_pipeline_issues_at_end). */
  bool one = !ferry_test_is(w->one_barrier, false), two = !ferry_test_is(w->one_barrier, true);
  bool at_end = ferry_pipeline_issues_at_end(p);
  bool ahead_of_end = one || !at_end;
  if (ahead_of_end)
    w->issue_index = LLVMBuildAnd(builder, LLVMBuildAdd(builder, iteration, mask, ""), mask,
                                  "ferry.slot.issue");
  for (size_t r = 0; r < p->ring_count; r++)
    w->rings[r].compute_slot = slot(w, builder, r, compute_index);
  w->iteration = iteration;
  w->mask = mask;
  /* (Such a ring's stages are fixed: a copy loop's ring and one of heavy
   * reuse take none per launch or as the kernel runs: pipeline_check.c,
   * pipeline_copy_loop.c, pipeline_stages.c.) */
  LLVMValueRef last32 = w->last32;
  if (ahead_of_end)
    w->ahead = last32 ? LLVMBuildICmp(builder, LLVMIntUGE,
                                      LLVMBuildSub(builder, last32, iteration, ""), mask,
                                      "ferry.runs")
               : p->launch_stages
                   ? ferry_counted_loop_runs_ahead(counted, builder, counted->iv, mask)
                   : ferry_counted_loop_runs_ahead_const(counted, builder, counted->iv,
                                                         stages - 1);

  /* The compute reads this iteration's slot. */
  for (size_t i = 0; i < p->rebased.count; i++) {
    const struct rebased_use *use = p->rebased.items[i];
    const struct ring *ring = &p->rings[use->ring];
    LLVMPositionBuilderBefore(builder, use->load);
    LLVMSetOperand(use->load, 0,
                   ferry_pipeline_rebase(builder, LLVMGetOperand(use->load, 0), ring->buffer,
                                         w->rings[use->ring].compute_slot));
  }

  /* A copy's loaded value with other uses (copy_read_back.h): they read
   * it back from this iteration's slot, where the thread stored it
   * (pipeline_check.c proved every use in the loop, after the barrier). */
  for (size_t c = 0; c < p->count; c++)
    if (p->copies[c].site->read_back)
      read_back_from_slot(builder, w, c);

  LLVMSetCurrentDebugLocation2(builder, LLVMInstructionGetDebugLoc(p->copies[0].site->store));
  w->chunk_branch = chunk_branch(builder, w);
  if (p->copy_loop) {
    issue_in_copy_loop(module, builder, cache, w);
  } else {
    if (one)
      issue_after_barrier(module, builder, cache, w);
    if (two && at_end)
      issue_at_end(module, builder, cache, w, compute_index);
    else if (two)
      issue_at_top(module, builder, cache, w);
  }
  for (size_t c = 0; c < p->count; c++) {
    const struct ferry_copy_site *site = p->copies[c].site;
    LLVMInstructionEraseFromParent(site->store);
    if (site->merged) /* the guard's test stays, on paths now empty */
      LLVMInstructionEraseFromParent(site->merged);
    if (site->load)
      LLVMInstructionEraseFromParent(site->load);
  }
}

/* Before the loop, the prologue: slots 0..S-1 filled with iterations
 * 0..S-1 (0..S-2 where iteration 0 issues S-1:
 * ferry_pipeline_issues_at_end), each past the first when it runs, one
 * commit group per stage; with a per-launch ring's S, a loop over k < S
 * (launch_prologue); with in_flight_stages, slot k in a region entered
 * where k < S. A copy loop's ring has its prologue in iteration 0
 * (issue_in_copy_loop). */
static void prologue(LLVMModuleRef module, LLVMBuilderRef builder,
                     struct ferry_emit_cache *cache, const struct rewrite *w) {
  const struct ferry_pipeline *p = w->p;
  const struct ferry_counted_loop *counted = p->counted;
  LLVMTypeRef i32 = LLVMInt32TypeInContext(LLVMGetModuleContext(module));
  LLVMValueRef last32 = w->last32;
  /* A per-launch ring's prologue is a loop; the others' are S copies. */
  bool per_launch = ferry_pipeline_launch_stages(p);
  if (per_launch) {
    LLVMValueRef at, k, runs;
    ferry_pipeline_launch_prologue(module, builder, w, &at, &k, &runs);
    issue_stage(module, builder, cache, w, at, NULL, k, 0, k, true, runs, NULL);
    LLVMPositionBuilderBefore(builder, at);
    ferry_ptx_commit_group(&(struct ferry_ptx){module, builder});
  }
  /* (Only a per-launch ring's S chooses its form.) */
  bool at_end = some_issue_at_end(w);
  unsigned count = at_end ? p->stages : p->stages - 1;
  for (unsigned k = 0; k < count && !per_launch && !p->copy_loop; k++) {
    LLVMValueRef at = p->counted->preheader_branch;
    if (p->in_flight_stages) { /* slot k, where k < S (k < S-1 where not at_end) */
      LLVMPositionBuilderBefore(builder, at);
      LLVMValueRef wanted = LLVMBuildICmp(builder, at_end ? LLVMIntULE : LLVMIntULT,
                                          LLVMConstInt(i32, k, false), w->stage_mask,
                                          "ferry.stage.wanted");
      at = region_where(builder, at, wanted, true, "ferry.prologue.stage", "ferry.prologue.next");
    }
    LLVMPositionBuilderBefore(builder, at);
    LLVMValueRef guard = NULL;
    if (k)
      guard = last32 ? LLVMBuildICmp(builder, LLVMIntUGE, last32, LLVMConstInt(i32, k, false),
                                     "ferry.runs")
                     : ferry_counted_loop_runs_ahead_const(counted, builder, counted->start, k);
    issue_stage(module, builder, cache, w, at, NULL, LLVMConstInt(i32, k, false), k, NULL, true, guard,
                NULL);
    LLVMPositionBuilderBefore(builder, at);
    ferry_ptx_commit_group(&(struct ferry_ptx){module, builder});
  }
}

/* Before the consumer barrier, wait_group S-1: before iteration i's
 * barrier S + i groups are committed (each issue form commits its own:
 * issue_at_end, commit_before_barrier), the last holding iteration
 * i+S-1's copies, so at most S-1 pending leaves iteration i's landed.
 * With one barrier an iteration, S-2 (issue_after_barrier):
 * ferry_ring_pending. */
static void wait_before_barrier(LLVMModuleRef module, LLVMBuilderRef builder,
                                const struct rewrite *w) {
  const struct ferry_pipeline *p = w->p;
  LLVMPositionBuilderBefore(builder, p->barrier);
  LLVMSetCurrentDebugLocation2(builder, LLVMInstructionGetDebugLoc(p->barrier));
  ferry_ptx_wait_group(&(struct ferry_ptx){module, builder}, ferry_ring_pending(p, p->stages));
}

/* One barrier an iteration (pipeline_one_barrier.c): the barrier that
 * ended each iteration runs where the loop exits, on the edge from the
 * latch to the loop's exit, so that what follows the loop still meets it.
 * The loop exits for the whole block at once, as every thread met the
 * barrier there; no test of the exit stays in the loop (at one block per
 * SM, where a warp's instructions bound the loop, each counts). Where only
 * some S take one barrier (w->one_barrier a test), the others run it in
 * every iteration, before their issue at the iteration's end
 * (w->two_barrier_issue), whose slot it frees: a region entered where the
 * test fails, and on the exit edge its copy, entered where it holds. */
static void end_with_barrier(LLVMBuilderRef builder, struct rewrite *w) {
  const struct ferry_pipeline *p = w->p;
  LLVMBasicBlockRef latch = LLVMGetInstructionParent(p->counted->latch_branch);
  LLVMBasicBlockRef ends = ferry_split_edge(latch, p->counted->exit, "ferry.loop.ends");
  LLVMValueRef leave = LLVMGetBasicBlockTerminator(ends), at = leave;
  if (!LLVMIsAConstantInt(w->one_barrier)) {
    LLVMValueRef inside = region_where(builder, w->two_barrier_issue, w->one_barrier, false,
                                       "ferry.two.barriers.end", "ferry.two.barriers.ended");
    LLVMValueRef copy = LLVMInstructionClone(p->trailing_barrier);
    LLVMPositionBuilderBefore(builder, inside);
    LLVMInsertIntoBuilder(builder, copy);
    at = region_where(builder, at, w->one_barrier, true, "ferry.loop.exits",
                      "ferry.loop.exited");
  }
  LLVMInstructionRemoveFromParent(p->trailing_barrier);
  LLVMPositionBuilderBefore(builder, at);
  LLVMInsertIntoBuilder(builder, p->trailing_barrier);
  w->exiting = LLVMGetInstructionParent(leave);
}

/* After the loop: whatever is still in flight (issued for iterations that
 * never ran) lands before the loop's exit goes on; the original arrays
 * and the address chains into them, now unused, are erased. */
static void drain(LLVMModuleRef module, LLVMBuilderRef builder, const struct rewrite *w) {
  const struct ferry_pipeline *p = w->p;
  LLVMPositionBuilderBefore(builder, first_non_phi(p->counted->exit));
  ferry_ptx_wait_all(&(struct ferry_ptx){module, builder});
  struct ferry_vec chains = {0};
  for (size_t i = 0; i < p->chains.count; i++)
    ferry_vec_push(&chains, p->chains.items[i]);
  for (bool erased = true; erased;) {
    erased = false;
    for (size_t i = 0; i < chains.count; i++) {
      LLVMValueRef chain = chains.items[i];
      if (chain && !LLVMGetFirstUse(chain)) {
        LLVMInstructionEraseFromParent(chain);
        chains.items[i] = NULL;
        erased = true;
      }
    }
  }
  ferry_vec_free(&chains);
  for (size_t r = 0; r < p->ring_count; r++)
    ferry_erase_global_if_unused(p->rings[r].buffer);
}

void ferry_pipeline_apply(LLVMModuleRef module, LLVMBuilderRef builder,
                          struct ferry_emit_cache *cache, struct ferry_pipeline *plan) {
  struct rewrite w = {.p = plan};
  /* What is built here belongs to the loop's first copy (the builder's
   * location may still be another function's). */
  LLVMSetCurrentDebugLocation2(builder, LLVMInstructionGetDebugLoc(plan->copies[0].site->store));
  before_loop(module, builder, cache, &w);
  issue_in_loop(module, builder, cache, &w);
  prologue(module, builder, cache, &w);
  if (plan->launch_stages)
    ferry_pipeline_wait_per_launch(module, builder, &w);
  else
    wait_before_barrier(module, builder, &w);
  if (plan->trailing_barrier) /* before the unswitch copies the loop */
    end_with_barrier(builder, &w);
  drain(module, builder, &w);
  if (plan->launch_stages)
    ferry_pipeline_unswitch_stages(builder, &w);
  ferry_pipeline_free(plan);
}
