/* nvcc's floating-point options (--use_fast_math, --ftz, --prec-div,
 * --prec-sqrt, --fmad) as clang's device options, and cicc's rule for
 * contracting multiplies and adds into fma. */
#ifndef FERRY_TOOLS_NVCC_FLOATING_POINT_H
#define FERRY_TOOLS_NVCC_FLOATING_POINT_H

#include "argument_list.h"

#include <stdbool.h>

/* What a command line said; -1 where it said nothing (that option's
 * default then holds: nvcc's, or what --use_fast_math implies). */
struct floating_point_options {
  bool fast_math;       /* --use_fast_math */
  int precise_division; /* -prec-div=true (1), false (0) */
  int precise_sqrt;     /* -prec-sqrt */
  int flush_to_zero;    /* --ftz */
  int contract;         /* --fmad */
  bool device_debug;    /* -G: cicc runs at -O0 and contracts nothing */
};

/* Appends the clang options for a line that compiles device code, after
 * every option of the line has been read: nvcc lets an explicit option
 * override what --use_fast_math implies, whichever comes first. nvcc_style:
 * the line is nvcc's (nvcc's defaults apply where clang's differ). */
void floating_point_arguments(const struct floating_point_options *options, bool nvcc_style,
                              struct argument_list *out);

#endif
