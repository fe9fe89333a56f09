/* ferry-cc's command line: nvcc's everyday options translated to clang's,
 * clang's own options passed through unchanged. The table of what maps to
 * what is in README.md ("nvcc's command line"). */
#ifndef FERRY_TOOLS_NVCC_FLAGS_H
#define FERRY_TOOLS_NVCC_FLAGS_H

#include "argument_list.h"
#include "gpu_architectures.h"

#include <stdbool.h>

struct command_line {
  struct argument_list clang_arguments; /* what follows ferry's own flags */
  bool nvcc_style;        /* an option only nvcc spells was given */
  bool cuda_source;       /* a .cu input, or -x cu / -x cuda */
  bool device_code;       /* CUDA, or a compile for nvptx64 itself */
  bool user_cuda_path;    /* --cuda-path given: do not add ferry's */
  bool help, version;     /* ferry-cc's --help / --version */
  bool verbose;           /* -v: nvcc's verbose lines too (nvcc_verbose.h) */
  const char *report;     /* --report[=FORMAT]: "markdown", "csv" or "json"; NULL if not asked */
  const char *output;     /* -o, when given */
  bool compile_only;      /* -c, -S, -E, -fsyntax-only, -M: no link step */
  bool sources;           /* a source file among the inputs (.cu, .c, .cpp, ...) */
  bool c_family_source;   /* a C, C++ or CUDA source: one the preprocessor reads */
  bool objects;           /* an object or archive among the inputs */
  bool user_cudart;       /* -lcudart* given */
  const char *cudart;     /* nvcc's -cudart: "static" (its default), "shared", "none" */
  const char *cuda_path;  /* --cuda-path's value, or the toolkit ferry was built with */
  bool user_cuda_feature; /* --cuda-feature given: add no PTX version of ferry-cc's own */
  bool device_link;       /* nvcc's -dlink */
  bool relocatable_device_code; /* -rdc=true, -dc */
  struct gpu_architectures architectures;
  const char *codes;      /* nvcc's -code=..., which replaces -arch's list */
  const char *noted[32];  /* the ignored options already noted on stderr */
  int noted_count;
};

/* Translates argv[1..]; false after printing an error that names the
 * option it cannot map. */
bool translate_command_line(int argc, char **argv, struct command_line *line);

#endif
