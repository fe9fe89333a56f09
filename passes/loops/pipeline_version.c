/* Loop versioning for rings of block-collective copies: one check before
 * the loop instead of one per row and iteration.
 *
 * A collective copy's 16-byte chunks need every row's first byte 16-byte
 * aligned on both sides, rows of a multiple of 16 bytes that stay apart,
 * and (for a narrow source index) no row's indices wrapping. Checked in the
 * ring itself, that costs every iteration a check by each row's owners and
 * by each chunk's issuer, and a fallback copy beside every chunk
 * (copy_emit.c). When every address is affine in the row (tid.y) and the
 * iteration, one check before the loop decides them all:
 *
 *   - an address A(r, i), of row r in iteration i, is then
 *     A(0,0) + r*(A(1,0) - A(0,0)) + i*(A(0,1) - A(0,0)) modulo 16, so it
 *     is aligned everywhere when those three terms are;
 *   - a narrow index X(r, i) is X(0,0) + r*dR + i*dI modulo 2^width, and
 *     when that affine function, computed exactly in 64 bits, stays within
 *     the index's range (less a row's length) at the four corners
 *     r in {0, ntid.y-1}, i in {0, last}, it stays there everywhere between:
 *     no row's indices wrap.
 *
 * "Affine" is proved on the affine forms (affine.h): each term varies with
 * at most one of tid.y, an induction variable of the loop or a value the
 * loop adds a fixed amount to; tid.x only alone (it is 0 at a row's start);
 * no tid.z; nothing else defined in the loop. The base may be a pointer the
 * loop steps by a fixed amount.
 *
 * The check reads uniform values only (thread (0, r)'s addresses, rebuilt
 * by thread_values.c; the trip count; ntid), so the whole block takes one
 * version: the ring, whose chunks then issue unchecked (copy_emit.c), or a
 * clone of the loop kept as written (loop_version.h), which reads slot 0 of
 * the rings instead of the arrays they replace. Addresses of a row or an
 * iteration that does not exist (a block of one row, a loop run once) may
 * be poison there: they are frozen, and the check ignores them then.
 *
 * The same two versions serve the run-time range checks of a loop whose
 * stores may write its copies' sources (pipeline_ranges.c), for rings of
 * any copies, per-thread ones included: the check is then that the ranges
 * do not overlap, and also that the chunks fit where the loop is versioned
 * for its collective copies too; and the test that sources not provably
 * global are (issue 13, shape 8): isspacep.global of each one's base, a
 * pointer uniform across the block and computed before the loop (loaded
 * from a by-value struct parameter or __constant__ memory), so that the
 * whole block takes one version, the loop as written where a base is not
 * global. A source lies in its base's object: it is global where the base
 * is. */
#include "pipeline_plan.h"

#include "address_space.h"
#include "bridge.h"
#include "loop_version.h"
#include "thread_values.h"

#include <stdio.h>

static bool varies_in_loop(const struct ferry_loop *loop, LLVMValueRef value) {
  return value && ferry_loop_defines(loop, value);
}

/* A value the loop steps: an induction variable, or a phi that adds a
 * loop-invariant value each iteration (collect_cone in pipeline_check.c
 * recorded them all). Narrower than `width` bits, it is not affine modulo
 * 2^width once extended. */
static bool stepped(const struct ferry_pipeline *p, LLVMValueRef value, unsigned width) {
  if (!ferry_map_get(&p->steps, value, NULL) && !ferry_map_get(&p->step_values, value, NULL))
    return false;
  return LLVMGetIntTypeWidth(LLVMTypeOf(value)) >= width;
}

/* A value the loop steps that the form reads as signed at a greater
 * width: it is affine in the iteration there only if it cannot wrap (an
 * induction variable whose increment carries nsw). */
static bool exact_when_widened(struct ferry_affine_context *affine, LLVMValueRef value,
                               unsigned width) {
  if (LLVMGetIntTypeWidth(LLVMTypeOf(value)) >= width)
    return true;
  struct ferry_induction induction;
  return LLVMIsAPHINode(value) &&
         ferry_induction_variable(ferry_affine_loops(affine), value, &induction) &&
         induction.no_signed_wrap;
}

/* Whether every term of `form` is affine in (tid.y, iteration): see the
 * header. `narrow` is the copy's narrow source index, whose extension is
 * proved separately (inner form, corners). `*exact` (may be NULL) says
 * further whether the form is exactly, not only modulo 16, affine in the
 * iteration: the ring may then step the source's address itself
 * (pipeline.c). */
static bool form_affine(const struct ferry_pipeline *p, struct ferry_affine_context *affine,
                        const struct ferry_loop *loop, const struct ferry_affine *form,
                        LLVMValueRef narrow, bool *exact, char *reason, size_t size) {
  for (unsigned t = 0; t < form->term_count; t++) {
    const struct ferry_term *term = &form->terms[t];
    unsigned varying = 0;
    for (unsigned a = 0; a < term->atom_count; a++) {
      const struct ferry_atom *atom = &term->atoms[a];
      switch (atom->kind) {
      case FERRY_ATOM_TID:
        if (atom->dimension == 2)
          return ferry_refuse(reason, size, "an address depends on threadIdx.z");
        if (atom->dimension == 0 && term->atom_count != 1)
          return ferry_refuse(reason, size, "an address scales threadIdx.x by a variable");
        varying += atom->dimension == 1;
        break;
      case FERRY_ATOM_CTAID:
      case FERRY_ATOM_NTID:
      case FERRY_ATOM_NCTAID:
        break;
      case FERRY_ATOM_INDUCTION:
      case FERRY_ATOM_OPAQUE:
        if (!varies_in_loop(loop, atom->value))
          break;
        if (narrow && term->atom_count == 1 && LLVMGetNumOperands(atom->value) == 1 &&
            (LLVMIsASExtInst(atom->value) || LLVMIsAZExtInst(atom->value)) &&
            LLVMGetOperand(atom->value, 0) == narrow) {
          struct ferry_affine inner;
          if (!ferry_affine_of(affine, narrow, &inner))
            return ferry_refuse(reason, size, "the narrow source index has no affine form");
          for (unsigned i = 0; i < inner.term_count; i++) {
            unsigned inner_varying = 0;
            for (unsigned b = 0; b < inner.terms[i].atom_count; b++) {
              const struct ferry_atom *part = &inner.terms[i].atoms[b];
              if (part->kind == FERRY_ATOM_TID && part->dimension == 2)
                return ferry_refuse(reason, size, "an address depends on threadIdx.z");
              if (part->kind == FERRY_ATOM_TID)
                inner_varying += part->dimension == 1;
              else if (varies_in_loop(loop, part->value) &&
                       !stepped(p, part->value, inner.width))
                return ferry_refuse(reason, size, "the narrow source index is not an affine "
                                                  "function of the loop's counters");
              else if (varies_in_loop(loop, part->value))
                inner_varying++;
            }
            if (inner_varying > 1)
              return ferry_refuse(reason, size, "the narrow source index multiplies two "
                                                "values that vary");
          }
          varying++;
          break;
        }
        if (!stepped(p, atom->value, 1))
          return ferry_refuse(reason, size, "an address is not an affine function of the "
                                            "loop's counters");
        if (exact && !exact_when_widened(affine, atom->value, form->width))
          *exact = false;
        varying++;
        break;
      }
    }
    if (varying > 1)
      return ferry_refuse(reason, size, "an address multiplies two values that vary (the row "
                                        "or the loop's counters)");
  }
  return true;
}

bool ferry_pipeline_plan_version(struct ferry_pipeline *p, struct ferry_affine_context *affine,
                                 const struct ferry_loop *loop, char *reason, size_t size) {
  const struct ferry_uniformity *uniformity = ferry_affine_uniformity(affine);
  bool collective = false;
  for (size_t c = 0; c < p->count; c++) {
    const struct ferry_copy_site *site = p->copies[c].site;
    const struct ferry_copy_form *form = &p->copies[c].form;
    if (!ferry_copy_form_collective(form))
      continue;
    collective = true;
    p->source_streams[c] = true;
    if (!ferry_thread_pure(uniformity, site->source) ||
        !ferry_thread_pure(uniformity, site->destination))
      return ferry_refuse(reason, size, "another row's addresses cannot be rebuilt from "
                                        "threadIdx and uniform values");
    if (p->rings[p->ring_of_copy[c]].stage_bytes % 16)
      return ferry_refuse(reason, size, "the ring's slots are not a multiple of 16 bytes apart");
    LLVMValueRef base;
    struct ferry_affine offset;
    /* A base the loop steps by a fixed amount (a pointer induction
     * variable, pipeline_check.c) is itself exactly affine in the
     * iteration: the check computes its addresses as the ring does. */
    if (!ferry_affine_address(affine, site->source, &base, &offset) ||
        (varies_in_loop(loop, base) && !ferry_map_get(&p->pointer_steps, base, NULL)) ||
        !form_affine(p, affine, loop, &offset, form->source_index, &p->source_streams[c],
                     reason, size))
      return false;
    if (!ferry_affine_address(affine, site->destination, &base, &offset) ||
        !form_affine(p, affine, loop, &offset, NULL, NULL, reason, size))
      return false;
  }
  if (!collective)
    return false;
  if (!p->loop_blocks.count) /* pushed already for a range check */
    for (size_t b = 0; b < loop->blocks.count; b++)
      ferry_vec_push(&p->loop_blocks, loop->blocks.items[b]);
  p->versioned = true;
  return true;
}

bool ferry_pipeline_plan_global_test(struct ferry_pipeline *p, const struct ferry_loop *loop,
                                     char *reason, size_t size) {
  for (size_t c = 0; c < p->count; c++) {
    const struct ferry_copy_site *site = p->copies[c].site;
    if (!site->check_global)
      continue;
    /* ferry_plan_ring_copies rings only uniform bases; the test before the
     * loop needs the base there. A pointer the loop steps (`p += ld`,
     * pipeline_check.c) stays in the object it starts in: its start is
     * tested. */
    LLVMValueRef base = site->global_base;
    intptr_t start;
    if (base && ferry_map_get(&p->pointer_steps, base, NULL) &&
        ferry_map_get(&p->starts, base, &start))
      base = (LLVMValueRef)start;
    if (!base || ferry_loop_defines(loop, base))
      return ferry_refuse(reason, size, "a source not provably global has a base pointer "
                                        "computed in the loop, where no isspacep.global test "
                                        "before the loop can reach it");
    p->copies[c].form.global_base = NULL; /* tested before the loop */
    bool known = false;
    for (size_t b = 0; b < p->global_base_count; b++)
      known |= p->global_bases[b] == base;
    if (!known)
      p->global_bases[p->global_base_count++] = base;
  }
  if (p->global_base_count && !p->loop_blocks.count)
    for (size_t b = 0; b < loop->blocks.count; b++)
      ferry_vec_push(&p->loop_blocks, loop->blocks.items[b]);
  return true;
}

bool ferry_pipeline_tests_global(const struct ferry_pipeline *p) { return p->global_base_count > 0; }

struct check {
  LLVMBuilderRef builder;
  LLVMTypeRef i64;
  LLVMValueRef ok;          /* i1, the conjunction so far */
  LLVMValueRef one_row;     /* ntid.y < 2: row 1 does not exist */
  LLVMValueRef once;        /* last == 0: iteration 1 does not run */
  LLVMValueRef last;        /* i64 */
};

static void require(struct check *check, LLVMValueRef condition) {
  check->ok = LLVMBuildAnd(check->builder, check->ok, condition, "");
}

static LLVMValueRef aligned(struct check *check, LLVMValueRef bits) {
  LLVMValueRef low = LLVMBuildAnd(check->builder, bits, LLVMConstInt(check->i64, 15, false), "");
  return LLVMBuildICmp(check->builder, LLVMIntEQ, low, LLVMConstInt(check->i64, 0, false), "");
}

/* `value`, computed by thread (0, row) in iteration `iteration` (0 or 1):
 * for row 1 or iteration 1 frozen, as they may not exist. */
static LLVMValueRef as_computed_by(const struct ferry_pipeline *p, LLVMBuilderRef builder,
                                   LLVMValueRef value, unsigned row, unsigned iteration,
                                   bool varies_with_iteration) {
  LLVMTypeRef i32 = LLVMInt32TypeInContext(LLVMGetTypeContext(LLVMTypeOf(value)));
  struct ferry_map made = {0}, rebuilt = {0};
  LLVMValueRef at = varies_with_iteration
                        ? ferry_pipeline_value_at(p, builder, value, iteration, true, &made)
                        : value;
  LLVMValueRef result = ferry_value_for_thread(builder, at, LLVMConstInt(i32, 0, false),
                                               LLVMConstInt(i32, row, false), &rebuilt);
  ferry_map_free(&made);
  ferry_map_free(&rebuilt);
  return row || iteration ? LLVMBuildFreeze(builder, result, "") : result;
}

static LLVMValueRef address_bits(struct check *check, LLVMValueRef pointer, unsigned space) {
  return LLVMBuildPtrToInt(check->builder, ferry_pointer_in_space(check->builder, pointer, space),
                           check->i64, "");
}

/* A(0,0), A(1,0) - A(0,0) (when rows differ) and A(0,1) - A(0,0) (when
 * iterations do) all 16-byte aligned. */
static void require_aligned_rows(struct check *check, const struct ferry_pipeline *p,
                                 LLVMValueRef pointer, unsigned space, bool rows,
                                 bool iterations) {
  LLVMBuilderRef builder = check->builder;
  LLVMValueRef first =
      address_bits(check, as_computed_by(p, builder, pointer, 0, 0, iterations), space);
  require(check, aligned(check, first));
  if (rows) {
    LLVMValueRef second =
        address_bits(check, as_computed_by(p, builder, pointer, 1, 0, iterations), space);
    require(check, LLVMBuildOr(builder, check->one_row,
                               aligned(check, LLVMBuildSub(builder, second, first, "")), ""));
  }
  if (iterations) {
    LLVMValueRef next =
        address_bits(check, as_computed_by(p, builder, pointer, 0, 1, true), space);
    require(check, LLVMBuildOr(builder, check->once,
                               aligned(check, LLVMBuildSub(builder, next, first, "")), ""));
  }
}

/* The narrow index's step, in 64 bits, from row 0 of iteration 0 (x00) to
 * `row` of `iteration`; 0 where `absent` holds (that row or iteration does
 * not run, and the value computed for it means nothing). */
static LLVMValueRef index_step(struct check *check, const struct ferry_pipeline *p,
                               LLVMValueRef index, LLVMValueRef x00, unsigned row,
                               unsigned iteration, LLVMValueRef absent) {
  LLVMBuilderRef builder = check->builder;
  LLVMValueRef step = LLVMBuildSub(
      builder, as_computed_by(p, builder, index, row, iteration, true), x00, "");
  return LLVMBuildSelect(builder, absent, LLVMConstInt(check->i64, 0, false),
                         LLVMBuildSExt(builder, step, check->i64, ""), "");
}

/* No row of the narrow source index wraps in any iteration: its exact
 * affine extension stays within [lowest, highest - (ntid.x-1)] over the
 * box of rows and iterations (at its corners, hence everywhere). */
static void require_no_wrap(struct check *check, const struct ferry_pipeline *p,
                            LLVMValueRef index, bool is_signed, bool rows, LLVMValueRef ntid_x,
                            LLVMValueRef ntid_y) {
  LLVMBuilderRef builder = check->builder;
  LLVMTypeRef i64 = check->i64;
  unsigned width = LLVMGetIntTypeWidth(LLVMTypeOf(index));
  LLVMValueRef x00 = as_computed_by(p, builder, index, 0, 0, true);
  LLVMValueRef zero = LLVMConstInt(i64, 0, false);
  LLVMValueRef base = is_signed ? LLVMBuildSExt(builder, x00, i64, "")
                                : LLVMBuildZExt(builder, x00, i64, "");
  LLVMValueRef per_iteration = index_step(check, p, index, x00, 0, 1, check->once);
  LLVMValueRef far_iteration = LLVMBuildMul(builder, per_iteration, check->last, "");
  LLVMValueRef far_row = zero;
  if (rows) {
    LLVMValueRef per_row = index_step(check, p, index, x00, 1, 0, check->one_row);
    LLVMValueRef last_row = LLVMBuildSub(builder, LLVMBuildZExt(builder, ntid_y, i64, ""),
                                         LLVMConstInt(i64, 1, false), "");
    far_row = LLVMBuildMul(builder, per_row, last_row, "");
  }
  /* W(r, i) = base + r*dR + i*dI over the box 0 <= r <= ntid.y-1,
   * 0 <= i <= last reaches its extremes at base plus each term's most
   * negative (most positive) end. */
  LLVMValueRef least = base, most = base;
  LLVMValueRef ends[2] = {far_row, far_iteration};
  for (int e = 0; e < 2; e++) {
    LLVMValueRef negative = LLVMBuildICmp(builder, LLVMIntSLT, ends[e], zero, "");
    least = LLVMBuildAdd(builder, least, LLVMBuildSelect(builder, negative, ends[e], zero, ""), "");
    most = LLVMBuildAdd(builder, most, LLVMBuildSelect(builder, negative, zero, ends[e], ""), "");
  }
  long long lowest = is_signed ? -(1LL << (width - 1)) : 0;
  long long highest = is_signed ? (1LL << (width - 1)) - 1 : (long long)((1ULL << width) - 1);
  LLVMValueRef last_column = LLVMBuildSub(builder, LLVMBuildZExt(builder, ntid_x, i64, ""),
                                          LLVMConstInt(i64, 1, false), "");
  LLVMValueRef high =
      LLVMBuildSub(builder, LLVMConstInt(i64, (unsigned long long)highest, true), last_column, "");
  require(check, LLVMBuildICmp(builder, LLVMIntSGE, least,
                               LLVMConstInt(i64, (unsigned long long)lowest, true), ""));
  require(check, LLVMBuildICmp(builder, LLVMIntSLE, most, high, ""));
}

/* At the builder's position: whether every collective copy may take its
 * chunks unchecked in every iteration. */
static LLVMValueRef alignment_check(const struct ferry_pipeline *p, const LLVMValueRef rings[],
                                    LLVMModuleRef module, LLVMBuilderRef builder,
                                    LLVMValueRef last) {
  LLVMContextRef context = LLVMGetModuleContext(module);
  LLVMTypeRef i32 = LLVMInt32TypeInContext(context), i64 = LLVMInt64TypeInContext(context);
  LLVMValueRef ntid_x =
      ferry_call_intrinsic(builder, module, "llvm.nvvm.read.ptx.sreg.ntid.x", NULL, 0);
  LLVMValueRef ntid_y =
      ferry_call_intrinsic(builder, module, "llvm.nvvm.read.ptx.sreg.ntid.y", NULL, 0);
  struct check check = {
      .builder = builder,
      .i64 = i64,
      .ok = LLVMConstInt(LLVMInt1TypeInContext(context), 1, false),
      .one_row = LLVMBuildICmp(builder, LLVMIntULT, ntid_y, LLVMConstInt(i32, 2, false), ""),
      .once = LLVMBuildICmp(builder, LLVMIntEQ, last, LLVMConstInt(i64, 0, false), ""),
      .last = last,
  };
  /* With a narrow index, last * (its step) must stay far from 2^63. */
  bool narrow = false;
  for (size_t c = 0; c < p->count; c++) {
    const struct ferry_copy_form *form = &p->copies[c].form;
    const struct ring *ring = &p->rings[p->ring_of_copy[c]];
    if (!ferry_copy_form_collective(form))
      continue;
    bool rows = form->row_stride > 0;
    LLVMValueRef row_bytes = LLVMBuildMul(builder, LLVMBuildZExt(builder, ntid_x, i64, ""),
                                          LLVMConstInt(i64, form->size, false), "");
    require(&check, aligned(&check, row_bytes));
    if (rows)
      require(&check, LLVMBuildICmp(builder, LLVMIntULE, row_bytes,
                                    LLVMConstInt(i64, (unsigned long long)form->row_stride, false),
                                    ""));
    const struct ferry_copy_site *site = p->copies[c].site;
    if (!form->source_rows_aligned)
      require_aligned_rows(&check, p, site->source, FERRY_ADDRSPACE_GLOBAL, rows, true);
    /* Slot k of a static ring lies k * stage_bytes (a multiple of 16) past
     * slot 0, a dynamic ring's past the extern array: slot 0 decides. */
    if (!form->destination_rows_aligned || ring->dynamic || ring->per_launch) {
      LLVMValueRef slot_0 = ring->dynamic && !ring->relocated ? site->destination
                                          : ferry_pipeline_rebase(builder, site->destination,
                                                                  ring->buffer,
                                                                  rings[p->ring_of_copy[c]]);
      require_aligned_rows(&check, p, slot_0, FERRY_ADDRSPACE_SHARED, rows, false);
    }
    if (form->source_index) {
      require_no_wrap(&check, p, form->source_index, form->source_index_signed, rows, ntid_x,
                      ntid_y);
      narrow = true;
    }
  }
  if (narrow)
    require(&check,
            LLVMBuildICmp(builder, LLVMIntULT, last, LLVMConstInt(i64, 1ULL << 31, false), ""));
  LLVMSetValueName2(check.ok, "ferry.ring.fits", 15);
  return check.ok;
}

/* The check of any of its kinds, ANDed: the collective copies' alignment
 * (p->versioned), the ranges of the stores that may write a source
 * (pipeline_ranges.c), and isspacep.global of each uniform base of a
 * source not provably global. */
static LLVMValueRef version_check(const struct ferry_pipeline *p, const LLVMValueRef rings[],
                                  LLVMModuleRef module, LLVMBuilderRef builder,
                                  LLVMValueRef last) {
  LLVMValueRef fits = NULL, overflow = NULL;
  if (!last && (p->versioned || p->ranges)) {
    /* A counter wider than 32 bits: its last iteration as the counted
     * loop finds it, once for both checks below; the loop as written
     * where that does not fit. */
    overflow = LLVMConstInt(LLVMInt1TypeInContext(LLVMGetModuleContext(module)), 0, false);
    last = ferry_counted_loop_last_iteration_wide(p->counted, module, builder, &overflow);
  }
  if (p->versioned)
    fits = alignment_check(p, rings, module, builder, last);
  if (p->ranges) {
    LLVMValueRef apart = ferry_pipeline_ranges_disjoint(p, module, builder, last);
    fits = fits ? LLVMBuildAnd(builder, fits, apart, "ferry.version") : apart;
  }
  if (overflow)
    fits = LLVMBuildAnd(builder, fits, LLVMBuildNot(builder, overflow, ""), "ferry.ring.fits");
  for (size_t b = 0; b < p->global_base_count; b++) {
    LLVMValueRef base = p->global_bases[b];
    LLVMValueRef global =
        ferry_call_intrinsic(builder, module, "llvm.nvvm.isspacep.global", &base, 1);
    fits = fits ? LLVMBuildAnd(builder, fits, global, "ferry.sources.global") : global;
  }
  return fits;
}

/* The clone reads and writes slot 0 of the rings: the arrays the rings
 * replace are then unused, and their shared memory is not spent twice.
 * Pointers into an array from outside the loop are rebuilt in the clone's
 * preheader (each at most once). */
static void clone_uses_slot_0(const struct ferry_pipeline *p, const LLVMValueRef rings[],
                              LLVMBuilderRef builder,
                              const struct ferry_map *clones, LLVMBasicBlockRef clone_preheader) {
  struct ferry_map rebuilt = {0}, clone_blocks = {0};
  for (size_t b = 0; b < p->loop_blocks.count; b++)
    ferry_map_put(&clone_blocks, ferry_cloned_block(clones, p->loop_blocks.items[b]), 1);
  LLVMPositionBuilderBefore(builder, LLVMGetBasicBlockTerminator(clone_preheader));
  for (size_t b = 0; b < p->loop_blocks.count; b++) {
    LLVMBasicBlockRef block = ferry_cloned_block(clones, p->loop_blocks.items[b]);
    for (LLVMValueRef inst = LLVMGetFirstInstruction(block); inst;
         inst = LLVMGetNextInstruction(inst)) {
      unsigned operands = (unsigned)LLVMGetNumOperands(inst);
      for (unsigned i = 0; i < operands; i++) {
        LLVMValueRef operand = LLVMGetOperand(inst, i);
        /* A pointer computed in the clone is rebuilt where its own
         * operands are. */
        if (LLVMValueIsBasicBlock(operand) ||
            LLVMGetTypeKind(LLVMTypeOf(operand)) != LLVMPointerTypeKind ||
            (LLVMIsAInstruction(operand) &&
             ferry_map_get(&clone_blocks, LLVMGetInstructionParent(operand), NULL)))
          continue;
        LLVMValueRef object = ferry_strip_pointer(operand);
        for (size_t r = 0; r < p->ring_count; r++) {
          const struct ring *ring = &p->rings[r];
          if (ring->dynamic || object != ring->buffer)
            continue;
          intptr_t known;
          if (!ferry_map_get(&rebuilt, operand, &known)) {
            known = (intptr_t)ferry_pipeline_rebase(builder, operand, ring->buffer, rings[r]);
            ferry_map_put(&rebuilt, operand, known);
          }
          LLVMSetOperand(inst, i, (LLVMValueRef)known);
        }
      }
    }
  }
  ferry_map_free(&rebuilt);
  ferry_map_free(&clone_blocks);
}

void ferry_pipeline_version(const struct ferry_pipeline *p, const LLVMValueRef rings[],
                            LLVMModuleRef module, LLVMBuilderRef builder, LLVMValueRef last,
                            struct ferry_copy_record *record) {
  struct ferry_loop_versions versions;
  ferry_loop_version_split(&p->loop_blocks, p->counted->preheader_branch,
                           LLVMGetInstructionParent(p->counted->latch_branch), p->counted->exit,
                           "ferry.ring.entry", "ferry.as.written.entry", &versions);
  for (size_t c = 0; c < p->count; c++) /* kept as written, whatever pass comes next */
    ferry_copy_record_keep(record, ferry_cloned(&versions.clones, p->copies[c].site->store),
                           FERRY_KEPT_RING_FALLBACK);
  clone_uses_slot_0(p, rings, builder, &versions.clones, versions.fallback);
  ferry_loop_version_position(builder, &versions);
  ferry_loop_version_branch(builder, &versions, version_check(p, rings, module, builder, last));
}
