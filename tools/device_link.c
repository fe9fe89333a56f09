/* Separate compilation: nvcc's -dlink step, and the device link of a final
 * link whose objects hold relocatable device code.
 *
 * clang 22 compiles -fgpu-rdc (nvcc's -rdc=true, -dc) for its offload
 * driver: each object carries its device object in a .llvm.offloading
 * section and one entry per kernel or device variable in the
 * llvm_offload_entries section. clang-linker-wrapper (what clang
 * --offload-link runs) links the device objects (clang-nvlink-wrapper,
 * nvlink), packs them with fatbinary, and compiles a wrapper object that
 * registers that fatbinary (.nv_fatbin) and every entry between
 * __start_llvm_offload_entries and __stop_llvm_offload_entries, then runs
 * the host linker with the wrapper object added.
 *
 * nvcc's -dlink writes that wrapper object alone, for a host link that
 * names it beside the objects (g++ a.o b.o dlink.o, or CMake's device
 * link step): ferry-cc runs clang-linker-wrapper with ferry-cc itself as
 * the "host linker", in a mode (take_wrapper_object) that keeps the
 * wrapper object as -dlink's output and links nothing. The entries'
 * section bounds are resolved by the final link, as clang's own are.
 *
 * Objects compiled without -rdc carry device code that is already linked:
 * for them nvcc's step has nothing to do, and ferry-cc writes an empty
 * object in its place, so that the build's next line (which names that
 * object) works unchanged. */
#define _GNU_SOURCE /* memmem */
#include "device_link.h"
#include "argument_list.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The section that holds an -rdc object's device object. */
static const char relocatable_marker[] = ".llvm.offloading";
/* A local symbol of the wrapper object clang-linker-wrapper compiles: an
 * input holding it has its device code linked and registered already. */
static const char registration_marker[] = ".cuda.fatbin_reg";

/* The environment variable that puts ferry-cc in take_wrapper_object's
 * mode: it names -dlink's output. */
static const char wrapper_output_variable[] = "FERRY_CC_DEVICE_LINK_OUTPUT";

static bool ends_with(const char *text, const char *suffix) {
  size_t length = strlen(text), suffix_length = strlen(suffix);
  return length >= suffix_length && strcmp(text + length - suffix_length, suffix) == 0;
}

/* Whether the bytes of the file at path contain marker. */
static bool file_contains(const char *path, const char *marker, bool *readable) {
  FILE *file = fopen(path, "rb");
  *readable = file != NULL;
  if (!file)
    return false;
  char buffer[1 << 16];
  size_t carried = 0, got, marker_length = strlen(marker);
  bool found = false;
  while (!found && (got = fread(buffer + carried, 1, sizeof buffer - carried, file)) > 0) {
    size_t size = carried + got;
    found = memmem(buffer, size, marker, marker_length) != NULL;
    /* Keep the tail, so that a marker across two reads is seen. */
    carried = size < 32 ? size : 32;
    memmove(buffer, buffer + size - carried, carried);
  }
  fclose(file);
  return found;
}

static bool is_linked_input(const char *argument) {
  return argument[0] != '-' && (ends_with(argument, ".o") || ends_with(argument, ".a"));
}

bool needs_device_link(const struct command_line *line) {
  bool relocatable = false, registered = false;
  for (size_t i = 0; i < line->clang_arguments.count; i++) {
    const char *argument = line->clang_arguments.items[i];
    if (!is_linked_input(argument) || argument == line->output)
      continue;
    bool readable;
    relocatable |= file_contains(argument, relocatable_marker, &readable);
    registered |= file_contains(argument, registration_marker, &readable);
  }
  return relocatable && !registered;
}

static char *sibling_of(const char *program, const char *name) {
  const char *slash = strrchr(program, '/');
  size_t directory = slash ? (size_t)(slash - program + 1) : 0;
  char *path = malloc(directory + strlen(name) + 1);
  if (!path) {
    perror("ferry-cc");
    exit(1);
  }
  memcpy(path, program, directory);
  strcpy(path + directory, name);
  return path;
}

int device_link(const struct command_line *line, const char *clang, const char *self) {
  const char *output = line->output ? line->output : "a_dlink.o";
  struct argument_list wrapper = {0};
  int objects = 0, relocatable = 0;
  for (size_t i = 0; i < line->clang_arguments.count; i++) {
    const char *argument = line->clang_arguments.items[i];
    if (!is_linked_input(argument) || argument == line->output)
      continue;
    bool readable;
    if (file_contains(argument, relocatable_marker, &readable)) {
      relocatable++;
    } else if (!readable) {
      fprintf(stderr, "ferry-cc: error: -dlink: cannot read %s: %s\n", argument, strerror(errno));
      return 1;
    }
    argument_add(&wrapper, argument);
    objects++;
  }
  if (!relocatable) {
    fprintf(stderr, "ferry-cc: note: -dlink: %d object%s without relocatable device code, nothing to link; "
            "writing an empty object %s\n", objects, objects == 1 ? "" : "s", output);
    execl(clang, clang, "-x", "c", "-c", "/dev/null", "-o", output, (char *)NULL);
    fprintf(stderr, "ferry-cc: cannot run %s: %s\n", clang, strerror(errno));
    return 127;
  }

  struct argument_list args = {0};
  const char *linker_wrapper = sibling_of(clang, "clang-linker-wrapper");
  argument_add(&args, linker_wrapper);
  argument_add(&args, "--host-triple=" FERRY_HOST_TRIPLE);
  argument_format(&args, "--cuda-path=%s", line->cuda_path);
  argument_format(&args, "--linker-path=%s", self);
  argument_add(&args, "--");
  for (size_t i = 0; i < wrapper.count; i++)
    argument_add(&args, wrapper.items[i]);
  argument_add(&args, "-o");
  argument_add(&args, output);
  if (setenv(wrapper_output_variable, output, 1) != 0) {
    perror("ferry-cc");
    return 1;
  }
  execv(linker_wrapper, (char *const *)args.items);
  fprintf(stderr, "ferry-cc: cannot run %s: %s\n", linker_wrapper, strerror(errno));
  return 127;
}

/* clang-linker-wrapper runs its host linker with the link's own arguments
 * and the wrapper object it compiled last: that object becomes -dlink's
 * output. */
static int copy_file(const char *from, const char *to) {
  FILE *in = fopen(from, "rb");
  if (!in) {
    fprintf(stderr, "ferry-cc: error: -dlink: cannot read the wrapper object %s: %s\n", from, strerror(errno));
    return 1;
  }
  FILE *out = fopen(to, "wb");
  if (!out) {
    fprintf(stderr, "ferry-cc: error: -dlink: cannot write %s: %s\n", to, strerror(errno));
    fclose(in);
    return 1;
  }
  char buffer[1 << 16];
  size_t got;
  bool written = true;
  while ((got = fread(buffer, 1, sizeof buffer, in)) > 0)
    written &= fwrite(buffer, 1, got, out) == got;
  fclose(in);
  if (fclose(out) != 0 || !written) {
    fprintf(stderr, "ferry-cc: error: -dlink: cannot write %s\n", to);
    return 1;
  }
  return 0;
}

bool take_wrapper_object(int argc, char **argv, int *status) {
  const char *output = getenv(wrapper_output_variable);
  if (!output || !*output)
    return false;
  const char *wrapper = argc > 1 ? argv[argc - 1] : "";
  if (!strstr(wrapper, ".image.wrapper")) {
    fprintf(stderr, "ferry-cc: error: -dlink: clang-linker-wrapper's last argument is not its wrapper object: %s\n",
            wrapper);
    *status = 1;
    return true;
  }
  *status = copy_file(wrapper, output);
  return true;
}
