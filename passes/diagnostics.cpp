// Remarks and errors for the C passes: llvm-c can neither emit an
// optimization remark nor report a located compile error.

#include "bridge.h"

#include <string>

#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instruction.h"
#include "llvm/IR/LLVMContext.h"

using namespace llvm;

static constexpr const char *PassName = "ferry";

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
    F = Fn;
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
    F->getContext().diagnose(DiagnosticInfoUnsupported(
        *F, Message, DiagnosticLocation(F->getSubprogram()), DS_Error));
  }
}

extern "C" void ferry_diagnose_at_line(LLVMValueRef Fn, const char *File, unsigned Line,
                                       bool Warning, const char *Message) {
  auto *F = dyn_cast<Function>(unwrap(Fn));
  if (!F)
    return;
  DiagnosticSeverity Severity = Warning ? DS_Warning : DS_Error;
  DiagnosticLocation Loc(F->getSubprogram());
  if (File && *File && Line) {
    // A DiagnosticLocation is made only from debug information: describe
    // the place as a subprogram of its own, owned by the context and
    // attached to nothing, so the module is unchanged.
    LLVMContext &Ctx = F->getContext();
    DIFile *Source = DIFile::get(Ctx, File, "");
    Loc = DiagnosticLocation(DISubprogram::get(
        Ctx, Source, F->getName(), "", Source, Line, nullptr, Line, nullptr, 0, 0,
        DINode::FlagZero, DISubprogram::SPFlagZero, nullptr));
  }
  F->getContext().diagnose(DiagnosticInfoUnsupported(*F, Message, Loc, Severity));
}
