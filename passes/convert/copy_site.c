/* Legality of turning one copy into a per-thread cp.async.
 *
 * Matches `store (load p), q` (or a constant-size `llvm.memcpy(q, p, n)`,
 * what clang emits for struct copies) with p global and q shared, both
 * plain, the loaded value used only by the store, load and store in one
 * block with no write to the source between them. A guarded copy, `s[t] =
 * i < n ? g[i] : 0`, stores a select or phi of the load and zero: it
 * matches too (the load then in the block that goes straight to the
 * store's, for a phi), and becomes a cp.async whose source size is 0 where
 * the guard fails; a merge of the load with anything but zero is refused
 * with a remark. The element must be 1, 2, 4, 8 or 16 bytes, or a struct
 * copy of up to 256 (a multiple of 4); the per-thread form further needs
 * 4, 8 or 16 bytes aligned to the size, a struct copy pieces of 16, 8 or 4
 * (what one cp.async can copy), the alignment being the instructions' or
 * what the addresses' known low bits prove. Between the copy and its
 * consumer barriers this thread must not read or write the destination
 * (unless the offsets are proved apart: copy_hazards.c), write the source,
 * synchronise by other means, or call anything that might. A copy that can
 * run again before any barrier converts only as a copy loop's (copy_loop.c:
 * every iteration's copy in flight until the barrier after the loop, where
 * nothing in the loop and after it touches the destination's array).
 * A generic source that may be global is tested at run time
 * (isspacep.global; check_global): of its base pointer where that is
 * uniform across the block (global_base), else of each thread's source. A phi of addresses into different
 * __shared__ arrays is split: distinct arrays never overlap.
 * A loaded value with other uses converts where each reads it back from
 * the destination in the phase after the barrier (copy_read_back.c).
 * Refusals carry a sentence for a -Rpass-missed remark. */
#include "copy_site.h"

#include "address_space.h"
#include "alignment.h"
#include "analyses.h"
#include "copy_form.h"
#include "copy_hazards.h"
#include "copy_read_back.h"
#include "ir_build.h"
#include "memory.h"
#include "uniformity.h"

#include <limits.h>
#include <stdarg.h>
#include <stdio.h>

/* The largest struct copy (llvm.memcpy) split into per-thread cp.async:
 * 16 of 16 bytes. */
enum { MAX_STRUCT_COPY = 256 };

static enum ferry_copy_verdict refuse(char *reason, size_t size,
                                      const char *format, ...) {
  va_list args;
  va_start(args, format);
  vsnprintf(reason, size, format, args);
  va_end(args);
  return FERRY_COPY_REFUSED;
}

static bool is_copyable_element_type(LLVMTypeRef type) {
  switch (LLVMGetTypeKind(type)) {
  case LLVMIntegerTypeKind:
  case LLVMFloatTypeKind:
  case LLVMDoubleTypeKind:
  case LLVMHalfTypeKind:
  case LLVMBFloatTypeKind:
  case LLVMPointerTypeKind:
  case LLVMVectorTypeKind:
    return true;
  default:
    return false;
  }
}

/* The bytes a copy of `type` moves, or 0 when its in-memory form has padding
 * or is not a single element cp.async could move. */
static unsigned element_size(LLVMTargetDataRef layout, LLVMTypeRef type) {
  if (!is_copyable_element_type(type))
    return 0;
  unsigned long long bits = LLVMSizeOfTypeInBits(layout, type);
  unsigned long long bytes = LLVMStoreSizeOfType(layout, type);
  if (bits != 8 * bytes)
    return 0;
  return (unsigned)bytes;
}

static bool writes_source_or_synchronises(const struct ferry_copy_site *site, LLVMValueRef inst) {
  return ferry_may_write(inst, site->source) || ferry_classify_sync(inst) != FERRY_SYNC_NONE;
}

/* No instruction strictly between the load and the store may write the
 * source: cp.async reads it at the store's position, not the load's. A
 * guarded load through a phi runs to the end of its block, which goes
 * straight to the store's. */
static LLVMValueRef source_writer_between(const struct ferry_copy_site *site) {
  LLVMBasicBlockRef store_block = LLVMGetInstructionParent(site->store);
  for (LLVMValueRef inst = LLVMGetNextInstruction(site->load); inst && inst != site->store;
       inst = LLVMGetNextInstruction(inst))
    if (writes_source_or_synchronises(site, inst))
      return inst;
  if (LLVMGetInstructionParent(site->load) == store_block)
    return NULL;
  for (LLVMValueRef inst = LLVMGetFirstInstruction(store_block); inst && inst != site->store;
       inst = LLVMGetNextInstruction(inst))
    if (writes_source_or_synchronises(site, inst))
      return inst;
  return NULL;
}

static unsigned parameter_alignment(LLVMValueRef call, unsigned argument) {
  unsigned kind = LLVMGetEnumAttributeKindForName("align", 5);
  LLVMAttributeRef attribute = LLVMGetCallSiteEnumAttribute(call, argument + 1, kind);
  return attribute ? (unsigned)LLVMGetEnumAttributeValue(attribute) : 1;
}

/* All-zero bits: integer 0, +0.0 (not -0.0), a zero vector, null. */
static bool is_zero_constant(LLVMValueRef value) {
  return LLVMIsAConstant(value) && !LLVMIsUndef(value) && !LLVMIsPoison(value) &&
         LLVMIsNull(value);
}

/* A guarded copy, `store (select c, (load p), zero), q` or `store (phi
 * [(load p), A], [zero, B], ...), q`: where the guard fails the original
 * stores zero and does not load, which is what cp.async with a source size
 * of 0 does (it reads nothing and fills with zeros). The phi must be in the
 * store's block and A, the load's block, must go straight there. False for
 * a value that merges no load (not a copy); a merge of a load with
 * anything else is matched with *refusal saying why it stays. */
static bool match_guarded(LLVMValueRef store, LLVMValueRef value, LLVMTargetDataRef layout,
                          struct ferry_copy_site *site, const char **refusal) {
  bool is_select = LLVMIsASelectInst(value) != NULL;
  if (!is_select && !LLVMIsAPHINode(value))
    return false;
  unsigned count = is_select ? 2 : LLVMCountIncoming(value), loads = 0;
  LLVMValueRef load = NULL;
  LLVMBasicBlockRef load_block = NULL;
  bool other_value = false;
  for (unsigned i = 0; i < count; i++) {
    LLVMValueRef incoming = is_select ? LLVMGetOperand(value, i + 1) : LLVMGetIncomingValue(value, i);
    if (LLVMIsALoadInst(incoming)) {
      loads++;
      load = incoming;
      load_block = is_select ? NULL : LLVMGetIncomingBlock(value, i);
    } else if (!is_zero_constant(incoming)) {
      other_value = true;
    }
  }
  if (!loads)
    return false;
  site->load = load;
  site->merged = value;
  site->store = store;
  site->source = LLVMGetOperand(load, 0);
  site->destination = LLVMGetOperand(store, 1);
  site->size = element_size(layout, LLVMTypeOf(load));
  if (is_select && LLVMGetTypeKind(LLVMTypeOf(LLVMGetOperand(value, 0))) != LLVMIntegerTypeKind)
    *refusal = "not converted: the stored value selects lane by lane between the loaded "
               "vector and another; cp.async fills zeros for the whole element or none";
  else if (loads > 1)
    *refusal = "not converted: the stored value merges loads of several paths; a guarded "
               "copy converts where one path loads and the others store zero";
  else if (other_value)
    *refusal = "not converted: the stored value is the loaded one on some paths and not "
               "zero (all-zero bits: 0 or +0.0) on others; cp.async fills only with zeros "
               "where it reads nothing";
  else if (is_select ? LLVMGetInstructionParent(value) != LLVMGetInstructionParent(store)
                     : LLVMGetInstructionParent(value) != LLVMGetInstructionParent(store) ||
                           LLVMGetInstructionParent(load) != load_block ||
                           LLVMGetNumSuccessors(LLVMGetBasicBlockTerminator(load_block)) != 1)
    *refusal = "not converted: the guarded load, the value's merge and the store are not in "
               "blocks that follow one another";
  return true;
}

/* `store (load p), q`, a guarded copy (match_guarded), or
 * `llvm.memcpy(q, p, n)` with a constant n (what clang emits for a struct
 * assignment such as float4): fills the site's pointers, size and the
 * alignment the instruction gives each side (source, destination). */
static bool match_copy(LLVMValueRef inst, LLVMTargetDataRef layout,
                       struct ferry_copy_site *site, unsigned align[2], const char **refusal) {
  if (LLVMIsAStoreInst(inst)) {
    LLVMValueRef value = LLVMGetOperand(inst, 0);
    if (!LLVMIsALoadInst(value) && !match_guarded(inst, value, layout, site, refusal))
      return false;
    if (!site->merged) {
      site->load = value;
      site->store = inst;
      site->source = LLVMGetOperand(value, 0);
      site->destination = LLVMGetOperand(inst, 1);
      site->size = element_size(layout, LLVMTypeOf(value));
    }
    align[0] = LLVMGetAlignment(site->load);
    align[1] = LLVMGetAlignment(inst);
    return true;
  }
  if (ferry_is_memory_transfer(inst) && ferry_calls_prefix(inst, "llvm.memcpy.")) {
    LLVMValueRef length = LLVMGetOperand(inst, 2);
    if (!LLVMIsAConstantInt(length) || !LLVMConstIntGetZExtValue(length))
      return false;
    site->store = inst;
    site->source = LLVMGetOperand(inst, 1);
    site->destination = LLVMGetOperand(inst, 0);
    unsigned long long bytes = LLVMConstIntGetZExtValue(length);
    site->size = bytes > UINT_MAX ? UINT_MAX : (unsigned)bytes;
    align[0] = parameter_alignment(inst, 1);
    align[1] = parameter_alignment(inst, 0);
    return true;
  }
  return false;
}

/* The base of `source`, when it is a generic pointer the same in every
 * thread of the block (where the source is in its object: it is global
 * exactly where the base is); NULL otherwise. */
static LLVMValueRef uniform_generic_base(struct ferry_affine_context *affine, LLVMValueRef source) {
  const struct ferry_uniformity *uniformity = affine ? ferry_affine_uniformity(affine) : NULL;
  LLVMValueRef base;
  struct ferry_affine offset;
  if (!uniformity || !ferry_affine_address(affine, source, &base, &offset) ||
      LLVMGetPointerAddressSpace(LLVMTypeOf(base)) != FERRY_ADDRSPACE_GENERIC ||
      !ferry_is_uniform(uniformity, base))
    return NULL;
  return base;
}

/* The load/store form only: the pair must behave as one move. */
static const char *load_store_refusal(const struct ferry_copy_site *site) {
  if (!ferry_is_plain_access(site->load) || !ferry_is_plain_access(site->store))
    return "not converted: volatile or atomic accesses keep their order";
  LLVMUseRef first_use = LLVMGetFirstUse(site->load);
  if (site->merged && first_use && LLVMGetNextUse(first_use))
    return "not converted: the loaded value has other uses than the store";
  first_use = site->merged ? LLVMGetFirstUse(site->merged) : NULL;
  if (first_use && LLVMGetNextUse(first_use))
    return "not converted: the stored value has other uses than the store";
  if (!(site->merged && LLVMIsAPHINode(site->merged)) &&
      LLVMGetInstructionParent(site->load) != LLVMGetInstructionParent(site->store))
    return "not converted: the load and the store are in different blocks";
  if (source_writer_between(site))
    return "not converted: the source may change between the load and the store";
  return NULL;
}

enum ferry_copy_verdict ferry_analyze_copy(LLVMValueRef inst,
                                           LLVMTargetDataRef layout,
                                           struct ferry_affine_context *affine,
                                           struct ferry_copy_site *site,
                                           char *reason, size_t reason_size) {
  *site = (struct ferry_copy_site){.affine = affine};
  unsigned aligns[2] = {1, 1};
  const char *guard_refusal = NULL;
  if (!match_copy(inst, layout, site, aligns, &guard_refusal))
    return FERRY_COPY_NOT_A_COPY;
  /* What the addresses prove beyond the instruction's `align` (clang
   * marks `*(int4 *)&tile[r][c]` with the element's). The destination may
   * become a ring's slots; the source is read where it is. */
  aligns[0] = ferry_proven_alignment(affine, layout, site->source, aligns[0], FERRY_ALIGN_AS_DECLARED, NULL);
  aligns[1] = ferry_proven_alignment(affine, layout, site->destination, aligns[1], FERRY_ALIGN_RING_SLOTS,
                                     &site->raise_alignment);
  unsigned align = aligns[0] < aligns[1] ? aligns[0] : aligns[1];
  site->align = align;
  site->source_align = aligns[0];
  site->raise_to = align; /* no more than the copy uses */

  enum ferry_space from = ferry_infer_space(site->source);
  enum ferry_space to = ferry_infer_space(site->destination);
  if (to != FERRY_SPACE_SHARED && from != FERRY_SPACE_GLOBAL)
    return FERRY_COPY_NOT_A_COPY;
  if (to != FERRY_SPACE_SHARED) {
    if (to != FERRY_SPACE_UNKNOWN)
      return FERRY_COPY_NOT_A_COPY; /* global to global/local: not our business */
    return refuse(reason, reason_size,
                  "not converted: cannot prove the destination is shared memory");
  }
  /* A generic source that may be global (issue 13, shape 8: a pointer
   * loaded from a struct or from __constant__ memory): a plain load/store
   * copy is versioned on isspacep.global, the copy as written where the
   * test fails. */
  if (from == FERRY_SPACE_UNKNOWN) {
    if (!site->load || site->merged ||
        LLVMGetPointerAddressSpace(LLVMTypeOf(site->source)) != FERRY_ADDRSPACE_GENERIC)
      return refuse(reason, reason_size,
                    "not converted: cannot prove the source is global memory, the "
                    "only memory cp.async reads (a run-time isspacep.global test versions "
                    "plain load-store copies only, not guarded or struct copies)");
    site->check_global = true;
    site->global_base = uniform_generic_base(affine, site->source);
  }
  if (from != FERRY_SPACE_GLOBAL && !site->check_global)
    return refuse(reason, reason_size,
                  "not converted: the source is in %s memory; cp.async reads only "
                  "global memory", ferry_space_name(from));

  if (guard_refusal)
    return refuse(reason, reason_size, "%s", guard_refusal);
  const char *objection = site->load ? load_store_refusal(site) : NULL;
  if (objection)
    return refuse(reason, reason_size, "%s", objection);
  if (site->size > MAX_STRUCT_COPY || (site->size > 16 && site->size % 4))
    return refuse(reason, reason_size,
                  "not converted: a struct copy of %u bytes; ferry splits copies of up "
                  "to %u bytes, a multiple of 4, into cp.async of 16, 8 or 4 bytes",
                  site->size, MAX_STRUCT_COPY);
  if (site->size == 0 || (site->size <= 16 && (site->size & (site->size - 1))))
    return refuse(reason, reason_size,
                  "not converted: the element type is not a 1-, 2-, 4-, 8- or "
                  "16-byte value");

  if (!ferry_find_consumer_barriers(inst, ferry_copy_hazard, site, &site->consumers) &&
      (objection = ferry_match_copy_loop(site, inst))) {
    site->landing_hazard = ferry_destination_hazard(objection);
    return refuse(reason, reason_size, "not converted: %s", objection);
  }
  /* The function's CFG, from its analyses when the caller gave them. */
  const struct ferry_cfg *cfg =
      affine ? ferry_analyses_cfg(ferry_affine_analyses(affine)) : NULL;
  if (ferry_find_hazard_since_barrier(inst, cfg,
                                      site->loop ? ferry_loop_earlier_hazard : ferry_earlier_access_hazard,
                                      site, &objection)) {
    site->landing_hazard = ferry_destination_hazard(objection);
    return refuse(reason, reason_size, "not converted: %s", objection);
  }

  /* Other uses of the loaded value read it back from the destination after
   * the barrier (copy_read_back.c). */
  LLVMUseRef first_use = site->load && !site->merged ? LLVMGetFirstUse(site->load) : NULL;
  if (first_use && LLVMGetNextUse(first_use)) {
    if ((objection = ferry_read_back_refusal(site))) {
      site->landing_hazard = true;
      return refuse(reason, reason_size, "not converted: %s", objection);
    }
    site->read_back = true;
  }
  if (site->alias_store_count && (site->loop || site->read_back))
    return refuse(reason, reason_size,
                  "not converted: a store that may alias the source stands between the copy "
                  "and the barrier, and a copy %s is not versioned on a run-time test of it",
                  site->loop ? "in a loop with no barrier" : "whose value is read back");
  if (site->check_global && (site->loop || site->read_back))
    return refuse(reason, reason_size,
                  "not converted: cannot prove the source is global memory, and a copy %s "
                  "is not versioned on isspacep.global",
                  site->loop ? "in a loop with no barrier" : "whose value is read back");

  /* Legal to make asynchronous; whether one thread's cp.async can move this
   * element is a property of the per-thread form only. */
  if (site->size < 4)
    snprintf(site->per_thread_refusal, sizeof site->per_thread_refusal,
             "not converted: %u-byte elements; a per-thread cp.async copies "
             "4, 8 or 16 bytes", site->size);
  else if (site->size <= 16 && align < site->size) {
    snprintf(site->per_thread_refusal, sizeof site->per_thread_refusal,
             "not converted: %u-byte copy aligned only to %u bytes; cp.async "
             "needs both addresses aligned to the copy size", site->size, align);
    /* Versioning moves the copy as written into its fallback: a plain
     * copy, issued once before its barrier. Not where a side is proved
     * misaligned: every thread would take the fallback. */
    if (!site->merged && !site->loop && !site->read_back &&
        !ferry_proven_misaligned(affine, site->source, site->size) &&
        !ferry_proven_misaligned(affine, site->destination, site->size)) {
      LLVMValueRef sides[2] = {site->source, site->destination};
      for (int s = 0; s < 2; s++)
        if (aligns[s] < site->size)
          site->alignment_witness[s] = ferry_alignment_witness(affine, sides[s], site->size);
    }
  }
  else if (!ferry_per_thread_piece(site->size, align))
    snprintf(site->per_thread_refusal, sizeof site->per_thread_refusal,
             "not converted: %u-byte struct copy aligned only to %u bytes (the "
             "instructions' alignment and the addresses' known low bits); split into "
             "cp.async, each piece needs both addresses aligned to its size, 4 bytes or more",
             site->size, align);
  return FERRY_COPY_CONVERTIBLE;
}

void ferry_copy_site_free(struct ferry_copy_site *site) {
  ferry_consumer_search_free(&site->consumers);
}
