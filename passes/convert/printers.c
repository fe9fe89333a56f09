/* Printers for the analyses of address_space.c and copy_site.c/barrier.c:
 * `opt -passes=ferry-print-address-spaces` and
 * `opt -passes=ferry-print-consumer-barriers`, for lit. */
#include "address_space.h"
#include "analyses.h"
#include "copy_site.h"
#include "ferry.h"
#include "memory.h"
#include "names.h"
#include "util.h"

#include <llvm-c/Target.h>

static void print_function_header(FILE *out, const char *what, LLVMValueRef fn) {
  char name[256];
  ferry_value_name(fn, name, sizeof name);
  fprintf(out, "%s of %s\n", what, name);
}

void ferry_print_address_spaces(LLVMModuleRef module, FILE *out) {
  for (LLVMValueRef fn = LLVMGetFirstFunction(module); fn; fn = LLVMGetNextFunction(fn)) {
    if (LLVMIsDeclaration(fn))
      continue;
    print_function_header(out, "address spaces", fn);
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef inst = LLVMGetFirstInstruction(bb); inst;
           inst = LLVMGetNextInstruction(inst)) {
        LLVMValueRef pointer = ferry_accessed_pointer(inst);
        if (!pointer)
          continue;
        char name[256];
        ferry_value_name(pointer, name, sizeof name);
        const char *kind = LLVMIsALoadInst(inst) ? "load from" :
                           LLVMIsAStoreInst(inst) ? "store to" : "atomic on";
        fprintf(out, "  %s %s: %s\n", kind, name,
                ferry_space_name(ferry_infer_space(pointer)));
      }
  }
}

static void print_barrier(FILE *out, LLVMValueRef barrier) {
  char block[256];
  ferry_block_name(LLVMGetInstructionParent(barrier), block, sizeof block);
  size_t length;
  const char *callee = LLVMGetValueName2(ferry_called_function(barrier), &length);
  fprintf(out, " %.*s in %s", (int)length, callee, block);
}

void ferry_print_consumer_barriers(LLVMModuleRef module, FILE *out) {
  LLVMTargetDataRef layout = LLVMGetModuleDataLayout(module);
  for (LLVMValueRef fn = LLVMGetFirstFunction(module); fn; fn = LLVMGetNextFunction(fn)) {
    if (LLVMIsDeclaration(fn))
      continue;
    print_function_header(out, "consumer barriers", fn);
    struct ferry_analyses *analyses = ferry_analyses_create(fn);
    struct ferry_affine_context *affine = ferry_analyses_affine(analyses);
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef inst = LLVMGetFirstInstruction(bb); inst;
           inst = LLVMGetNextInstruction(inst)) {
        struct ferry_copy_site site;
        char reason[FERRY_REASON_SIZE];
        enum ferry_copy_verdict verdict =
            ferry_analyze_copy(inst, layout, affine, &site, reason, sizeof reason);
        if (verdict != FERRY_COPY_NOT_A_COPY) {
          char destination[256];
          ferry_value_name(site.destination, destination, sizeof destination);
          fprintf(out, "  copy to %s:", destination);
          if (verdict == FERRY_COPY_CONVERTIBLE) {
            for (size_t i = 0; i < site.consumers.barriers.count; i++)
              print_barrier(out, site.consumers.barriers.items[i]);
            fputc('\n', out);
          } else {
            fprintf(out, " %s\n", reason);
          }
        }
        ferry_copy_site_free(&site);
      }
    ferry_analyses_free(analyses);
  }
}
