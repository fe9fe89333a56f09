// IR edits that llvm-c cannot make: splitting a block (by hand, the
// successors' phis would keep naming the old block), folding a branch on a
// constant (the successor left behind loses its phis' incoming values, and
// the blocks only it reached go), erasing a global whose only users
// are dead constant expressions, making constant expressions over a global
// instructions, and cloning a kernel.

#include "bridge.h"

#include "llvm/ADT/DepthFirstIterator.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/IR/BasicBlock.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Instruction.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/ReplaceConstant.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

using namespace llvm;

extern "C" LLVMBasicBlockRef ferry_split_block_before(LLVMValueRef Inst,
                                                      const char *Name) {
  auto *I = cast<Instruction>(unwrap(Inst));
  return wrap(I->getParent()->splitBasicBlock(I->getIterator(), Name));
}

extern "C" LLVMBasicBlockRef ferry_split_edge(LLVMBasicBlockRef From, LLVMBasicBlockRef To,
                                              const char *Name) {
  BasicBlock *F = unwrap(From), *T = unwrap(To);
  BasicBlock *New = BasicBlock::Create(T->getContext(), Name, T->getParent(), T);
  BranchInst::Create(T, New);
  F->getTerminator()->replaceSuccessorWith(T, New);
  T->replacePhiUsesWith(F, New);
  return wrap(New);
}

extern "C" void ferry_fold_constant_branches(LLVMBasicBlockRef const *Blocks, size_t Count,
                                             bool Merge) {
  SmallVector<BasicBlock *, 8> Left; // the successors no longer taken
  for (size_t I = 0; I < Count; I++) {
    BasicBlock *BB = unwrap(Blocks[I]);
    auto *Branch = dyn_cast<BranchInst>(BB->getTerminator());
    if (!Branch || !Branch->isConditional() || !isa<ConstantInt>(Branch->getCondition()))
      continue;
    BasicBlock *Untaken = Branch->getSuccessor(cast<ConstantInt>(Branch->getCondition())->isOne());
    if (ConstantFoldTerminator(BB, /*DeleteDeadConditions=*/true))
      Left.push_back(Untaken);
  }
  if (Left.empty())
    return;
  // What the untaken successors reach without passing a block the entry
  // still reaches.
  Function *F = Left.front()->getParent();
  df_iterator_default_set<BasicBlock *> Reached;
  for (BasicBlock *BB : depth_first_ext(&F->getEntryBlock(), Reached))
    (void)BB;
  SetVector<BasicBlock *> Dead;
  while (!Left.empty()) {
    BasicBlock *BB = Left.pop_back_val();
    if (!Reached.count(BB) && Dead.insert(BB))
      Left.append(succ_begin(BB), succ_end(BB));
  }
  DeleteDeadBlocks(Dead.getArrayRef());
  if (!Merge)
    return;
  // Each block merged into its one predecessor where that branches only to
  // it (a block merged away is this one, never one still to come).
  for (size_t I = 0; I < Count; I++) {
    BasicBlock *BB = unwrap(Blocks[I]);
    if (!Dead.count(BB))
      MergeBlockIntoPredecessor(BB);
  }
}

extern "C" bool ferry_erase_global_if_unused(LLVMValueRef Global) {
  auto *G = cast<GlobalVariable>(unwrap(Global));
  G->removeDeadConstantUsers();
  if (!G->use_empty())
    return false;
  G->eraseFromParent();
  return true;
}

extern "C" void ferry_constant_users_to_instructions(LLVMValueRef Global) {
  convertUsersOfConstantsToInstructions({cast<Constant>(unwrap(Global))});
}

// A kernel's clone for the launch dispatch (dispatch_variants.c): llvm-c
// cannot clone a function. A static __shared__ array that only the kernel
// uses gets a copy of its own in the clone, so that what ferry does to the
// clone's arrays (a larger alignment, a ring in their place) leaves the
// original's shared memory exactly as it was; an array a device function
// also uses stays shared (the call must see the same array). The clone
// keeps the kernel's !nvvm.annotations entries.
static bool usedOnlyBy(const Constant *C, const Function *F) {
  for (const User *U : C->users()) {
    if (const auto *I = dyn_cast<Instruction>(U)) {
      if (I->getFunction() != F)
        return false;
    } else if (const auto *Expression = dyn_cast<ConstantExpr>(U)) {
      if (!usedOnlyBy(Expression, F))
        return false;
    } else {
      return false;
    }
  }
  return true;
}

extern "C" LLVMValueRef ferry_clone_kernel(LLVMValueRef Kernel, const char *Name,
                                          const char *SharedSuffix) {
  Function *F = cast<Function>(unwrap(Kernel));
  Module *M = F->getParent();
  ValueToValueMapTy Map;
  SmallVector<GlobalVariable *, 8> Arrays;
  for (GlobalVariable &G : M->globals())
    if (G.getAddressSpace() == 3 && !G.isDeclaration() && !G.use_empty() && usedOnlyBy(&G, F))
      Arrays.push_back(&G);
  for (GlobalVariable *G : Arrays) {
    auto *Copy = new GlobalVariable(*M, G->getValueType(), G->isConstant(), G->getLinkage(),
                                    G->getInitializer(), G->getName() + SharedSuffix, nullptr,
                                    G->getThreadLocalMode(), G->getAddressSpace());
    Copy->copyAttributesFrom(G);
    Map[G] = Copy;
  }
  Function *Clone = CloneFunction(F, Map);
  Clone->setName(Name);
  if (NamedMDNode *Annotations = M->getNamedMetadata("nvvm.annotations")) {
    SmallVector<MDNode *, 4> Copies;
    for (MDNode *Node : Annotations->operands()) {
      if (Node->getNumOperands() == 0)
        continue;
      auto *Target = dyn_cast_or_null<ValueAsMetadata>(Node->getOperand(0).get());
      if (!Target || Target->getValue() != F)
        continue;
      SmallVector<Metadata *, 4> Operands(Node->operands().begin(), Node->operands().end());
      Operands[0] = ValueAsMetadata::get(Clone);
      Copies.push_back(MDNode::get(M->getContext(), Operands));
    }
    for (MDNode *Copy : Copies)
      Annotations->addOperand(Copy);
  }
  return wrap(Clone);
}
