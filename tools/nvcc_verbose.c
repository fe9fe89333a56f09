/* CMake reads nvcc -v's output (CMakeDetermineCUDACompiler.cmake): TOP and
 * NVVMIR_LIBRARY_DIR for the toolkit's root, LIBRARIES and the host link
 * line that contains its value verbatim for the host linker and its
 * implicit libraries, INCLUDES for the toolkit's include directories, and
 * "-arch compute_XX" for the default architectures. The lines below give
 * each of these, true of what ferry-cc runs. */
#include "nvcc_verbose.h"

#include <stdio.h>
#include <string.h>

static bool has_prefix(const char *text, const char *prefix) {
  return strncmp(text, prefix, strlen(prefix)) == 0;
}

static bool is_word_list_variable(const char *assignment) {
  return has_prefix(assignment, "INCLUDES=") || has_prefix(assignment, "SYSTEM_INCLUDES=") ||
         has_prefix(assignment, "LIBRARIES=");
}

/* The words of list, from first, that are (or are not) -I options,
 * space-separated. */
static void print_words(const struct argument_list *list, bool include_options) {
  bool first = true;
  for (size_t i = 0; i < list->count; i++) {
    bool include_option = has_prefix(list->items[i], "-I");
    if (include_option != include_options)
      continue;
    printf("%s%s", first ? "" : " ", list->items[i]);
    first = false;
  }
  putchar('\n');
}

void print_nvcc_environment(const struct nvcc_profile *profile, const struct argument_list *args) {
  for (size_t i = 0; i < profile->assignments.count; i++)
    if (!is_word_list_variable(profile->assignments.items[i]))
      printf("#$ %s\n", profile->assignments.items[i]);
  printf("#$ INCLUDES=");
  print_words(&profile->includes, true);
  printf("#$ SYSTEM_INCLUDES=");
  print_words(&profile->includes, false);
  printf("#$ LIBRARIES=");
  print_words(&profile->libraries, false);
  for (size_t i = 0; i < args->count; i++)
    if (has_prefix(args->items[i], "--cuda-gpu-arch=sm_")) {
      const char *number = args->items[i] + strlen("--cuda-gpu-arch=sm_");
      printf("#$ GPU_ARCHITECTURE=-arch compute_%s -code sm_%s\n", number, number);
    }
  fflush(stdout);
}

void print_nvcc_command(const struct argument_list *args) {
  size_t first = 0;
  printf("#$ ");
  if (args->count > 1 && strcmp(args->items[1], "--driver-mode=g++") == 0) {
    printf("%s++", args->items[0]);
    first = 2;
  }
  for (size_t i = first; i < args->count; i++)
    printf("%s%s", i == 0 ? "" : " ", args->items[i]);
  putchar('\n');
  fflush(stdout);
}
