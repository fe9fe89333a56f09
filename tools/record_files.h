/* Where the halves of a CUDA compile write their optimization records. */
#ifndef FERRY_TOOLS_RECORD_FILES_H
#define FERRY_TOOLS_RECORD_FILES_H

#include "argument_list.h"
#include "nvcc_flags.h"

#include <stddef.h>

/* The GPU architectures of the compile, as clang names them, from the
 * final arguments (nvcc's already translated), at most capacity of them,
 * each once; "native" and comma lists, which cannot name an -Xarch_, are
 * left out. */
size_t compile_architectures(const struct argument_list *args, const char **names, size_t capacity);

/* Where the user asks for records (-fsave-optimization-record) of a CUDA
 * compile to an -o file (-c, -S), clang names every half's record after
 * that file, and the host half, written last, replaces the device
 * halves'. This gives each GPU architecture's half the name clang gives
 * it without -o: O-cuda-nvptx64-nvidia-cuda-sm_XX.opt.yaml beside O.opt.yaml
 * (O: the -o file less its extension). Nothing changes where the user names
 * the file (-foptimization-record-file) or only one half writes one. */
void separate_device_records(struct argument_list *args, const struct command_line *line);

#endif
