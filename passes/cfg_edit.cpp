// Control-flow edits that llvm-c cannot make: it has no way to split a
// block, and splitting by hand would leave successors' phis naming the old
// block.

#include "bridge.h"

#include "llvm/IR/BasicBlock.h"
#include "llvm/IR/Instruction.h"

using namespace llvm;

extern "C" LLVMBasicBlockRef ferry_split_block_before(LLVMValueRef Inst,
                                                      const char *Name) {
  auto *I = cast<Instruction>(unwrap(Inst));
  return wrap(I->getParent()->splitBasicBlock(I->getIterator(), Name));
}
