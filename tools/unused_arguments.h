/* nvcc takes options that mean nothing to a line silently: the device
 * options on a line with no device code, the linker's on a compile. */
#ifndef FERRY_TOOLS_UNUSED_ARGUMENTS_H
#define FERRY_TOOLS_UNUSED_ARGUMENTS_H

#include "nvcc_flags.h"

/* Removes them from line->clang_arguments (clang would warn that each is
 * unused): -Xarch_device and -Xcuda-ptxas pairs where the line compiles no
 * device code; -l, -L, -Wl, and -Xlinker pairs on a compile. */
void drop_unused_arguments(struct command_line *line);

#endif
