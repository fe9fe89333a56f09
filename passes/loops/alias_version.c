/* Alias versioning (alias_version.h): the C half, which finds the loops,
 * plans each one's check, versions it and gives the checked copy's accesses
 * their no-alias scopes.
 *
 * A loop is looked at when it is innermost, in a variant of the dispatch,
 * and one of its stores may write memory another of its accesses touches
 * through a pointer into another object, or one not known (memory.h; two
 * places in one array are a dependence the program means): the accumulator of a C port,
 * `C[i*n+j] += A[i*n+k] * B[k*n+j]`, whose store LLVM must keep in every
 * iteration since C may alias A and B, and whose loads then cannot be
 * issued ahead of it.
 *
 * The accesses fall into groups: one per pointer that the loop stores to
 * (its loads and stores of exactly that pointer together: the same bytes,
 * ordered as written), and one of every other load. The check (one, before
 * the loop, loop_version.h's range check per thread): the bytes each store
 * group writes over all iterations miss the bytes of every access of
 * another group that may alias it. Per thread suffices: the loop holds no
 * barrier, fence, atomic, volatile access or call that may touch memory
 * (each refused), so another thread's access to the bytes this thread's
 * loop writes would race with it in the loop as written; LLVM's no-alias
 * facts are about the thread's own accesses. Where the check holds, each
 * access of the loop's own blocks gets !alias.scope of its group and
 * !noalias of every group it was checked against (or that memory.h proves
 * apart), in a domain of the loop's own, as LLVM's LoopVersioning annotates
 * its checked loop; LICM then keeps the accumulator in a register, stored
 * once after the loop where the original last stored it, and GVN and the
 * scheduler do the rest (plugin.cpp: AliasVersionPass). Where it fails, a clone of
 * the loop as written runs. Nothing is reassociated: the checked copy is the
 * loop's own instructions, in their order.
 *
 * Stays as written, with a remark saying why: a loop holding a barrier,
 * fence or other synchronisation, an atomic, a volatile access, a call
 * that may touch memory, or a warp-collective operation (the check is per
 * thread: the threads of a warp may take different versions); a loop whose trip count cannot be read before it
 * (counted_loop.h); one whose bytes no range bounds (range_check.c); one
 * with more groups than a check compares. */
#include "alias_version.h"

#include "address_space.h"
#include "analyses.h"
#include "barrier.h"
#include "bridge.h"
#include "dispatch.h"
#include "ferry.h"
#include "ir_build.h"
#include "loop_version.h"
#include "memory.h"
#include "names.h"
#include "target.h"

#include <llvm-c/DebugInfo.h>
#include <llvm-c/Target.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One access of the loop. */
struct access {
  LLVMValueRef inst;
  LLVMValueRef pointer;
  bool store;
  size_t group; /* its group: a stored pointer's, or the loads' (last) */
};

/* A loop's accesses and groups. */
struct scan {
  struct access accesses[4 * FERRY_RANGE_MAX_READS];
  size_t count;
  LLVMValueRef stored[FERRY_RANGE_MAX_WRITES]; /* each store group's pointer */
  LLVMValueRef first_store[FERRY_RANGE_MAX_WRITES];
  size_t store_groups;
  /* Why the loop stays as written, when it does; "" otherwise. */
  char blocker[FERRY_REASON_SIZE];
  bool wanted; /* a store may alias an access of another group */
};

static bool innermost(const struct ferry_loops *loops, const struct ferry_loop *loop) {
  for (size_t b = 0; b < loop->blocks.count; b++)
    if (ferry_loop_of_block(loops, loop->blocks.items[b]) != loop)
      return false;
  return true;
}

static void block(struct scan *scan, const char *why) {
  if (!scan->blocker[0])
    snprintf(scan->blocker, sizeof scan->blocker, "%s", why);
}

static size_t group_of(const struct scan *scan, LLVMValueRef pointer) {
  for (size_t g = 0; g < scan->store_groups; g++)
    if (scan->stored[g] == pointer)
      return g;
  return FERRY_RANGE_MAX_WRITES; /* the loads' group, numbered once known */
}

/* A call the threads of a warp must make together (a shuffle, a vote,
 * inline assembly that clang marks so): the check is per thread, so the
 * threads of a warp may take different versions of the loop. */
static bool convergent(LLVMValueRef call) {
  unsigned kind = LLVMGetEnumAttributeKindForName("convergent", sizeof "convergent" - 1);
  LLVMValueRef callee = ferry_called_function(call);
  return LLVMGetCallSiteEnumAttribute(call, LLVMAttributeFunctionIndex, kind) ||
         (callee && LLVMGetEnumAttributeAtIndex(callee, LLVMAttributeFunctionIndex, kind)) ||
         (!callee && LLVMIsAInlineAsm(LLVMGetCalledValue(call)));
}

/* Collects the loop's accesses, their groups, and what keeps it as
 * written. */
static void scan_loop(const struct ferry_loop *loop, struct scan *scan) {
  memset(scan, 0, sizeof *scan);
  for (size_t b = 0; b < loop->blocks.count; b++)
    for (LLVMValueRef inst = LLVMGetFirstInstruction(loop->blocks.items[b]); inst;
         inst = LLVMGetNextInstruction(inst)) {
      if (ferry_classify_sync(inst) == FERRY_SYNC_CTA_BARRIER) {
        block(scan, "it holds a barrier");
        continue;
      }
      if (ferry_classify_sync(inst) != FERRY_SYNC_NONE || LLVMIsAFenceInst(inst)) {
        block(scan, "it holds a fence or other synchronisation");
        continue;
      }
      if (LLVMIsAAtomicRMWInst(inst) || LLVMIsAAtomicCmpXchgInst(inst)) {
        block(scan, "it holds an atomic");
        continue;
      }
      if (LLVMIsACallInst(inst)) {
        /* A shuffle or vote intrinsic (clang models them as touching
         * memory no one else sees) is named for what it is. */
        bool collective = convergent(inst) && (ferry_calls_prefix(inst, "llvm.nvvm.") ||
                                               ferry_call_is_memory_free(inst));
        if (collective)
          block(scan, "it holds a warp-collective operation (a shuffle, a vote), which the "
                      "threads of a warp taking different versions would split");
        else if (!ferry_call_is_memory_free(inst))
          block(scan, "it holds a call that may touch memory");
        continue;
      }
      bool store = LLVMIsAStoreInst(inst) != NULL;
      if (!store && !LLVMIsALoadInst(inst))
        continue;
      /* Kept among the accesses, so that it counts in whether the loop is
       * looked at. */
      if (!ferry_is_plain_access(inst))
        block(scan, "it holds a volatile or atomic access");
      if (scan->count == sizeof scan->accesses / sizeof scan->accesses[0]) {
        block(scan, "it holds more accesses than one check compares");
        continue;
      }
      LLVMValueRef pointer = ferry_accessed_pointer(inst);
      if (store && group_of(scan, pointer) == FERRY_RANGE_MAX_WRITES) {
        if (scan->store_groups == FERRY_RANGE_MAX_WRITES) {
          block(scan, "it stores through more pointers than one check compares");
          continue;
        }
        scan->first_store[scan->store_groups] = inst;
        scan->stored[scan->store_groups++] = pointer;
      }
      scan->accesses[scan->count++] = (struct access){.inst = inst, .pointer = pointer,
                                                      .store = store};
    }
  /* Groups once every stored pointer is known: a load of a stored pointer
   * joins its store's group. */
  for (size_t a = 0; a < scan->count; a++) {
    size_t group = group_of(scan, scan->accesses[a].pointer);
    scan->accesses[a].group = group == FERRY_RANGE_MAX_WRITES ? scan->store_groups : group;
  }
  /* Looked at where a store may alias an access through a pointer into
   * another object (or one not known): two places in one array (a shared
   * tile's store and its loads, ordered by the loop's barriers) are a
   * dependence the program means, not pointers that may alias. */
  for (size_t g = 0; g < scan->store_groups && !scan->wanted; g++)
    for (size_t a = 0; a < scan->count; a++) {
      LLVMValueRef pointer = scan->accesses[a].pointer;
      if (scan->accesses[a].group != g &&
          ferry_strip_pointer(pointer) != ferry_strip_pointer(scan->stored[g]) &&
          ferry_may_alias(scan->stored[g], pointer)) {
        scan->wanted = true;
        break;
      }
    }
}

/* ferry changes nothing for a target older than sm_80 (the copies' passes
 * refuse it whole); alias versioning keeps to that. */
static bool looked_at(LLVMValueRef fn) {
  return ferry_option_alias_version() && !LLVMIsDeclaration(fn) &&
         ferry_dispatch_marked(fn, FERRY_VARIANT_ATTRIBUTE) &&
         ferry_target_has_cp_async(ferry_function_target(fn));
}

bool ferry_alias_version_wanted(LLVMValueRef fn) {
  if (!looked_at(fn))
    return false;
  struct ferry_loops *loops = ferry_loops_compute(fn);
  bool wanted = false;
  struct scan *scan = ferry_xmalloc(sizeof *scan);
  for (size_t l = 0; loops && l < ferry_loop_count(loops) && !wanted; l++) {
    const struct ferry_loop *loop = ferry_loop_at(loops, l);
    if (!innermost(loops, loop))
      continue;
    scan_loop(loop, scan);
    wanted = scan->wanted;
  }
  free(scan);
  if (loops)
    ferry_loops_free(loops);
  return wanted;
}

/* ---- The check ---- */

/* The index of the loop's last iteration (i64) before the loop, and in
 * *holds an i1 that must hold for it to be right (NULL: always); NULL
 * with a reason where it cannot be read. An exact counter (counted_loop.h)
 * gives it; a counter of 32 bits or less counting by more than 1 until it
 * equals the bound, with an increment that may wrap (LLVM's runtime
 * unrolling makes these: `i += 4` while `i != n & ~3`), ends exactly where
 * its distance to the bound is a multiple of the step, which the check
 * then tests: where it is not, the loop as written runs. A step that is
 * not a constant (counted_loop.h, step_value) is not read here. */
static LLVMValueRef last_iteration(const struct ferry_counted_loop *counted,
                                   LLVMBuilderRef builder, LLVMValueRef *holds) {
  *holds = NULL;
  if (counted->exact)
    return counted->width <= 32 ? ferry_counted_loop_last_iteration(counted, builder) : NULL;
  LLVMTypeRef type = LLVMTypeOf(counted->start);
  LLVMTypeRef i64 = LLVMInt64TypeInContext(LLVMGetTypeContext(type));
  bool down = counted->step < 0;
  unsigned long long magnitude =
      down ? (unsigned long long)-(counted->step) : (unsigned long long)counted->step;
  LLVMValueRef step = LLVMConstInt(type, (unsigned long long)counted->step, true);
  LLVMValueRef first = counted->tests_next ? LLVMBuildAdd(builder, counted->start, step, "")
                                           : counted->start;
  LLVMValueRef distance = down ? LLVMBuildSub(builder, first, counted->bound, "")
                               : LLVMBuildSub(builder, counted->bound, first, "");
  LLVMValueRef by = LLVMConstInt(type, magnitude, false);
  *holds = LLVMBuildICmp(builder, LLVMIntEQ, LLVMBuildURem(builder, distance, by, ""),
                         LLVMConstInt(type, 0, false), "ferry.alias.exact");
  return LLVMBuildZExt(builder, LLVMBuildUDiv(builder, distance, by, ""), i64, "ferry.last");
}

/* Whether last_iteration can read the loop's trip (see there). */
static bool trip_readable(const struct ferry_counted_loop *counted, char *reason, size_t size) {
  if (counted->shape == FERRY_COUNTED && counted->preheader_branch &&
      LLVMIsABranchInst(counted->preheader_branch) &&
      !LLVMIsConditional(counted->preheader_branch) &&
      (counted->exact || (counted->width <= 32 && counted->continue_while == LLVMIntNE &&
                          counted->step != 0)))
    return true;
  return ferry_refuse(reason, size, "its trip count cannot be read before it: %s",
                      counted->refusal[0] ? counted->refusal : "it has no preheader");
}

static unsigned long long access_bytes(LLVMValueRef inst) {
  LLVMTargetDataRef layout = LLVMGetModuleDataLayout(
      LLVMGetGlobalParent(LLVMGetBasicBlockParent(LLVMGetInstructionParent(inst))));
  LLVMTypeRef type = LLVMIsAStoreInst(inst) ? LLVMTypeOf(LLVMGetOperand(inst, 0)) : LLVMTypeOf(inst);
  return LLVMStoreSizeOfType(layout, type);
}

/* A range read per pointer compared with some store group: its index in
 * the check, or -1. */
struct entries {
  LLVMValueRef pointers[FERRY_RANGE_MAX_READS];
  size_t count;
};

static int entry_of(const struct entries *entries, LLVMValueRef pointer) {
  for (size_t e = 0; e < entries->count; e++)
    if (entries->pointers[e] == pointer)
      return (int)e;
  return -1;
}

/* Plans the check: each store group against the pointers of every other
 * group that may alias it. */
static struct ferry_range_check *plan_check(const struct scan *scan,
                                            struct ferry_affine_context *affine,
                                            const struct ferry_loop *loop, char *reason,
                                            size_t size) {
  struct entries entries = {0};
  uint32_t masks[FERRY_RANGE_MAX_WRITES] = {0};
  unsigned long long bytes[FERRY_RANGE_MAX_READS] = {0};
  LLVMValueRef at[FERRY_RANGE_MAX_READS] = {0};
  for (size_t g = 0; g < scan->store_groups; g++)
    for (size_t a = 0; a < scan->count; a++) {
      const struct access *access = &scan->accesses[a];
      if (access->group == g || !ferry_may_alias(scan->stored[g], access->pointer))
        continue;
      int e = entry_of(&entries, access->pointer);
      if (e < 0) {
        if (entries.count == FERRY_RANGE_MAX_READS)
          return ferry_refuse(reason, size, "it accesses more pointers than one check "
                                            "compares (%d)", FERRY_RANGE_MAX_READS), NULL;
        e = (int)entries.count++;
        entries.pointers[e] = access->pointer;
        at[e] = access->inst;
      }
      unsigned long long size_here = access_bytes(access->inst);
      if (size_here > bytes[e])
        bytes[e] = size_here;
      masks[g] |= UINT32_C(1) << e;
    }
  struct ferry_range_check *check = ferry_range_check_new(FERRY_RANGE_PER_THREAD);
  char why[FERRY_REASON_SIZE];
  for (size_t e = 0; e < entries.count; e++)
    if (!ferry_range_check_read(check, affine, loop, at[e], entries.pointers[e], bytes[e], why,
                                sizeof why)) {
      ferry_range_check_free(check);
      return ferry_refuse(reason, size, "no run-time check can bound the bytes it touches: %s",
                          why), NULL;
    }
  for (size_t g = 0; g < scan->store_groups; g++) {
    if (!masks[g])
      continue;
    for (size_t a = 0; a < scan->count; a++) {
      /* Every store of the group writes the group's bytes: the first one
       * stands for them, unless they differ in size. */
      const struct access *access = &scan->accesses[a];
      if (access->store && access->group == g &&
          access_bytes(access->inst) != access_bytes(scan->first_store[g])) {
        ferry_range_check_free(check);
        return ferry_refuse(reason, size, "it stores values of different sizes through one "
                                          "pointer"), NULL;
      }
    }
    if (!ferry_range_check_write(check, affine, loop, scan->first_store[g], masks[g], why,
                                 sizeof why)) {
      ferry_range_check_free(check);
      return ferry_refuse(reason, size, "no run-time check can bound the bytes it writes: %s",
                          why), NULL;
    }
  }
  return check;
}

/* ---- The no-alias scopes ---- */

static LLVMMetadataRef named_node(LLVMContextRef context, const char *name,
                                  LLVMMetadataRef domain) {
  LLVMMetadataRef operands[2] = {LLVMMDStringInContext2(context, name, strlen(name)), domain};
  return LLVMMDNodeInContext2(context, operands, domain ? 2 : 1);
}

/* Sets `kind` of `inst` to its present list (if any) and `scopes`. */
static void add_scopes(LLVMValueRef inst, const char *kind, LLVMMetadataRef *scopes,
                       size_t count) {
  LLVMContextRef context = LLVMGetTypeContext(LLVMTypeOf(inst));
  unsigned id = LLVMGetMDKindIDInContext(context, kind, (unsigned)strlen(kind));
  LLVMMetadataRef list[2 * FERRY_RANGE_MAX_WRITES + 8];
  size_t total = 0;
  LLVMValueRef present = LLVMGetMetadata(inst, id);
  if (present) {
    unsigned operands = LLVMGetMDNodeNumOperands(present);
    LLVMValueRef values[8];
    if (operands > 8) /* keep the present facts rather than drop ours */
      return;
    LLVMGetMDNodeOperands(present, values);
    for (unsigned o = 0; o < operands; o++)
      list[total++] = LLVMValueAsMetadata(values[o]);
  }
  for (size_t s = 0; s < count; s++)
    list[total++] = scopes[s];
  LLVMSetMetadata(inst, id,
                  LLVMMetadataAsValue(context, LLVMMDNodeInContext2(context, list, total)));
}

/* The scopes of the checked copy: a domain of the loop's own, a scope per
 * group; each access in its group's scope, and no-alias with each group
 * its group was checked against, or proved apart from (plan_check: a store
 * group with every other group). */
static void annotate(const struct scan *scan, LLVMValueRef fn, unsigned number) {
  LLVMContextRef context = LLVMGetModuleContext(LLVMGetGlobalParent(fn));
  size_t length;
  const char *fn_name = LLVMGetValueName2(fn, &length);
  char name[512];
  snprintf(name, sizeof name, "ferry.alias.%.*s.%u", (int)(length < 400 ? length : 400), fn_name,
           number);
  LLVMMetadataRef domain = named_node(context, name, NULL);
  size_t groups = scan->store_groups + 1;
  LLVMMetadataRef scopes[FERRY_RANGE_MAX_WRITES + 1];
  for (size_t g = 0; g < groups; g++) {
    char scope[540];
    snprintf(scope, sizeof scope, "%s.%zu", name, g);
    scopes[g] = named_node(context, scope, domain);
  }
  for (size_t a = 0; a < scan->count; a++) {
    size_t g = scan->accesses[a].group;
    LLVMMetadataRef apart[FERRY_RANGE_MAX_WRITES + 1];
    size_t count = 0;
    for (size_t h = 0; h < groups; h++)
      if (h != g && (h < scan->store_groups || g < scan->store_groups))
        apart[count++] = scopes[h];
    add_scopes(scan->accesses[a].inst, "alias.scope", &scopes[g], 1);
    if (count)
      add_scopes(scan->accesses[a].inst, "noalias", apart, count);
  }
}

/* ---- Unrolling the checked copy ---- */

static bool named(LLVMValueRef node, const char *name) {
  if (!node || !LLVMIsAMDNode(node) || LLVMGetMDNodeNumOperands(node) < 1)
    return false;
  LLVMValueRef first;
  LLVMValueRef operands[8];
  unsigned count = LLVMGetMDNodeNumOperands(node);
  if (count > 8)
    return false;
  LLVMGetMDNodeOperands(node, operands);
  first = operands[0];
  unsigned length;
  const char *string = first ? LLVMGetMDString(first, &length) : NULL;
  return string && length == strlen(name) && memcmp(string, name, length) == 0;
}

/* The loads a thread keeps in flight in one iteration of the checked copy,
 * at most, once unrolled further: the unroll is the largest of
 * -ferry-alias-unroll, its half, ... that stays within it. Measured on an
 * H200 (bench/real's correlation and covariance, 256 x 256, one block of
 * 256 threads, 2 alternating rounds a target; the triangle of
 * test/gpu/alias_versioning.cu, 512 x 512), with clang's unrolling by 4
 * already made: the loops of one load an iteration (4 in flight) ran faster
 * unrolled by 4 more (16 in flight); the triangles of dot products (2 loads
 * an iteration, 8 in flight) ran fastest at 16 in flight, unrolled by 2:
 * correlation 3.79x -> 4.75x over plain (sm_90a; sm_80 3.61x -> 4.69x),
 * covariance 3.84x -> 4.68x (3.82x -> 4.65x), where unrolled by 4 (32 in
 * flight) they ran 4.23x and 3.54x (4.31x, 3.57x; the triangle of the test
 * 14.3 -> 18.2 ms). */
enum { UNROLL_LOADS_IN_FLIGHT = 16 };

/* The loads of the checked copy that stay in the loop once LLVM has run
 * over it: those of no store group (a stored pointer's loads become the
 * register), at an address that changes from one iteration to the next. */
static unsigned loads_in_loop(const struct scan *scan, const struct ferry_loop *loop) {
  unsigned loads = 0;
  for (size_t a = 0; a < scan->count; a++)
    loads += !scan->accesses[a].store && scan->accesses[a].group == scan->store_groups &&
             !ferry_loop_invariant(loop, scan->accesses[a].pointer, 0);
  return loads;
}

/* Asks LLVM's unroller (plugin.cpp: AliasVersionPass) to unroll the checked loop
 * whose latch branch is `latch` by -ferry-alias-unroll, halved until
 * `loads` times the count is within UNROLL_LOADS_IN_FLIGHT (not at all
 * below 2), where LLVM has not said that it must not be unrolled (a
 * remainder loop of its runtime unrolling): its loop ID gets llvm.loop.unroll.count, its other
 * properties kept. Unrolling keeps every operation and its order. */
static void ask_unroll(LLVMValueRef latch, unsigned loads) {
  unsigned count = ferry_option_alias_unroll();
  while (count >= 2 && loads * count > UNROLL_LOADS_IN_FLIGHT)
    count /= 2;
  if (count < 2 || !loads)
    return;
  LLVMContextRef context = LLVMGetTypeContext(LLVMTypeOf(latch));
  unsigned kind = LLVMGetMDKindIDInContext(context, "llvm.loop", 9);
  LLVMValueRef id = LLVMGetMetadata(latch, kind);
  LLVMMetadataRef properties[16];
  size_t total = 0;
  LLVMMetadataRef self = LLVMTemporaryMDNode(context, NULL, 0);
  properties[total++] = self;
  if (id) {
    unsigned operands = LLVMGetMDNodeNumOperands(id);
    LLVMValueRef values[16];
    if (operands > 15) {
      LLVMDisposeTemporaryMDNode(self);
      return;
    }
    LLVMGetMDNodeOperands(id, values);
    for (unsigned o = 1; o < operands; o++) {
      if (named(values[o], "llvm.loop.unroll.disable") ||
          named(values[o], "llvm.loop.unroll.runtime.disable")) {
        LLVMDisposeTemporaryMDNode(self);
        return;
      }
      if (!named(values[o], "llvm.loop.unroll.count") && values[o])
        properties[total++] = LLVMValueAsMetadata(values[o]);
    }
  }
  LLVMTypeRef i32 = LLVMInt32TypeInContext(context);
  LLVMMetadataRef unroll[2] = {
      LLVMMDStringInContext2(context, "llvm.loop.unroll.count", strlen("llvm.loop.unroll.count")),
      LLVMValueAsMetadata(LLVMConstInt(i32, count, false))};
  properties[total++] = LLVMMDNodeInContext2(context, unroll, 2);
  LLVMMetadataRef node = LLVMMDNodeInContext2(context, properties, total);
  /* The temporary self-reference replaced by the node itself: LLVM makes
   * such a cycle a distinct node, as a loop ID is. */
  LLVMMetadataReplaceAllUsesWith(self, node);
  LLVMSetMetadata(latch, kind, LLVMMetadataAsValue(context, node));
}

/* ---- The loops ---- */

/* At the loop's first store, which the source names better than the
 * instruction that refuses it (often inlined from a header). */
static void refuse(const struct scan *scan, const char *why) {
  char message[FERRY_MESSAGE_SIZE];
  snprintf(message, sizeof message,
           "this loop's stores may write what its loads read (the pointers may alias), and it "
           "stays as written: %s (mark the pointers __restrict__ if they never overlap)", why);
  ferry_remark(FERRY_REMARK_MISSED, scan->first_store[0], "AliasNotVersioned", message);
}

/* Whether every pointer the loop stores through is in global memory: the
 * accumulators measured (README, alias versioning) keep the value the
 * check frees in a register instead of a global store and reload. One in
 * shared or unknown memory (a C port's shared tiles) is not measured: its
 * variant is a trial's (dispatch.h). */
static bool stores_global(const struct scan *scan) {
  for (size_t g = 0; g < scan->store_groups; g++)
    if (ferry_infer_space(scan->stored[g]) != FERRY_SPACE_GLOBAL)
      return false;
  return true;
}

/* Versions `loop` when it is wanted and its check can be made; the
 * clone's header in *clone_header. Whether it did. */
static bool version(struct ferry_analyses *analyses, const struct ferry_loop *loop,
                    const struct scan *scan, unsigned number, LLVMBasicBlockRef *clone_header) {
  LLVMValueRef fn = ferry_analyses_function(analyses);
  if (scan->blocker[0]) {
    refuse(scan, scan->blocker);
    return false;
  }
  const struct ferry_counted_loop *counted = ferry_analyses_counted_loop(analyses, loop);
  char reason[FERRY_REASON_SIZE];
  if (!trip_readable(counted, reason, sizeof reason)) {
    refuse(scan, reason);
    return false;
  }
  struct ferry_range_check *check =
      plan_check(scan, ferry_analyses_affine(analyses), loop, reason, sizeof reason);
  if (!check) {
    refuse(scan, reason);
    return false;
  }
  LLVMModuleRef module = LLVMGetGlobalParent(fn);
  LLVMBuilderRef builder = LLVMCreateBuilderInContext(LLVMGetModuleContext(module));
  struct ferry_loop_versions versions;
  ferry_loop_version_split(&loop->blocks, counted->preheader_branch, counted->latch,
                           counted->exit, "ferry.alias.checked", "ferry.alias.as.written",
                           &versions);
  *clone_header = ferry_cloned_block(&versions.clones, loop->header);
  ferry_loop_version_position(builder, &versions);
  LLVMValueRef holds;
  LLVMValueRef last = last_iteration(counted, builder, &holds);
  LLVMValueRef apart = ferry_range_check_emit(check, counted, module, builder, last);
  if (holds)
    apart = LLVMBuildAnd(builder, apart, holds, "ferry.alias.apart");
  ferry_loop_version_branch(builder, &versions, apart);
  LLVMDisposeBuilder(builder);
  annotate(scan, fn, number);
  ask_unroll(counted->latch_branch, loads_in_loop(scan, loop));

  char message[FERRY_MESSAGE_SIZE];
  snprintf(message, sizeof message,
           "versioned this loop on a run-time check, per thread, that %s none of the bytes the "
           "loop's other accesses through pointers that may alias touch over its iterations: "
           "where it holds, its accesses are known apart (no-alias scopes), so that a value "
           "stored and loaded again at one address stays in a register and loads issue ahead "
           "of stores; where it does not, the loop runs as written",
           ferry_range_check_stores(check));
  ferry_remark(FERRY_REMARK_PASSED, scan->first_store[0], "AliasVersioned", message);
  ferry_range_check_free(check);
  return true;
}

unsigned ferry_alias_version_function(LLVMValueRef fn) {
  if (!looked_at(fn))
    return 0;
  /* Headers of loops done (versioned, refused, or a clone as written):
   * each loop is looked at once, on analyses made after the last split. */
  struct ferry_map done = {0};
  struct scan *scan = ferry_xmalloc(sizeof *scan);
  unsigned versioned = 0;
  bool pays_untimed = true;
  for (bool more = true; more;) {
    more = false;
    struct ferry_analyses *analyses = ferry_analyses_create(fn);
    const struct ferry_loops *loops = ferry_analyses_loops(analyses);
    for (size_t l = 0; loops && l < ferry_loop_count(loops); l++) {
      const struct ferry_loop *loop = ferry_loop_at(loops, l);
      if (ferry_map_get(&done, loop->header, NULL) || !innermost(loops, loop))
        continue;
      ferry_map_put(&done, loop->header, 1);
      scan_loop(loop, scan);
      if (!scan->wanted)
        continue;
      LLVMBasicBlockRef clone_header = NULL;
      if (version(analyses, loop, scan, versioned, &clone_header)) {
        pays_untimed &= stores_global(scan);
        ferry_map_put(&done, clone_header, 1);
        versioned++;
        more = true; /* the IR changed: the analyses are made again */
        break;
      }
    }
    ferry_analyses_free(analyses);
  }
  free(scan);
  ferry_map_free(&done);
  if (versioned) {
    ferry_dispatch_mark_converted(fn, pays_untimed);
    ferry_names_invalidate();
  }
  return versioned;
}
