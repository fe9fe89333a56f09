/* The C side of the plugin: pass entry points and analysis printers.
 * Each takes a whole module; each returns whether it changed the IR.
 * The passes touch only modules whose triple is nvptx64-nvidia-cuda, but
 * for ferry-dispatch-host, which rewrites the host half of a CUDA compile. */
#ifndef FERRY_PASSES_FERRY_H
#define FERRY_PASSES_FERRY_H

#include <llvm-c/Core.h>
#include <stdbool.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

bool ferry_is_device_module(LLVMModuleRef module);

/* The automatic passes, in this order; each reads and adds to the records
 * of the module's functions (copy_record.h: what the passes before
 * decided), which the plugin hands from one to the next. */
struct ferry_copy_records;
bool ferry_pipeline_run(LLVMModuleRef module, struct ferry_copy_records *records);
bool ferry_prefetch_run(LLVMModuleRef module, struct ferry_copy_records *records);
bool ferry_async_copy_run(LLVMModuleRef module, struct ferry_copy_records *records);
bool ferry_check_runtime_calls_run(LLVMModuleRef module);
bool ferry_lower_run(LLVMModuleRef module);
/* nvcc's __managed__ variables (managed_variables.c): the device module's
 * marks, the host module's registration and accesses. */
bool ferry_managed_variables_run(LLVMModuleRef module);
/* nvcc's choice of the product an fma takes (contraction_order.c): the
 * marks on the IR as clang wrote it, the order once the optimizer is done. */
bool ferry_contraction_mark_run(LLVMModuleRef module);
bool ferry_contraction_order_run(LLVMModuleRef module);
/* The launch dispatch (dispatch.h): the device half's clones and their
 * pruning, and the host half's launches and registration. */
bool ferry_dispatch_variants_run(LLVMModuleRef module);
bool ferry_dispatch_finish_run(LLVMModuleRef module);
bool ferry_dispatch_host_run(LLVMModuleRef module);

/* Printers behind `opt -passes=ferry-print-<name> -disable-output`, one per
 * analysis, so that lit can check what each analysis concludes. */
void ferry_print_address_spaces(LLVMModuleRef module, FILE *out);
void ferry_print_consumer_barriers(LLVMModuleRef module, FILE *out);
void ferry_print_dominators(LLVMModuleRef module, FILE *out);
void ferry_print_loops(LLVMModuleRef module, FILE *out);
void ferry_print_affine(LLVMModuleRef module, FILE *out);

#ifdef __cplusplus
}
#endif

#endif
