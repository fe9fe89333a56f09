// ferry-optimize-variants (optimize_variants.cpp): at -O0, the launch
// dispatch's variants are inlined and simplified as at -O2.
#ifndef FERRY_PASSES_OPTIMIZE_VARIANTS_H
#define FERRY_PASSES_OPTIMIZE_VARIANTS_H

#include "llvm/IR/PassManager.h"

struct OptimizeVariantsPass : llvm::PassInfoMixin<OptimizeVariantsPass> {
  // The function simplification pipeline of -O2 (PassBuilder's).
  llvm::FunctionPassManager Simplify;
  explicit OptimizeVariantsPass(llvm::FunctionPassManager Simplify)
      : Simplify(std::move(Simplify)) {}
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &MAM);
  static bool isRequired() { return true; }
};

#endif
