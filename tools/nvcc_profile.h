/* The toolkit's bin/nvcc.profile: the include and library directories nvcc
 * adds to every command, read rather than assumed. */
#ifndef FERRY_TOOLS_NVCC_PROFILE_H
#define FERRY_TOOLS_NVCC_PROFILE_H

#include "argument_list.h"

#include <stdbool.h>

struct nvcc_profile {
  struct argument_list includes;  /* INCLUDES then SYSTEM_INCLUDES: -I..., -isystem DIR */
  struct argument_list libraries; /* LIBRARIES: -L... */
  struct argument_list assignments; /* every NAME=VALUE the file assigns, expanded, in its order */
  const char *path;               /* the file read; NULL when there is none */
};

/* Reads CUDA/bin/nvcc.profile. Without one (a toolkit laid out otherwise),
 * falls back to what nvcc's own profile says for this layout:
 * -I CUDA/include, -isystem CUDA/include/cccl where it exists, and
 * -L CUDA/lib64. */
void read_nvcc_profile(const char *cuda_path, struct nvcc_profile *profile);

#endif
