/* nvcc defines __CUDACC_VER_MAJOR__, _MINOR__ and _BUILD__ as its own
 * version, which is the toolkit's: ferry-cc takes them from the toolkit it
 * compiles with, first from its nvcc (`nvcc --version`: "V13.0.88"), else
 * from cuda.h's CUDA_VERSION (13000: 13.0, build 0). With neither, the
 * macros stay undefined, as under clang alone. */
#include "nvcc_macros.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct toolkit_version {
  int major, minor, build;
};

static bool version_from_nvcc(const char *cuda_path, struct toolkit_version *version) {
  char command[4096];
  snprintf(command, sizeof command, "'%s/bin/nvcc' --version 2>/dev/null", cuda_path);
  if (strchr(cuda_path, '\''))
    return false;
  FILE *pipe = popen(command, "r");
  if (!pipe)
    return false;
  char text[512];
  bool found = false;
  while (!found && fgets(text, sizeof text, pipe)) {
    const char *mark = strstr(text, ", V");
    found = mark && sscanf(mark + 3, "%d.%d.%d", &version->major, &version->minor, &version->build) == 3;
  }
  pclose(pipe);
  return found;
}

static bool version_from_header(const char *cuda_path, struct toolkit_version *version) {
  char path[4096];
  snprintf(path, sizeof path, "%s/include/cuda.h", cuda_path);
  FILE *file = fopen(path, "r");
  if (!file)
    return false;
  char text[512];
  int number = 0;
  while (!number && fgets(text, sizeof text, file))
    if (sscanf(text, " #define CUDA_VERSION %d", &number) != 1)
      number = 0;
  fclose(file);
  if (number <= 0)
    return false;
  version->major = number / 1000;
  version->minor = number % 1000 / 10;
  version->build = 0;
  return true;
}

void add_nvcc_macros(struct argument_list *args, const struct command_line *line) {
  struct toolkit_version version;
  if (version_from_nvcc(line->cuda_path, &version) || version_from_header(line->cuda_path, &version)) {
    argument_format(args, "-D__CUDACC_VER_MAJOR__=%d", version.major);
    argument_format(args, "-D__CUDACC_VER_MINOR__=%d", version.minor);
    argument_format(args, "-D__CUDACC_VER_BUILD__=%d", version.build);
  }
  if (line->relocatable_device_code)
    argument_add(args, "-D__CUDACC_RDC__=1");
  /* The header's __managed__ needs ferry's plugin, which ferry-cc loads. */
  argument_add(args, "-DFERRY_PASS_PLUGIN=1");
  argument_add(args, "-include");
  argument_add(args, "ferry/nvcc_compat.h");
}
