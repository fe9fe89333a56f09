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
  /* Whether the binary embeds the architecture's PTX beside its SASS, as
   * nvcc embeds it for a compute_XX code: clang 22 embeds SASS alone
   * unless --cuda-include-ptx names the architecture, and without PTX a
   * newer GPU than every SASS has nothing it can load. */
  bool ptx[FERRY_MAX_ARCHITECTURES];
  int count;
  bool all, all_major;  /* nvcc's -arch=all / -arch=all-major */
};

/* sm_80 for sm_80 and compute_80; NULL for what is not an architecture
 * name. */
char *real_architecture(const char *name);

/* Adds a name once, its PTX embedded where `ptx` (an architecture named
 * twice embeds PTX if either names it); exits with a message past
 * FERRY_MAX_ARCHITECTURES. */
void add_architecture_code(struct gpu_architectures *list, const char *name, bool ptx);

/* The same, SASS alone (clang's spellings and what nvcc names sm_XX). */
void add_architecture(struct gpu_architectures *list, const char *name);

/* Resolves the list for a compile with the toolkit at cuda_path and appends
 * --cuda-gpu-arch=... (and, where the line makes a fatbinary,
 * --cuda-include-ptx=... for those whose PTX is embedded;
 * --cuda-feature=+ptx90 where an architecture needs PTX 9.0) to out:
 *   - -arch=all / all-major expand to what both clang 22 and the
 *     toolkit's ptxas know;
 *   - an empty list gets nvcc's default, the lowest architecture the
 *     toolkit's ptxas assembles (sm_75 for CUDA 13), SASS and PTX (nvcc's
 *     -arch=sm_75), when device_default;
 *   - -arch=all / all-major embed the PTX of the newest kept, as nvcc's do;
 *   - an architecture clang 22 cannot compile for, or (when the line
 *     assembles: no -S, -E, -fsyntax-only, -emit-llvm) the toolkit's ptxas
 *     cannot assemble, is skipped with
 *     a one-line note while others remain; if none remains it is an error.
 * False after printing that error. */
bool resolve_architectures(struct gpu_architectures *list, const char *cuda_path, bool device_default,
                           bool assembles, bool fatbinary, bool user_cuda_feature, struct argument_list *out);

#endif
