/* Address-space inference: which PTX state space a pointer refers to.
 * NVPTX address spaces are 0 generic, 1 global, 3 shared, 4 constant,
 * 5 local. A generic pointer's space is found by following it back through
 * addrspacecast chains, GEPs, bitcasts, phis and selects (instructions and
 * constant expressions) to where it came from. A pointer parameter of a
 * kernel points to global memory: the host can pass nothing else. */
#ifndef FERRY_PASSES_ADDRESS_SPACE_H
#define FERRY_PASSES_ADDRESS_SPACE_H

#include <llvm-c/Core.h>

enum ferry_space {
  FERRY_SPACE_UNKNOWN,
  FERRY_SPACE_GLOBAL,
  FERRY_SPACE_SHARED,
  FERRY_SPACE_CONSTANT,
  FERRY_SPACE_LOCAL,
  FERRY_SPACE_PARAM,
};

enum { FERRY_ADDRSPACE_GENERIC = 0, FERRY_ADDRSPACE_GLOBAL = 1,
       FERRY_ADDRSPACE_SHARED = 3, FERRY_ADDRSPACE_CONSTANT = 4,
       FERRY_ADDRSPACE_LOCAL = 5 };

enum ferry_space ferry_infer_space(LLVMValueRef pointer);
const char *ferry_space_name(enum ferry_space space);

/* Strips GEPs, bitcasts and addrspacecasts, instructions and constant
 * expressions alike, down to the value the pointer is derived from. */
LLVMValueRef ferry_strip_pointer(LLVMValueRef pointer);

#endif
