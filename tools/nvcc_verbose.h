/* ferry-cc -v: what nvcc -v prints before its steps, so that a tool that
 * reads nvcc's verbose output (CMake's CUDA compiler identification) reads
 * ferry-cc's: the toolkit environment from nvcc.profile, one "#$ " line a
 * variable, the architectures compiled, and the command run. */
#ifndef FERRY_TOOLS_NVCC_VERBOSE_H
#define FERRY_TOOLS_NVCC_VERBOSE_H

#include "argument_list.h"
#include "nvcc_flags.h"
#include "nvcc_profile.h"

/* "#$ NAME=VALUE" for each nvcc.profile variable (INCLUDES,
 * SYSTEM_INCLUDES and LIBRARIES as the words ferry-cc adds), then one
 * "#$ GPU_ARCHITECTURE=-arch compute_XX -code sm_XX" per architecture on
 * the command line (nvcc's spelling: CMake finds its default architecture
 * there). */
void print_nvcc_environment(const struct nvcc_profile *profile, const struct argument_list *args);

/* "#$ " and the command, clang in its g++ mode named as clang++ (the same
 * program): a host link run as that line runs links as ferry-cc does. */
void print_nvcc_command(const struct argument_list *args);

#endif
