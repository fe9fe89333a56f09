/* The option list comes from `clang -fpass-plugin=ferry.so -mllvm
 * --help-hidden`, filtered to ferry's entries, rather than from a copy kept
 * here: passes/support/options.cpp is the one place options are declared. */
#include "ferry_cc_help.h"

#include "ferry_version.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static const char usage[] =
    "usage: ferry-cc [options] file...\n"
    "\n"
    "clang 22 with ferry: the plugin, the CUDA toolkit, ferry's headers and its\n"
    "device runtime are added to the command line. clang's own options and nvcc's\n"
    "everyday options are understood (README.md, \"nvcc's command line\"):\n"
    "\n"
    "  -arch=sm_XX|compute_XX, -gencode arch=...,code=..., -code=...   architectures\n"
    "  -Xcompiler a,b  -Xptxas a,b  -O N  -g  -G  -lineinfo  --use_fast_math  -std=...\n"
    "  -c  -o  -I  -D  -x cu  --expt-relaxed-constexpr  --expt-extended-lambda\n"
    "  -rdc=true|false  -dc  -ccbin (ignored)\n"
    "\n"
    "ferry-cc's own options:\n"
    "  --help            this text (clang's options: clang --help)\n"
    "  --version         ferry's version and commit, and the clang it drives\n"
    "  --report[=csv]    compile, then print ferry-report's per-kernel summary\n"
    "                    (markdown unless csv) of what ferry did and why\n"
    "\n"
    "Remarks: -Rpass=ferry (converted), -Rpass-missed=ferry (left as written, and\n"
    "why), -Rpass-analysis=ferry (why a loop was not pipelined, or a form chosen).\n"
    "\n"
    "Environment: FERRY_CLANG names another clang; FERRY_CC_VERBOSE=1 prints the\n"
    "clang command before running it.\n";

static const char annotations[] =
    "Kernel annotations (__attribute__((annotate(\"...\"))) on a __global__ function;\n"
    "each overrides the option of the same name for that kernel alone):\n"
    "  ferry:stages=N              1 turns pipelining off; 2, 4, 8, 16 stages\n"
    "  ferry:bulk=auto|always|never  sm_90 bulk copies, as -ferry-bulk\n"
    "  ferry:dynamic_shared=BYTES  the dynamic shared memory the kernel is launched\n"
    "                              with: lets a loop over an extern __shared__ tile\n"
    "                              be pipelined inside it\n";

/* Prints the lines of LLVM's option help that belong to ferry: an option
 * line starting "--ferry-" and the value lines under it. */
static bool print_ferry_options(const char *clang, const char *plugin) {
  int pipe_ends[2];
  if (pipe(pipe_ends) != 0)
    return false;
  char plugin_flag[4096];
  snprintf(plugin_flag, sizeof plugin_flag, "-fpass-plugin=%s", plugin);
  pid_t child = fork();
  if (child < 0)
    return false;
  if (child == 0) {
    dup2(pipe_ends[1], STDOUT_FILENO);
    dup2(pipe_ends[1], STDERR_FILENO);
    close(pipe_ends[0]);
    close(pipe_ends[1]);
    execl(clang, clang, plugin_flag, "-mllvm", "--help-hidden", "-c", "-x", "c", "/dev/null", "-o",
          "/dev/null", (char *)NULL);
    _exit(127);
  }
  close(pipe_ends[1]);
  FILE *help = fdopen(pipe_ends[0], "r");
  char text[4096];
  bool inside = false, found = false;
  while (help && fgets(text, sizeof text, help)) {
    const char *start = text + strspn(text, " ");
    if (strncmp(start, "--ferry-", 8) == 0)
      inside = found = true;
    else if (!(inside && start[0] == '=' && start - text > 2))
      inside = false;
    if (!inside)
      continue;
    /* LLVM pads the name to a wide column: print it as ferry-cc takes
     * it, the description under it. */
    char *dash = strstr(text, " - ");
    if (!dash)
      continue;
    char *name_end = dash;
    while (name_end > start && name_end[-1] == ' ')
      name_end--;
    const char *description = dash + 3;
    description += strspn(description, " ");
    if (strncmp(description, "ferry: ", 7) == 0)
      description += 7;
    if (start[0] == '=')
      printf("      %.*s: %s", (int)(name_end - start), start, description);
    else
      printf("  -mllvm %.*s\n      %s", (int)(name_end - start - 1), start + 1, description);
  }
  if (help)
    fclose(help);
  int status;
  waitpid(child, &status, 0);
  return found;
}

void print_help(const struct install_layout *layout, const char *clang) {
  fputs(usage, stdout);
  printf("\nferry's options:\n");
  fflush(stdout);
  if (!print_ferry_options(clang, layout->plugin))
    printf("  (could not ask %s for them; see passes/support/options.cpp)\n", clang);
  printf("\n%s", annotations);
}

void print_version(const struct install_layout *layout, const char *clang) {
  printf("ferry %s (commit %s)\n", FERRY_VERSION, FERRY_COMMIT);
  printf("plugin: %s\n", layout->plugin);
  printf("runtime: %s\n", layout->runtime_bitcode ? layout->runtime_bitcode : "(not built)");
  printf("headers: %s\n", layout->include_dir);
  printf("clang: %s, which says:\n", clang);
  fflush(stdout);
}
