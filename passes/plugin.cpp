// Registration of ferry's passes with the new pass manager: the one part of
// the plugin that must be C++. Each pass hands its module to the C side.

#include "alias_version.h"
#include "copy_record.h"
#include "dispatch.h"
#include "ferry.h"
#include "names.h"
#include "optimize_variants.h"

#include "llvm/IR/Module.h"
#include "llvm/IR/PassManager.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Transforms/Scalar/LoopPassManager.h"
#include "llvm/Transforms/InstCombine/InstCombine.h"
#include "llvm/Transforms/Scalar/LoopUnrollPass.h"
#include "llvm/Transforms/Scalar/SimplifyCFG.h"
#include "llvm/Transforms/Utils/LoopSimplify.h"
#include "llvm/Plugins/PassPlugin.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace {

using ModuleTransform = bool (*)(LLVMModuleRef);
using CopyTransform = bool (*)(LLVMModuleRef, ferry_copy_records *);
using ModulePrinter = void (*)(LLVMModuleRef, FILE *);

// clang does not verify what a plugin leaves: invalid IR would reach the
// code generator, which may then hang or miscompile. Stop instead.
void verifyOrStop(Module &M) {
  std::string Problems;
  raw_string_ostream Stream(Problems);
  if (verifyModule(M, &Stream))
    report_fatal_error(Twine("ferry: internal error: a ferry pass left invalid IR in ") +
                       M.getModuleIdentifier() + " (please report it; -mllvm " +
                       "-ferry-stages=1 and -ferry-collective=never avoid the newest "
                       "transformations):\n" + Problems);
}

struct CTransformPass : PassInfoMixin<CTransformPass> {
  ModuleTransform Run;
  explicit CTransformPass(ModuleTransform Run) : Run(Run) {}
  PreservedAnalyses run(Module &M, ModuleAnalysisManager &) {
    if (!Run(wrap(&M)))
      return PreservedAnalyses::all();
    verifyOrStop(M);
    return PreservedAnalyses::none();
  }
  static bool isRequired() { return true; }
};

// The records of what the automatic passes decided for each function's
// copies (copy_record.h), kept by the pass manager from one of those
// passes to the next: they alone preserve it, so anything else that
// changes the module drops it.
struct CopyRecords : AnalysisInfoMixin<CopyRecords> {
  struct Result {
    std::unique_ptr<ferry_copy_records, void (*)(ferry_copy_records *)> Records{
        ferry_copy_records_create(), ferry_copy_records_free};
    bool invalidate(Module &, const PreservedAnalyses &PA, ModuleAnalysisManager::Invalidator &) {
      return !PA.getChecker<CopyRecords>().preserved();
    }
  };
  Result run(Module &, ModuleAnalysisManager &) { return Result(); }
  static AnalysisKey Key;
};
AnalysisKey CopyRecords::Key;

// ferry-pipeline, ferry-prefetch, ferry-async-copy: each reads the records
// the ones before it left, and adds its own.
struct CCopyPass : PassInfoMixin<CCopyPass> {
  CopyTransform Run;
  explicit CCopyPass(CopyTransform Run) : Run(Run) {}
  PreservedAnalyses run(Module &M, ModuleAnalysisManager &MAM) {
    if (!Run(wrap(&M), MAM.getResult<CopyRecords>(M).Records.get()))
      return PreservedAnalyses::all();
    verifyOrStop(M);
    PreservedAnalyses PA = PreservedAnalyses::none();
    PA.preserve<CopyRecords>();
    return PA;
  }
  static bool isRequired() { return true; }
};

struct CPrinterPass : PassInfoMixin<CPrinterPass> {
  ModulePrinter Print;
  explicit CPrinterPass(ModulePrinter Print) : Print(Print) {}
  PreservedAnalyses run(Module &M, ModuleAnalysisManager &) {
    outs().flush();
    // Value numbers go stale when another pass has changed the module.
    ferry_names_invalidate();
    Print(wrap(&M), stdout);
    ferry_names_invalidate();
    fflush(stdout);
    return PreservedAnalyses::all();
  }
  static bool isRequired() { return true; }
};

// A pass: Run, or for the automatic passes Copy (with the records).
struct NamedTransform {
  const char *Name;
  ModuleTransform Run;
  CopyTransform Copy = nullptr;
};
struct NamedPrinter {
  const char *Name;
  ModulePrinter Print;
};

// Run before the optimizer, on the IR as clang wrote it: the runtime's
// functions are still called, not yet inlined. ferry-lower comes first so
// that the optimizer simplifies the copies it emits.
// ferry-dispatch-host rewrites the host module's launches while they are
// still in the launch stubs, before the optimizer inlines them.
// ferry-managed-variables comes first: a __managed__ variable's host
// accesses must go through the runtime's pointer before anything reads or
// folds them. ferry-contraction-mark marks the adds of products of reads
// before EarlyCSE merges the reads (contraction_order.c).
const NamedTransform EarlyTransforms[] = {
    {"ferry-managed-variables", ferry_managed_variables_run},
    {"ferry-lower", ferry_lower_run},
    {"ferry-check-runtime-calls", ferry_check_runtime_calls_run},
    {"ferry-dispatch-host", ferry_dispatch_host_run},
    {"ferry-contraction-mark", ferry_contraction_mark_run},
};

// Run once the optimizer is done (the IR is then in its final, simplified
// form): the pipeliner first takes the copy loops it can pipeline,
// ferry-prefetch prefetches the copy loops left and keeps their copies
// plain, then ferry-async-copy converts the copies left; under the launch
// dispatch they convert the kernels' clones, made first and pruned last.
// What one of the three decides for a copy is handed to the next in the
// records (CopyRecords), never in the IR. ferry-alias-version (C++, below:
// AliasVersionPass) runs before ferry-dispatch-finish. ferry-contraction-order
// comes last: alias versioning's optimizer reorders adds too.
const NamedTransform Transforms[] = {
    {"ferry-dispatch-variants", ferry_dispatch_variants_run},
    {"ferry-pipeline", nullptr, ferry_pipeline_run},
    {"ferry-prefetch", nullptr, ferry_prefetch_run},
    {"ferry-async-copy", nullptr, ferry_async_copy_run},
    {"ferry-dispatch-finish", ferry_dispatch_finish_run},
    {"ferry-contraction-order", ferry_contraction_order_run},
};

const NamedPrinter Printers[] = {
    {"ferry-print-address-spaces", ferry_print_address_spaces},
    {"ferry-print-consumer-barriers", ferry_print_consumer_barriers},
    {"ferry-print-dominators", ferry_print_dominators},
    {"ferry-print-loops", ferry_print_loops},
    {"ferry-print-affine", ferry_print_affine},
};

// ferry-optimize-variants, between ferry-dispatch-variants and the
// converting passes at -O0 (optimize_variants.cpp).
// clang's pass builder at -O0 has loop unrolling off (its tuning options
// follow -O0), so the simplification pipeline leaves a loop of constant
// trip count rolled where -O2 unrolls it (the transpose's four rows of a
// tile): the full unroll is added, and the pipeline run again over what it
// leaves.
OptimizeVariantsPass makeOptimizeVariants(PassBuilder &PB) {
  FunctionPassManager FPM =
      PB.buildFunctionSimplificationPipeline(OptimizationLevel::O2, ThinOrFullLTOPhase::None);
  FPM.addPass(createFunctionToLoopPassAdaptor(LoopFullUnrollPass(/*OptLevel=*/2,
                                                                 /*OnlyWhenForced=*/false,
                                                                 /*ForgetSCEV=*/false)));
  FPM.addPass(
      PB.buildFunctionSimplificationPipeline(OptimizationLevel::O2, ThinOrFullLTOPhase::None));
  return OptimizeVariantsPass(std::move(FPM));
}

// ferry-alias-version, after the copies' passes and before
// ferry-dispatch-finish: the C++ half of alias versioning
// (alias_version.h), which is C++ because the LLVM C API has neither
// LoopSimplify nor the pass pipelines. ferry runs at the end of clang's
// pipeline (OptimizerLast), after the optimizer that would use what alias
// versioning proves: the no-alias scopes of a loop's checked copy help
// only if LICM (which keeps a stored and reloaded address in a register
// and stores it once after the loop), GVN and the rest run again over it.
// So, for each variant of the dispatch with a loop alias versioning looks
// at:
//   1. its loops get preheaders and dedicated exits (LoopSimplify): the
//      versioning splits the preheader, and clang's last simplification
//      folds empty preheaders away;
//   2. where the variant holds other conversions (the copies' passes
//      marked it converted) and the kernel has no second variant yet, the
//      variant as it stands is cloned into one (dispatch.h,
//      FERRY_ALT_ATTRIBUTE): those conversions without the versioning, so
//      that a trial keeps whichever pays; no alternative is versioned, and
//      one is marked to differ from its variant only where the variant's
//      loops were (ferry-dispatch-finish deletes it otherwise);
//   3. the loops are versioned (alias_version.c, C);
//   4. where any was, the function simplification pipeline of -O3 runs on
//      that function alone, as ferry-optimize-variants does at -O0, then
//      LLVM's unroller for the loops alias versioning asked it to unroll
//      (llvm.loop.unroll.count on a checked copy; OnlyWhenForced: no other
//      loop) and the cleanup the optimizer runs after it. No floating-point
//      reassociation: the variant's instructions keep their fast-math
//      flags, none added, so outputs stay bit-identical;
//   5. where any was and the variant held other conversions (step 2), the
//      kernel's third entry, the versioning alone (dispatch.h,
//      FERRY_VERSIONED_ATTRIBUTE), is cloned from the kernel as written and
//      put through steps 1, 3 and 4: no copies' pass ever sees it, so it
//      holds the versioning and nothing else. Where its versioning
//      changes nothing, ferry-dispatch-finish deletes it.
// The module is verified after it.
struct AliasVersionPass : PassInfoMixin<AliasVersionPass> {
  FunctionPassManager Optimize;
  explicit AliasVersionPass(PassBuilder &PB)
      : Optimize(PB.buildFunctionSimplificationPipeline(OptimizationLevel::O3,
                                                        ThinOrFullLTOPhase::None)) {
    Optimize.addPass(LoopUnrollPass(LoopUnrollOptions(/*OptLevel=*/3, /*OnlyWhenForced=*/true,
                                                      /*ForgetSCEV=*/false)));
    Optimize.addPass(InstCombinePass());
    Optimize.addPass(SimplifyCFGPass());
  }
  // Steps 1-4 on one function; whether a loop was versioned. For a
  // kernel's first variant (`Variant`), step 2 where `HeldConversions`.
  bool versionAndOptimize(Function &F, FunctionAnalysisManager &FAM, bool Variant,
                          bool HeldConversions) {
    FAM.invalidate(F, LoopSimplifyPass().run(F, FAM));
    LLVMValueRef Alternative = Variant ? ferry_dispatch_alternative_of(wrap(&F)) : nullptr;
    if (Variant && !Alternative && HeldConversions)
      Alternative = ferry_dispatch_make_alternative(wrap(&F));
    if (!ferry_alias_version_function(wrap(&F)))
      return false;
    if (Alternative)
      ferry_dispatch_mark(Alternative, FERRY_ALT_UNVERSIONED_ATTRIBUTE);
    FAM.invalidate(F, PreservedAnalyses::none());
    Optimize.run(F, FAM);
    return true;
  }
  PreservedAnalyses run(Module &M, ModuleAnalysisManager &MAM) {
    bool Changed = false;
    FunctionAnalysisManager &FAM =
        MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
    // The clones made here are appended to the module: the loop meets them
    // and skips them by their marks.
    for (Function &F : M) {
      if (F.isDeclaration() || !F.hasFnAttribute(FERRY_VARIANT_ATTRIBUTE) ||
          F.hasFnAttribute(FERRY_ALT_ATTRIBUTE) || F.hasFnAttribute(FERRY_VERSIONED_ATTRIBUTE) ||
          !ferry_alias_version_wanted(wrap(&F)))
        continue;
      Changed = true;
      bool HeldConversions = F.hasFnAttribute(FERRY_CONVERTED_ATTRIBUTE);
      if (!versionAndOptimize(F, FAM, true, HeldConversions) || !HeldConversions)
        continue;
      if (LLVMValueRef Versioned = ferry_dispatch_make_versioned(wrap(&F)))
        versionAndOptimize(*cast<Function>(unwrap(Versioned)), FAM, false, false);
    }
    if (!Changed)
      return PreservedAnalyses::all();
    verifyOrStop(M);
    return PreservedAnalyses::none();
  }
  static bool isRequired() { return true; }
};

void addTransform(ModulePassManager &MPM, const NamedTransform &T) {
  if (T.Copy)
    MPM.addPass(CCopyPass(T.Copy));
  else
    MPM.addPass(CTransformPass(T.Run));
}

bool parsePipelineElement(PassBuilder &PB, StringRef Name, ModulePassManager &MPM,
                          ArrayRef<PassBuilder::PipelineElement>) {
  if (Name == "ferry-optimize-variants") {
    MPM.addPass(makeOptimizeVariants(PB));
    return true;
  }
  if (Name == "ferry-alias-version") {
    MPM.addPass(AliasVersionPass(PB));
    return true;
  }
  for (ArrayRef<NamedTransform> List : {ArrayRef(EarlyTransforms), ArrayRef(Transforms)})
    for (const NamedTransform &T : List)
      if (Name == T.Name) {
        addTransform(MPM, T);
        return true;
      }
  for (const NamedPrinter &P : Printers)
    if (Name == P.Name) {
      MPM.addPass(CPrinterPass(P.Print));
      return true;
    }
  return false;
}

// Under `clang -fpass-plugin`, at every -O level.
void addEarlyToDefaultPipeline(ModulePassManager &MPM, OptimizationLevel) {
  for (const NamedTransform &T : EarlyTransforms)
    addTransform(MPM, T);
}

void addToDefaultPipeline(PassBuilder &PB, ModulePassManager &MPM, OptimizationLevel Level) {
  for (const NamedTransform &T : Transforms) {
    if (T.Run == ferry_dispatch_finish_run)
      MPM.addPass(AliasVersionPass(PB));
    addTransform(MPM, T);
    if (T.Run == ferry_dispatch_variants_run && Level == OptimizationLevel::O0)
      MPM.addPass(makeOptimizeVariants(PB));
  }
}

void registerCallbacks(PassBuilder &PB) {
  PB.registerPipelineParsingCallback(
      [&PB](StringRef Name, ModulePassManager &MPM, ArrayRef<PassBuilder::PipelineElement> Elements) {
        return parsePipelineElement(PB, Name, MPM, Elements);
      });
  PB.registerAnalysisRegistrationCallback(
      [](ModuleAnalysisManager &MAM) { MAM.registerPass([] { return CopyRecords(); }); });
  PB.registerPipelineStartEPCallback(addEarlyToDefaultPipeline);
  PB.registerOptimizerLastEPCallback(
      [&PB](ModulePassManager &MPM, OptimizationLevel Level, ThinOrFullLTOPhase) {
        addToDefaultPipeline(PB, MPM, Level);
      });
}

} // namespace

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "ferry", "0.1", registerCallbacks};
}
