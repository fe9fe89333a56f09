/* ferry-cc: clang 22 with ferry. Runs clang with the plugin, the CUDA
 * toolkit path, ferry's headers and (once built) the device runtime, then
 * the user's own arguments, so that any clang CUDA command line works:
 *
 *   ferry-cc --cuda-gpu-arch=sm_90a -O3 -S --cuda-device-only k.cu
 *
 * FERRY_CLANG in the environment names another clang; FERRY_CC_VERBOSE=1
 * prints the command before running it. */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static bool has_prefix(const char *s, const char *prefix) {
  return strncmp(s, prefix, strlen(prefix)) == 0;
}

static bool file_exists(const char *path) { return access(path, R_OK) == 0; }

int main(int argc, char **argv) {
  const char *clang = getenv("FERRY_CLANG");
  if (!clang || !*clang)
    clang = FERRY_CLANG;

  bool user_cuda_path = false, cuda_source = false, device_code = false;
  for (int i = 1; i < argc; i++) {
    if (has_prefix(argv[i], "--cuda-path"))
      user_cuda_path = true;
    size_t length = strlen(argv[i]);
    if (length > 3 && strcmp(argv[i] + length - 3, ".cu") == 0)
      cuda_source = true;
    /* CUDA given with -x, or a compile for the GPU itself (plain C). */
    if (!strcmp(argv[i], "-xcuda") || (!strcmp(argv[i], "-x") && i + 1 < argc && !strcmp(argv[i + 1], "cuda")) ||
        has_prefix(argv[i], "--target=nvptx") ||
        (!strcmp(argv[i], "-target") && i + 1 < argc && has_prefix(argv[i + 1], "nvptx")))
      device_code = true;
  }
  device_code = device_code || cuda_source;

  const char **args = calloc((size_t)argc + 32, sizeof *args);
  if (!args) {
    perror("ferry-cc");
    return 1;
  }
  int n = 0;
  args[n++] = clang;
  /* CUDA is C++: link as clang++ would (libstdc++), as nvcc does. */
  if (cuda_source)
    args[n++] = "--driver-mode=g++";
  args[n++] = "-fpass-plugin=" FERRY_PLUGIN;
  /* Loaded once more as a clang plugin, early enough for -mllvm -ferry-*. */
  args[n++] = "-Xclang";
  args[n++] = "-load";
  args[n++] = "-Xclang";
  args[n++] = FERRY_PLUGIN;
  if (!user_cuda_path)
    args[n++] = "--cuda-path=" FERRY_CUDA_PATH;
  /* clang 22 knows CUDA up to 12.9 and says so for every newer toolkit. */
  args[n++] = "-Wno-unknown-cuda-version";
  args[n++] = "-I" FERRY_RUNTIME_INCLUDE;
  args[n++] = "-I" FERRY_INTRINSICS_INCLUDE;
  if (device_code && file_exists(FERRY_RUNTIME_BC)) {
    /* clang has no driver flag for extra device bitcode, and -Xarch_device
     * cannot carry -Xclang ("options requiring arguments are unsupported"),
     * so the cc1 flag reaches the host half of a CUDA compile too. There it
     * links nothing: only functions a module calls are linked, host code
     * calls none, and the library carries no module flags to merge
     * (runtime/CMakeLists.txt strips them), so the host IR is byte-identical
     * (test/runtime/ferry-cc-links-runtime.cu). clang still warns there that
     * the triples differ; that warning is silenced for the host side alone. */
    args[n++] = "-Xclang";
    args[n++] = "-mlink-builtin-bitcode";
    args[n++] = "-Xclang";
    args[n++] = FERRY_RUNTIME_BC;
    args[n++] = "-Xarch_host";
    args[n++] = "-Wno-linker-warnings";
  }
  for (int i = 1; i < argc; i++)
    args[n++] = argv[i];
  args[n] = NULL;

  const char *verbose = getenv("FERRY_CC_VERBOSE");
  if (verbose && *verbose && strcmp(verbose, "0") != 0) {
    for (int i = 0; i < n; i++)
      fprintf(stderr, "%s%s", i ? " " : "", args[i]);
    fputc('\n', stderr);
  }
  execv(clang, (char *const *)args);
  fprintf(stderr, "ferry-cc: cannot run %s: %s\n", clang, strerror(errno));
  return 127;
}
