// Remarks and errors for the C passes: llvm-c can neither emit an
// optimization remark nor report a located compile error.

#include "bridge.h"

#include <string>

#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instruction.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"

using namespace llvm;

static constexpr const char *PassName = "ferry";

// What is said of a launch dispatch's variant (dispatch.h) is said of its
// kernel: clang finds a function's source location by its name, and the
// variant's name is not in the source.
static Function *reported(Function *F) {
  static constexpr StringRef Suffix = "__ferry";
  if (!F->hasFnAttribute("ferry-variant") || !F->getName().ends_with(Suffix))
    return F;
  Function *Original = F->getParent()->getFunction(F->getName().drop_back(Suffix.size()));
  return Original ? Original : F;
}

extern "C" void ferry_remark(enum ferry_remark_kind Kind, LLVMValueRef At,
                             const char *RemarkName, const char *Message) {
  Value *V = unwrap(At);
  Function *F = nullptr;
  DiagnosticLocation Loc;
  const BasicBlock *CodeRegion = nullptr;
  if (auto *I = dyn_cast<Instruction>(V)) {
    F = I->getFunction();
    Loc = I->getDebugLoc();
    CodeRegion = I->getParent();
  } else if (auto *Fn = dyn_cast<Function>(V)) {
    F = Fn = reported(Fn);
    Loc = DiagnosticLocation(Fn->getSubprogram());
    CodeRegion = Fn->empty() ? nullptr : &Fn->getEntryBlock();
  }
  if (!F)
    return;
  OptimizationRemarkEmitter ORE(F);
  switch (Kind) {
  case FERRY_REMARK_PASSED:
    ORE.emit(OptimizationRemark(PassName, RemarkName, Loc, CodeRegion)
             << Message);
    break;
  case FERRY_REMARK_MISSED:
    ORE.emit(OptimizationRemarkMissed(PassName, RemarkName, Loc, CodeRegion)
             << Message);
    break;
  case FERRY_REMARK_ANALYSIS:
    ORE.emit(OptimizationRemarkAnalysis(PassName, RemarkName, Loc, CodeRegion)
             << Message);
    break;
  }
}

extern "C" void ferry_error(LLVMValueRef At, const char *Message) {
  Value *V = unwrap(At);
  if (auto *I = dyn_cast<Instruction>(V)) {
    // Without debug info clang can only point at the function.
    std::string Text = Message;
    if (!I->getDebugLoc())
      Text += " (compile with -gline-tables-only to see the line)";
    I->getContext().diagnose(DiagnosticInfoUnsupported(
        *I->getFunction(), Text, I->getDebugLoc(), DS_Error));
  } else if (auto *F = dyn_cast<Function>(V)) {
    F = reported(F);
    F->getContext().diagnose(DiagnosticInfoUnsupported(
        *F, Message, DiagnosticLocation(F->getSubprogram()), DS_Error));
  }
}
