/* The options of an nvcc line that mean nothing to the step it runs. */
#include "unused_arguments.h"

#include <string.h>

static bool has_prefix(const char *text, const char *prefix) {
  return strncmp(text, prefix, strlen(prefix)) == 0;
}

static bool is_linker_argument(const char *argument) {
  return (has_prefix(argument, "-l") && argument[2]) || (has_prefix(argument, "-L") && argument[2]) ||
         has_prefix(argument, "-Wl,");
}

/* nvcc takes options that mean nothing to a line silently: the device
 * options on a line with no device code (a link, a C or C++ compile), the
 * linker's on a compile. clang warns that each is unused; they are left
 * out instead. */
void drop_unused_arguments(struct command_line *line) {
  struct argument_list *list = &line->clang_arguments;
  size_t kept = 0;
  for (size_t i = 0; i < list->count; i++) {
    const char *argument = list->items[i];
    bool pair = i + 1 < list->count;
    if (!line->device_code && pair &&
        (strcmp(argument, "-Xarch_device") == 0 || strcmp(argument, "-Xcuda-ptxas") == 0)) {
      i++;
      continue;
    }
    if (line->compile_only && pair && strcmp(argument, "-Xlinker") == 0) {
      i++;
      continue;
    }
    if (line->compile_only && is_linker_argument(argument))
      continue;
    list->items[kept++] = argument;
  }
  list->count = kept;
  if (list->items)
    list->items[kept] = NULL;
}
