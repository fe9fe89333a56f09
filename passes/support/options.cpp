// Command-line options of the passes (`opt -ferry-...`, `clang -mllvm
// -ferry-...`): llvm-c cannot declare a cl::opt. Under clang the plugin
// must be loaded before options are parsed: ferry-cc passes
// `-Xclang -load -Xclang ferry.so` besides -fpass-plugin.

#include "bridge.h"
#include "loop_limits.h"

#include "llvm/Support/CommandLine.h"

using namespace llvm;

static cl::opt<ferry_collective_mode> Collective(
    "ferry-collective", cl::init(FERRY_COLLECTIVE_AUTO),
    cl::desc("ferry: when to re-issue the copies of a whole block as 16-byte "
             "cp.async.cg chunks"),
    cl::values(
        clEnumValN(FERRY_COLLECTIVE_AUTO, "auto",
                   "where one thread's cp.async cannot move the element (1- and "
                   "2-byte or under-aligned elements); elsewhere the per-thread "
                   "form measured as fast or faster (default)"),
        clEnumValN(FERRY_COLLECTIVE_ALWAYS, "always", "wherever the form applies"),
        clEnumValN(FERRY_COLLECTIVE_NEVER, "never", "never: per-thread cp.async only")));

static cl::opt<bool> CostModel(
    "ferry-cost-model", cl::init(true),
    cl::desc("ferry: leave alone the copies that the cost model predicts "
             "would run slower asynchronously (default on)"));

static cl::opt<bool> LoneCopy(
    "ferry-lone-copy", cl::init(true),
    cl::desc("ferry: the cost model leaves as written a copy that is its thread's only "
             "load from global memory before its barrier (default on); off converts "
             "such copies, the cost model's other rules kept"));

static cl::opt<bool> AliasVersion(
    "ferry-alias-version", cl::init(true),
    cl::desc("ferry: in the launch dispatch's variants, version a loop whose stores may "
             "write what its other accesses touch on a run-time check that they do not "
             "(an accumulator then stays in a register; default on)"));

// 4: the accumulating loops of bench/real's correlation and covariance,
// which clang has unrolled by 4 already, one block of 256 threads on the
// device, run at the latency of their loads: 16 iterations' loads in
// flight measured faster than 4 (README, alias versioning).
static cl::opt<unsigned> AliasUnroll(
    "ferry-alias-unroll", cl::init(4),
    cl::desc("ferry: unroll the checked copy of an alias-versioned loop that LLVM may "
             "unroll further by this count (runtime unrolling, the order of every "
             "operation kept; 1: as LLVM left it; default 4)"));

static cl::opt<bool> TrialCandidates(
    "ferry-trial-candidates", cl::init(true),
    cl::desc("ferry: under the launch dispatch, a copy the cost model leaves as written "
             "for want of speed converts in the kernel's trial variant (K__ferry_trial), "
             "which launches run only where a trial timed it faster (default on); off "
             "leaves such copies as written"));

static cl::opt<bool> AlignmentTest(
    "ferry-alignment-test", cl::init(true),
    cl::desc("ferry: version a per-thread copy of 4, 8 or 16 bytes whose alignment "
             "is not proved on a run-time test of this thread's addresses, cp.async "
             "where they are aligned (default on); off leaves such copies as written"));

static cl::opt<ferry_contraction_order> ContractionOrder(
    "ferry-contraction-order", cl::init(FERRY_CONTRACTION_ORDER_LLVM),
    cl::desc("ferry: which product of an add of two products the backend fuses into an fma"),
    cl::values(clEnumValN(FERRY_CONTRACTION_ORDER_LLVM, "llvm",
                          "the one LLVM's optimizer leaves first (default)"),
               clEnumValN(FERRY_CONTRACTION_ORDER_NVCC, "nvcc",
                          "nvcc's: of two products of reads and constants, the one written "
                          "first (ferry-cc sets it on an nvcc-style line)")));

static cl::opt<bool> OneBarrier(
    "ferry-one-barrier", cl::init(false),
    cl::desc("ferry: every ring, whatever its stages, issues each later iteration's "
             "copies just after the copies' barrier and runs the barrier that ends each "
             "iteration only where the loop exits, where nothing between the two touches "
             "memory (default off: only a per-launch ring's copies for 32 stages or more "
             "do; rings of 16 stages measured slower, pipeline_one_barrier.c)"));

static cl::opt<bool> Staged(
    "ferry-staged", cl::init(true),
    cl::desc("ferry: issue the load of a copy refused only for a hazard at its "
             "destination some iterations ahead, into shared-memory slots of the "
             "thread's own, in a loop that holds a barrier (default on); off leaves "
             "such copies as written"));

// -ferry-stages follows the rule of annotate("ferry:stages=N")
// (kernel_options.c): a count ferry cannot use is an error, here at option
// parsing, before anything is compiled, rather than a pipelining quietly
// left out.
namespace {
struct StagesParser : public cl::parser<unsigned> {
  explicit StagesParser(cl::Option &O) : cl::parser<unsigned>(O) {}
  bool parse(cl::Option &O, StringRef ArgName, StringRef Arg, unsigned &Value) {
    unsigned long long Number;
    bool Valid = !getAsUnsignedInteger(Arg, 10, Number) && Number <= FERRY_MAX_STAGES && !(Number & (Number - 1));
    if (!Valid)
      return O.error("the stages must be 0 (ferry chooses), 1 (no pipelining), 2, 4, 8 or 16, not '" + Arg +
                     "'");
    Value = static_cast<unsigned>(Number);
    return false;
  }
};
} // namespace

static cl::opt<unsigned, false, StagesParser> Stages(
    "ferry-stages", cl::init(0),
    cl::desc("ferry: stages of a pipelined copy loop: 0 chooses (default), 1 "
             "turns pipelining off, 2, 4, 8 or 16 forces that many"));

static cl::opt<ferry_bulk_mode> Bulk(
    "ferry-bulk", cl::init(FERRY_BULK_NEVER),
    cl::desc("ferry: when a block-collective copy on sm_90 becomes one "
             "cp.async.bulk per row, completed on an mbarrier"),
    cl::values(clEnumValN(FERRY_BULK_AUTO, "auto",
                          "rows of at least 128 bytes; 16-byte chunks below"),
               clEnumValN(FERRY_BULK_ALWAYS, "always", "every row"),
               clEnumValN(FERRY_BULK_NEVER, "never",
                          "16-byte cp.async.cg chunks (default: bulk rows measured slower)")));

namespace {
enum PrefetchMode { PrefetchAuto, PrefetchNever };
}
static cl::opt<PrefetchMode> Prefetch(
    "ferry-prefetch", cl::init(PrefetchAuto),
    cl::desc("ferry: whether the copy loops that no ring takes have their sources "
             "prefetched into L2 some iterations ahead, their copies left plain"),
    cl::values(clEnumValN(PrefetchAuto, "auto",
                          "every such loop whose trip and addresses allow it (default)"),
               clEnumValN(PrefetchNever, "never",
                          "never: their copies become single-stage cp.async instead")));

static cl::opt<unsigned long long> PrefetchBytes(
    "ferry-prefetch-bytes", cl::init(16384),
    cl::desc("ferry: the bytes the prefetch of a copy loop keeps in flight per "
             "multiprocessor, from which its distance follows (default 16384)"));

static cl::opt<ferry_dispatch_mode> Dispatch(
    "ferry-dispatch", cl::init(FERRY_DISPATCH_AUTO),
    cl::desc("ferry: keep each kernel as written and add the converted kernel as a "
             "second entry that the host's launches choose per launch"),
    cl::values(clEnumValN(FERRY_DISPATCH_AUTO, "auto",
                          "a variant per converted kernel, chosen per launch (default)"),
               clEnumValN(FERRY_DISPATCH_NEVER, "never",
                          "convert kernels in place; the host half stays as written")));

extern "C" enum ferry_dispatch_mode ferry_option_dispatch(void) { return Dispatch; }
extern "C" enum ferry_collective_mode ferry_option_collective(void) { return Collective; }
extern "C" bool ferry_option_prefetch(void) { return Prefetch == PrefetchAuto; }
extern "C" unsigned long long ferry_option_prefetch_bytes(void) {
  return PrefetchBytes ? PrefetchBytes : 1;
}
extern "C" enum ferry_bulk_mode ferry_option_bulk(void) { return Bulk; }
extern "C" unsigned ferry_option_stages(void) { return Stages; }
extern "C" bool ferry_option_cost_model(void) { return CostModel; }
extern "C" bool ferry_option_alignment_test(void) { return AlignmentTest; }
extern "C" bool ferry_option_staged(void) { return Staged; }
extern "C" bool ferry_option_one_barrier(void) { return OneBarrier; }
extern "C" bool ferry_option_lone_copy(void) { return LoneCopy; }
extern "C" bool ferry_option_alias_version(void) { return AliasVersion; }
extern "C" unsigned ferry_option_alias_unroll(void) { return AliasUnroll; }
extern "C" bool ferry_option_trial_candidates(void) { return TrialCandidates; }
extern "C" enum ferry_contraction_order ferry_option_contraction_order(void) { return ContractionOrder; }
