/* nvcc -dlink links the relocatable device code of objects compiled with
 * -rdc=true / -dc into one more host object, which the host linker then
 * takes with the others. Objects compiled without -rdc carry device code
 * that is already linked: nvcc's step has nothing to do for them, and
 * ferry-cc writes an empty object in its place, so that the build's next
 * line (which names that object) works unchanged.
 *
 * clang compiles -rdc objects for its offload driver (a .llvm.offloading
 * section; __nv_relfatbin from its older driver), and links their device
 * code only at the final link, clang --offload-link, within the same step
 * as the host link. No separate object can stand for that, so a -dlink of
 * such objects is refused and says what to do instead. */
#define _GNU_SOURCE /* memmem */
#include "device_link.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static bool ends_with(const char *text, const char *suffix) {
  size_t length = strlen(text), suffix_length = strlen(suffix);
  return length >= suffix_length && strcmp(text + length - suffix_length, suffix) == 0;
}

/* Whether the file holds relocatable device code: the name of the section
 * clang gives it appears in the file's section names. */
static bool holds_relocatable_device_code(const char *path, bool *readable) {
  FILE *file = fopen(path, "rb");
  *readable = file != NULL;
  if (!file)
    return false;
  static const char *const markers[] = {".llvm.offloading", "__nv_relfatbin"};
  char buffer[1 << 16];
  size_t carried = 0, got;
  bool found = false;
  while (!found && (got = fread(buffer + carried, 1, sizeof buffer - carried, file)) > 0) {
    size_t size = carried + got;
    for (size_t m = 0; !found && m < 2; m++)
      found = memmem(buffer, size, markers[m], strlen(markers[m])) != NULL;
    /* Keep the tail, so that a marker across two reads is seen. */
    carried = size < 32 ? size : 32;
    memmove(buffer, buffer + size - carried, carried);
  }
  fclose(file);
  return found;
}

int device_link(const struct command_line *line, const char *clang) {
  const char *output = line->output ? line->output : "a_dlink.o";
  int objects = 0;
  for (size_t i = 0; i < line->clang_arguments.count; i++) {
    const char *argument = line->clang_arguments.items[i];
    if (argument[0] == '-' || !(ends_with(argument, ".o") || ends_with(argument, ".a")) ||
        argument == line->output)
      continue;
    bool readable;
    if (holds_relocatable_device_code(argument, &readable)) {
      fprintf(stderr,
              "ferry-cc: error: cannot map nvcc's -dlink of %s: it holds relocatable device code (-rdc/-dc), "
              "which clang links only within the final link; link the program with ferry-cc (or clang "
              "--offload-link) and leave out the -dlink step\n",
              argument);
      return 1;
    }
    if (!readable) {
      fprintf(stderr, "ferry-cc: error: -dlink: cannot read %s: %s\n", argument, strerror(errno));
      return 1;
    }
    objects++;
  }
  fprintf(stderr, "ferry-cc: note: -dlink: %d object%s without relocatable device code, nothing to link; writing an "
          "empty object %s\n", objects, objects == 1 ? "" : "s", output);
  execl(clang, clang, "-x", "c", "-c", "/dev/null", "-o", output, (char *)NULL);
  fprintf(stderr, "ferry-cc: cannot run %s: %s\n", clang, strerror(errno));
  return 127;
}
