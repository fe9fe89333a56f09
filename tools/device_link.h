/* nvcc -dlink: the device-link step of a separate-compilation build. */
#ifndef FERRY_TOOLS_DEVICE_LINK_H
#define FERRY_TOOLS_DEVICE_LINK_H

#include "nvcc_flags.h"

/* Runs the step; returns ferry-cc's exit status. */
int device_link(const struct command_line *line, const char *clang);

#endif
