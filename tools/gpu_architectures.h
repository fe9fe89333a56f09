/* The GPU architectures of a ferry-cc command line: gathered from nvcc's
 * spellings (-arch, -gencode, -code) and clang's (--cuda-gpu-arch,
 * --offload-arch), then checked against what clang 22 can compile for and
 * what the toolkit's ptxas assembles, before they become clang's
 * --cuda-gpu-arch. */
#ifndef FERRY_TOOLS_GPU_ARCHITECTURES_H
#define FERRY_TOOLS_GPU_ARCHITECTURES_H

#include "argument_list.h"

#include <stdbool.h>

#define FERRY_MAX_ARCHITECTURES 48

struct gpu_architectures {
  const char *names[FERRY_MAX_ARCHITECTURES]; /* sm_XX[a], or "native" */
  int count;
  bool all, all_major;  /* nvcc's -arch=all / -arch=all-major */
};

/* sm_80 for sm_80 and compute_80 (clang embeds the PTX of every
 * architecture it compiles for, besides its SASS); NULL for what is not an
 * architecture name. */
char *real_architecture(const char *name);

/* Adds a name once; exits with a message past FERRY_MAX_ARCHITECTURES. */
void add_architecture(struct gpu_architectures *list, const char *name);

/* Resolves the list for a compile with the toolkit at cuda_path and appends
 * --cuda-gpu-arch=... (and --cuda-feature=+ptx90 where an architecture
 * needs PTX 9.0) to out:
 *   - -arch=all / all-major expand to what both clang 22 and the
 *     toolkit's ptxas know;
 *   - an empty list gets nvcc's default, the lowest architecture the
 *     toolkit's ptxas assembles (sm_75 for CUDA 13), when device_default;
 *   - an architecture clang 22 cannot compile for, or (when the line
 *     assembles: no -S, -E, -fsyntax-only, -emit-llvm) the toolkit's ptxas
 *     cannot assemble, is skipped with
 *     a one-line note while others remain; if none remains it is an error.
 * False after printing that error. */
bool resolve_architectures(struct gpu_architectures *list, const char *cuda_path, bool device_default,
                           bool assembles, bool user_cuda_feature, struct argument_list *out);

#endif
