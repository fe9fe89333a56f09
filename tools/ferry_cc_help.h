/* ferry-cc --help and --version. */
#ifndef FERRY_TOOLS_FERRY_CC_HELP_H
#define FERRY_TOOLS_FERRY_CC_HELP_H

#include "install_layout.h"

/* Prints ferry-cc's usage, ferry's options as the plugin itself declares
 * them (asked of clang with the plugin loaded, so the list cannot drift
 * from passes/support/options.cpp) and the kernel annotations. */
void print_help(const struct install_layout *layout, const char *clang);
/* Prints ferry's version and commit, where its files are, and what the
 * clang it drives and the toolkit's nvcc say of their versions (nvcc's
 * words name the CUDA compiler version a build tool reads: CMake's CUDA
 * support takes ferry-cc as the nvcc-compatible driver it is by them).
 * Returns ferry-cc's exit status. */
int print_version(const struct install_layout *layout, const char *clang, const char *cuda_path);

#endif
