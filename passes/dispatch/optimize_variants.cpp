// ferry-optimize-variants: at -O0, the launch dispatch's variants get the
// optimizer that the rest of the module does not.
//
// clang -O0 marks every function optnone and noinline and runs no
// optimization: locals stay in allocas, helpers stay calls, loops stay
// unrotated. ferry's analyses read the optimizer's form (a copy's address
// as an affine function of the thread and the loop, a loop with a
// preheader and one latch), so at -O0 they refused almost every copy (the
// bench's SGEMM, stencil and transpose: none converted; no loop pipelined).
// A variant is ferry's own clone of a kernel (dispatch_variants.c): its
// calls are inlined and it gets the function simplification pipeline of
// -O2, so that -O0 converts what -O2 converts, while the kernels as
// written, and every other function, stay as -O0 left them (a debugger
// steps through them as written; launches that the dispatch sends to the
// original run them). Runs between ferry-dispatch-variants and the
// converting passes, at -O0 only; a variant that nothing converts is still
// deleted by ferry-dispatch-finish. Under -ferry-dispatch=never there are no
// variants, and -O0 converts in place only what its form allows.
// This is C++ because the LLVM C API has neither the inliner nor the pass
// pipelines.
#include "optimize_variants.h"

#include "dispatch.h"

#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/Cloning.h"

using namespace llvm;

namespace {

// Inlines every call of a defined function into `F`, and the calls that
// brings, to a bounded depth (a recursive device function stays a call).
void inlineCalls(Function &F) {
  for (int round = 0; round < 16; round++) {
    SmallVector<CallBase *, 16> Calls;
    for (Instruction &I : instructions(F))
      if (auto *Call = dyn_cast<CallBase>(&I))
        if (Function *Callee = Call->getCalledFunction())
          if (!Callee->isDeclaration() && Callee != &F && !Callee->isVarArg())
            Calls.push_back(Call);
    if (Calls.empty())
      return;
    bool Inlined = false;
    for (CallBase *Call : Calls) {
      InlineFunctionInfo Info;
      Inlined |= InlineFunction(*Call, Info).isSuccess();
    }
    if (!Inlined)
      return;
  }
}

} // namespace

PreservedAnalyses OptimizeVariantsPass::run(Module &M, ModuleAnalysisManager &MAM) {
  bool Changed = false;
  FunctionAnalysisManager &FAM = MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  for (Function &F : M) {
    if (F.isDeclaration() || !F.hasFnAttribute(FERRY_VARIANT_ATTRIBUTE))
      continue;
    F.removeFnAttr(Attribute::OptimizeNone);
    F.removeFnAttr(Attribute::NoInline);
    inlineCalls(F);
    FAM.invalidate(F, PreservedAnalyses::none());
    Simplify.run(F, FAM);
    Changed = true;
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}
