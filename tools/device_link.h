/* Separate compilation: nvcc's -dlink step, and the device link of a final
 * link whose objects hold relocatable device code. */
#ifndef FERRY_TOOLS_DEVICE_LINK_H
#define FERRY_TOOLS_DEVICE_LINK_H

#include "nvcc_flags.h"

#include <stdbool.h>

/* Runs nvcc's -dlink step; self is ferry-cc's own path. Returns ferry-cc's
 * exit status. */
int device_link(const struct command_line *line, const char *clang, const char *self);

/* Whether a link line needs clang's device link (--offload-link): some
 * input holds relocatable device code and none holds a -dlink step's
 * registration of it already. */
bool needs_device_link(const struct command_line *line);

/* ferry-cc as the host linker that -dlink gives clang-linker-wrapper:
 * true (with *status set) when this process is that, having kept the
 * wrapper object as -dlink's output. */
bool take_wrapper_object(int argc, char **argv, int *status);

#endif
