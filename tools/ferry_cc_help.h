/* ferry-cc --help and --version. */
#ifndef FERRY_TOOLS_FERRY_CC_HELP_H
#define FERRY_TOOLS_FERRY_CC_HELP_H

#include "install_layout.h"

/* Prints ferry-cc's usage, ferry's options as the plugin itself declares
 * them (asked of clang with the plugin loaded, so the list cannot drift
 * from passes/support/options.cpp) and the kernel annotations. */
void print_help(const struct install_layout *layout, const char *clang);
/* Prints ferry's version and commit and where its files are; the caller
 * then runs clang --version. */
void print_version(const struct install_layout *layout, const char *clang);

#endif
