// IR edits that llvm-c cannot make: splitting a block (by hand, the
// successors' phis would keep naming the old block), and erasing a global
// whose only users are dead constant expressions.

#include "bridge.h"

#include "llvm/IR/BasicBlock.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Instruction.h"

using namespace llvm;

extern "C" LLVMBasicBlockRef ferry_split_block_before(LLVMValueRef Inst,
                                                      const char *Name) {
  auto *I = cast<Instruction>(unwrap(Inst));
  return wrap(I->getParent()->splitBasicBlock(I->getIterator(), Name));
}

extern "C" bool ferry_erase_global_if_unused(LLVMValueRef Global) {
  auto *G = cast<GlobalVariable>(unwrap(Global));
  G->removeDeadConstantUsers();
  if (!G->use_empty())
    return false;
  G->eraseFromParent();
  return true;
}
