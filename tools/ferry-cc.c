/* ferry-cc: clang 22 with ferry. Runs clang with the plugin, the CUDA
 * toolkit path, ferry's headers and the device runtime, then the user's own
 * arguments, nvcc's spellings translated (nvcc_flags.c), so that a clang
 * CUDA command line and an everyday nvcc one both work:
 *
 *   ferry-cc --cuda-gpu-arch=sm_90a -O3 -S --cuda-device-only k.cu
 *   ferry-cc -arch=sm_90a -O3 -c k.cu -o k.o
 *
 * ferry's files are found relative to ferry-cc itself (install_layout.c):
 * the same binary works from the build tree and from an installed prefix.
 * FERRY_CLANG in the environment names another clang; FERRY_CC_VERBOSE=1
 * prints the command before running it. */
#include "argument_list.h"
#include "ferry_cc_help.h"
#include "install_layout.h"
#include "device_link.h"
#include "nvcc_flags.h"
#include "nvcc_macros.h"
#include "nvcc_profile.h"
#include "nvcc_verbose.h"
#include "record_files.h"
#include "report_step.h"
#include "response_files.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Whether argument names a clang program by its absolute path. */
static bool launched_clang(const char *argument) {
  const char *name = strrchr(argument, '/');
  return argument[0] == '/' && name && strncmp(name + 1, "clang", 5) == 0 && access(argument, X_OK) == 0;
}

int main(int argc, char **argv) {
  int status;
  if (take_wrapper_object(argc, argv, &status))
    return status;
  const char *clang = getenv("FERRY_CLANG");
  if (!clang || !*clang)
    clang = FERRY_CLANG;
  /* As a compiler launcher (CMake's CUDA_COMPILER_LAUNCHER, which
   * ferry_cuda_target() sets): the line starts with the clang to run. */
  if (argc > 1 && launched_clang(argv[1])) {
    clang = argv[1];
    argv[1] = argv[0];
    argc--;
    argv++;
  }

  struct install_layout layout;
  if (!find_install_layout(&layout))
    return 1;
  struct command_line line = {0};
  if (!expand_response_files(&argc, &argv) || !translate_command_line(argc, argv, &line))
    return 1;
  if (line.help) {
    print_help(&layout, clang);
    return 0;
  }
  if (line.version) {
    return print_version(&layout, clang, line.cuda_path);
  }

  if (line.device_link)
    return device_link(&line, clang, layout.executable);

  struct nvcc_profile profile = {0};
  read_nvcc_profile(line.cuda_path, &profile);
  struct argument_list args = {0};
  argument_add(&args, clang);
  /* CUDA is C++: link as clang++ would (libstdc++), as nvcc does, also
   * where a link step has only objects to link. */
  bool link_only = line.objects && !line.sources;
  if (line.cuda_source || line.nvcc_style || link_only)
    argument_add(&args, "--driver-mode=g++");
  /* clang loads -fpass-plugin plugins before it parses -mllvm, so this
   * alone also makes -mllvm -ferry-* options known. */
  argument_format(&args, "-fpass-plugin=%s", layout.plugin);
  /* A C++ compile has no use for it (clang warns that it is unused). */
  if (!line.user_cuda_path && !(line.sources && !line.device_code))
    argument_add(&args, "--cuda-path=" FERRY_CUDA_PATH);
  /* clang 22 knows CUDA up to 12.9 and says so for every newer toolkit. */
  argument_add(&args, "-Wno-unknown-cuda-version");
  /* A tool that fails (ptxas rejecting an architecture, say) is not clang
   * crashing: no "PLEASE ATTACH THE FOLLOWING FILES" banner, no
   * reproducers in the temporary directory. A real crash still prints its
   * stack; -fcrash-diagnostics on the command line brings the rest back. */
  argument_add(&args, "-fno-crash-diagnostics");
  argument_format(&args, "-I%s", layout.include_dir);
  if (line.c_family_source)
    add_nvcc_macros(&args, &line);
  if (line.device_code && layout.runtime_bitcode) {
    /* clang has no driver flag for extra device bitcode, and -Xarch_device
     * cannot carry -Xclang ("not all driver options can be forwarded via
     * Xarch argument"), so the cc1 flag reaches the host half of a CUDA
     * compile too. There it links nothing: only functions a module calls
     * are linked, host code calls none, and the library carries no module
     * flags to merge (runtime/CMakeLists.txt strips them), so the host IR is
     * byte-identical (test/runtime/ferry-cc-links-runtime.cu). clang still
     * warns there that the triples differ; that warning is silenced for the
     * host side alone. */
    argument_add(&args, "-Xclang");
    argument_add(&args, "-mlink-builtin-bitcode");
    argument_add(&args, "-Xclang");
    argument_add(&args, layout.runtime_bitcode);
    argument_add(&args, "-Xarch_host");
    argument_add(&args, "-Wno-linker-warnings");
  }
  for (size_t i = 0; i < line.clang_arguments.count; i++)
    argument_add(&args, line.clang_arguments.items[i]);
  /* nvcc links the relocatable device code of a link's objects within the
   * link (device_link.c); clang does so with --offload-link. */
  if (!line.compile_only && needs_device_link(&line))
    argument_add(&args, "--offload-link");
  /* nvcc's profile: the toolkit's include directories (CCCL's among
   * them) for every compile, C++ as well as CUDA, after the user's own. */
  if (line.sources)
    for (size_t i = 0; i < profile.includes.count; i++)
      argument_add(&args, profile.includes.items[i]);
  /* nvcc links the CUDA runtime (static unless -cudart says otherwise);
   * clang links none. A link step of CUDA code gets it as from nvcc. */
  bool links_cuda = !line.compile_only && !line.user_cudart &&
                    (line.cuda_source || line.nvcc_style || link_only);
  const char *cudart = line.cudart ? line.cudart : "static";
  if (links_cuda && strcmp(cudart, "none") != 0) {
    for (size_t i = 0; i < profile.libraries.count; i++)
      argument_add(&args, profile.libraries.items[i]);
    if (strcmp(cudart, "shared") == 0) {
      argument_add(&args, "-lcudart");
    } else {
      argument_add(&args, "-lcudart_static");
      argument_add(&args, "-ldl");
      argument_add(&args, "-lrt");
      argument_add(&args, "-pthread");
    }
  }

  /* --report keeps its own records; the user's are the user's to name. */
  if (!line.report)
    separate_device_records(&args, &line);

  if (line.verbose) {
    print_nvcc_environment(&profile, &args);
    print_nvcc_command(&args);
  }
  const char *verbose = getenv("FERRY_CC_VERBOSE");
  if (verbose && *verbose && strcmp(verbose, "0") != 0) {
    for (size_t i = 0; i < args.count; i++)
      fprintf(stderr, "%s%s", i ? " " : "", args.items[i]);
    fputc('\n', stderr);
  }
  if (line.report)
    return compile_and_report(&args, &line, &layout);
  execv(clang, (char *const *)args.items);
  fprintf(stderr, "ferry-cc: cannot run %s: %s\n", clang, strerror(errno));
  return 127;
}
