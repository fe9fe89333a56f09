/* The macros nvcc defines for every input and clang does not: the CUDA
 * compiler's version (the toolkit's), __NVCC__ and the rest of ferry's
 * nvcc_compat.h, force-included. */
#ifndef FERRY_TOOLS_NVCC_MACROS_H
#define FERRY_TOOLS_NVCC_MACROS_H

#include "argument_list.h"
#include "nvcc_flags.h"

/* Appends the -D options and -include of ferry/nvcc_compat.h for a line
 * that compiles C, C++ or CUDA. */
void add_nvcc_macros(struct argument_list *args, const struct command_line *line);

#endif
