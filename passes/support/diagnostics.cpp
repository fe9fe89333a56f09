// Remarks and errors for the C passes: llvm-c can neither emit an
// optimization remark nor report a located compile error.
//
// Each remark also carries structured arguments for -fsave-optimization-
// record (and ferry-report): Kernel (demangled), Symbol, Target, Outcome,
// and where the remark says them Bytes, Form, Stages and Reason. They come
// after ore::setExtraArgs(), so the printed text (-Rpass=ferry) is the
// message alone, as the lit tests expect. They are derived here from the
// remark's name and its text, whose wording those same tests pin, so that
// no pass has to say them twice.

#include "bridge.h"
#include "dispatch.h"

#include <cstdlib>
#include <cstring>
#include <string>

#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/DebugInfoMetadata.h"
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
  const char *CloneSuffix = ferry_dispatch_clone_suffix(wrap(F));
  if (!CloneSuffix || !F->getName().ends_with(CloneSuffix))
    return F;
  StringRef Suffix = CloneSuffix;
  Function *Original = F->getParent()->getFunction(F->getName().drop_back(Suffix.size()));
  return Original ? Original : F;
}

namespace {

// What a remark says happened, by its name: a copy converted (one stage),
// converted for a trial only (the cost model alone leaves it as written),
// converted and pipelined, left plain with its source prefetched, refused
// (left as written), a note on why a better form was not chosen, an
// explicit memcpy_async call lowered, or the launch dispatch's variant of
// a kernel made or not.
const char *outcomeOf(const char *RemarkName) {
  static const struct {
    const char *Name, *Outcome;
  } Outcomes[] = {
      {"CopyConverted", "converted"},   {"CopyPipelined", "pipelined"},
      {"CopyConvertedForTrial", "trial"},
      {"CopyRefused", "refused"},       {"CostModel", "refused"},
      {"FunctionRefused", "refused"},   {"TargetTooOld", "refused"},
      {"MemcpyAsyncLowered", "lowered"}, {"CopyPrefetched", "prefetched"},
      {"VariantMade", "variant"},       {"NoVariant", "no variant"},
      {"AliasVersioned", "alias versioned"},
  };
  for (const auto &Entry : Outcomes)
    if (std::strcmp(Entry.Name, RemarkName) == 0)
      return Entry.Outcome;
  return "note";
}

// The number before the first "<Suffix>" in Text ("4-byte", "16 stages"),
// or 0.
unsigned numberBefore(const std::string &Text, const char *Suffix) {
  size_t At = Text.find(Suffix);
  if (At == std::string::npos || At == 0)
    return 0;
  size_t Start = At;
  while (Start > 0 && Text[Start - 1] >= '0' && Text[Start - 1] <= '9')
    Start--;
  return Start == At ? 0 : (unsigned)std::strtoul(Text.c_str() + Start, nullptr, 10);
}

// The instruction form a converted copy or a lowered call became.
std::string formOf(const std::string &Text, const char *Outcome) {
  if (std::strcmp(Outcome, "lowered") == 0) {
    size_t At = Text.find(" lowered to ");
    if (At == std::string::npos)
      return "";
    std::string Form = Text.substr(At + 12);
    size_t End = Form.find_first_of(";(");
    Form = Form.substr(0, End);
    while (!Form.empty() && Form.back() == ' ')
      Form.pop_back();
    return Form;
  }
  if (Text.find("cp.async.bulk") != std::string::npos)
    return Text.find("else to 16-byte") != std::string::npos ? "cp.async.bulk or cp.async.cg chunks"
                                                              : "cp.async.bulk";
  if (Text.find("16-byte cp.async.cg chunks") != std::string::npos)
    return "cp.async.cg chunks";
  if (Text.find("to cp.async.cg") != std::string::npos)
    return "cp.async.cg";
  if (Text.find("to cp.async.ca") != std::string::npos)
    return "cp.async.ca";
  return "";
}

template <typename Remark>
void emitWithArguments(OptimizationRemarkEmitter &ORE, Remark R, Function *F,
                       const char *RemarkName, const char *Message) {
  std::string Text = Message;
  const char *Outcome = outcomeOf(RemarkName);
  Function *Kernel = reported(F); /* a variant is reported as its kernel */
  R << Message << ore::setExtraArgs()
    << ore::NV("Kernel", demangle(Kernel->getName().str()))
    << ore::NV("Symbol", Kernel->getName())
    << ore::NV("Target", F->getFnAttribute("target-cpu").getValueAsString())
    << ore::NV("Outcome", Outcome);
  // A trial's copy (converted in the variant a trial times, as written
  // elsewhere) has a form and the cost model's reason both.
  bool IsTrial = std::strcmp(Outcome, "trial") == 0;
  bool IsCopy = std::strcmp(Outcome, "converted") == 0 || std::strcmp(Outcome, "pipelined") == 0 ||
                IsTrial;
  if (unsigned Bytes = numberBefore(Text, "-byte global-to-shared"))
    R << ore::NV("Bytes", Bytes);
  if (IsCopy || std::strcmp(Outcome, "lowered") == 0) {
    std::string Form = formOf(Text, Outcome);
    if (!Form.empty())
      R << ore::NV("Form", Form);
  }
  if (std::strcmp(Outcome, "pipelined") == 0) {
    if (Text.find("S stages chosen per launch") != std::string::npos)
      R << ore::NV("Stages", "per launch");
    else if (Text.find("S stages chosen as the kernel runs") != std::string::npos)
      R << ore::NV("Stages", "as the kernel runs");
    else
      R << ore::NV("Stages", numberBefore(Text, " stages:"));
  }
  if ((!IsCopy && std::strcmp(Outcome, "lowered") != 0) || IsTrial)
    R << ore::NV("Reason", Text);
  ORE.emit(R);
}

} // namespace


/* Where a remark about I points: I's own location; for an instruction an
 * optimization made without one (a merged or hoisted load, a memcpy
 * loop-idiom wrote) or with one of line 0 (merged from two places), the
 * nearest located instruction before it in its block, then after it; else
 * the function's own line. A remark without any is "?:0:0" in a report. */
static DiagnosticLocation locationOf(const Instruction *I) {
  if (I->getDebugLoc() && I->getDebugLoc().getLine())
    return DiagnosticLocation(I->getDebugLoc());
  for (const Instruction *P = I->getPrevNode(); P; P = P->getPrevNode())
    if (P->getDebugLoc() && P->getDebugLoc().getLine())
      return DiagnosticLocation(P->getDebugLoc());
  for (const Instruction *N = I->getNextNode(); N; N = N->getNextNode())
    if (N->getDebugLoc() && N->getDebugLoc().getLine())
      return DiagnosticLocation(N->getDebugLoc());
  return DiagnosticLocation(I->getFunction()->getSubprogram());
}

extern "C" void ferry_remark(enum ferry_remark_kind Kind, LLVMValueRef At,
                             const char *RemarkName, const char *Message) {
  Value *V = unwrap(At);
  Function *F = nullptr;
  DiagnosticLocation Loc;
  const BasicBlock *CodeRegion = nullptr;
  if (auto *I = dyn_cast<Instruction>(V)) {
    F = I->getFunction();
    Loc = locationOf(I);
    CodeRegion = I->getParent();
  } else if (auto *Fn = dyn_cast<Function>(V)) {
    F = Fn = reported(Fn);
    Loc = DiagnosticLocation(Fn->getSubprogram());
    CodeRegion = Fn->empty() ? nullptr : &Fn->getEntryBlock();
  }
  if (!F)
    return;
  // A kernel's second variant (dispatch.h, FERRY_ALT_ATTRIBUTE) is its
  // variant converted again, its copies planned afresh: its passes would
  // say again what the variant's said. Only what differs is said: the
  // trial candidates it converts where its variant leaves them as written
  // (marked so before they are converted, copy_plan.c);
  // ferry-dispatch-finish says the rest.
  // A kernel's third entry (FERRY_VERSIONED_ATTRIBUTE) versions the loops
  // its variant's versioning already spoke of: it says nothing of its own.
  if (F->hasFnAttribute(FERRY_VERSIONED_ATTRIBUTE) ||
      (F->hasFnAttribute(FERRY_ALT_ATTRIBUTE) &&
       (!F->hasFnAttribute(FERRY_ALT_CANDIDATES_ATTRIBUTE) ||
        std::strcmp(RemarkName, "CopyConvertedForTrial") != 0)))
    return;
  OptimizationRemarkEmitter ORE(F);
  switch (Kind) {
  case FERRY_REMARK_PASSED:
    emitWithArguments(ORE, OptimizationRemark(PassName, RemarkName, Loc, CodeRegion), F,
                      RemarkName, Message);
    break;
  case FERRY_REMARK_MISSED:
    emitWithArguments(ORE, OptimizationRemarkMissed(PassName, RemarkName, Loc, CodeRegion), F,
                      RemarkName, Message);
    break;
  case FERRY_REMARK_ANALYSIS:
    emitWithArguments(ORE, OptimizationRemarkAnalysis(PassName, RemarkName, Loc, CodeRegion), F,
                      RemarkName, Message);
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
