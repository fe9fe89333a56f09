/* The predecessors of every block of a function, computed once: llvm-c
 * offers only successors, and scanning the function for each block made
 * the backward searches quadratic. */
#ifndef FERRY_PASSES_CFG_H
#define FERRY_PASSES_CFG_H

#include "util.h"

#include <llvm-c/Core.h>
#include <stdbool.h>

struct ferry_cfg;

struct ferry_cfg *ferry_cfg_compute(LLVMValueRef fn);
void ferry_cfg_free(struct ferry_cfg *cfg);

/* Distinct predecessors of `block`, in function order; empty for the entry. */
const struct ferry_vec *ferry_cfg_predecessors(const struct ferry_cfg *cfg,
                                               LLVMBasicBlockRef block);

/* A set of pointers: inserts `item`; returns whether it was new. */
bool ferry_set_insert(struct ferry_map *set, const void *item);

#endif
