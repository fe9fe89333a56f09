/* Where the halves of a CUDA compile write their optimization records.
 *
 * clang 22 names a record after the -o file of a -c or -S compile and
 * otherwise after the input, adding -cuda-nvptx64-nvidia-cuda-sm_XX for a
 * device half only in the second case: `-c k.cu -o k.o
 * -fsave-optimization-record` has the host and every device half write
 * k.opt.yaml, the host last, so the device records (ferry's copies) are
 * lost. */
#include "record_files.h"

#include <stdbool.h>
#include <string.h>

size_t compile_architectures(const struct argument_list *args, const char **names, size_t capacity) {
  size_t count = 0;
  for (size_t i = 0; i < args->count && count < capacity; i++) {
    const char *value = NULL;
    if (strncmp(args->items[i], "--cuda-gpu-arch=", 16) == 0)
      value = args->items[i] + 16;
    else if (strncmp(args->items[i], "--offload-arch=", 15) == 0)
      value = args->items[i] + 15;
    if (!value || strchr(value, ',') || strcmp(value, "native") == 0)
      continue;
    bool seen = false;
    for (size_t k = 0; k < count; k++)
      seen |= strcmp(names[k], value) == 0;
    if (!seen)
      names[count++] = value;
  }
  return count;
}

void separate_device_records(struct argument_list *args, const struct command_line *line) {
  if (!line->cuda_source || !line->compile_only || !line->output || strcmp(line->output, "-") == 0)
    return;
  const char *format = NULL;
  bool device_only = false, host_only = false;
  for (size_t i = 0; i < args->count; i++) {
    const char *item = args->items[i];
    if (i > 0 && strcmp(args->items[i - 1], "-Xarch_host") == 0)
      continue; /* the host half's alone (-Xcompiler): it writes one file */
    if (strcmp(item, "-fsave-optimization-record") == 0)
      format = "yaml";
    else if (strncmp(item, "-fsave-optimization-record=", 27) == 0)
      format = item + 27;
    else if (strcmp(item, "-fno-save-optimization-record") == 0)
      format = NULL;
    else if (strncmp(item, "-foptimization-record-file=", 27) == 0)
      return; /* the user's own name, for every half */
    device_only |= argument_device_only(item);
    host_only |= argument_host_only(item);
  }
  const char *names[32];
  size_t count = compile_architectures(args, names, 32);
  /* One writer: the host half alone, or one device half alone. */
  if (!format || host_only || count == 0 || (device_only && count == 1))
    return;
  const char *output = line->output;
  const char *base = strrchr(output, '/');
  const char *dot = strrchr(base ? base + 1 : output, '.');
  int stem = dot ? (int)(dot - output) : (int)strlen(output);
  for (size_t a = 0; a < count; a++) {
    argument_format(args, "-Xarch_%s", names[a]);
    argument_format(args, "-foptimization-record-file=%.*s-cuda-nvptx64-nvidia-cuda-%s.opt.%s", stem, output,
                    names[a], format);
  }
}
