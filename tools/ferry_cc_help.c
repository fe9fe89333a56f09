/* The option list comes from `clang -fpass-plugin=ferry.so -mllvm
 * --help-hidden`, filtered to ferry's entries, rather than from a copy kept
 * here: passes/support/options.cpp is the one place options are declared. */
#include "ferry_cc_help.h"

#include "ferry_version.h"
#include "nvcc_option_tables.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static const char usage[] =
    "usage: ferry-cc [options] file...\n"
    "\n"
    "clang 22 with ferry: the plugin, the CUDA toolkit, ferry's headers and its\n"
    "device runtime are added to the command line. clang's own options pass\n"
    "through unchanged; nvcc's are translated (README.md, \"nvcc's command line\").\n"
    "\n"
    "nvcc options mapped to clang's:\n"
    "  -arch=sm_XX|compute_XX|native|all|all-major, -gencode arch=...,code=...,\n"
    "  -code=...         the architectures, one --cuda-gpu-arch=sm_XX each\n"
    "  -Xcompiler a,b    the host half alone (-Xarch_host a -Xarch_host b): nvcc's\n"
    "                    device compile never sees them either (-Xcompiler -fopenmp:\n"
    "                    the host's OpenMP, with clang 22's libomp)\n"
    "  -Xptxas a,b  -maxrregcount=N  --resource-usage    ptxas's options\n"
    "  -O N  -g  -G  -lineinfo  --use_fast_math  --ftz  --fmad  -prec-div -prec-sqrt\n"
    "  -std=...  -c  -o  -I  -D  -x cu  -rdc=true|false  -dc  -m64  -ptx  -dryrun\n"
    "  --keep  --default-stream  -cudart=static|shared|none  --linker-options\n"
    "  -Werror K,...     K: all-warnings, deprecated-declarations, reorder,\n"
    "                    cross-execution-space-call (an error in clang already)\n"
    "  --options-file F (-optf), @F    the arguments in F\n"
    "  -dc, then a link  the link links the device code (clang's --offload-link)\n"
    "  -dlink            of -rdc objects: the object that links and registers their\n"
    "                    device code (clang-linker-wrapper); of others, an empty one\n"
    "  -lgomp            -lomp: clang's OpenMP runtime (it serves gcc's calls too)\n"
    "\n";

static const char defaults[] =
    "\n"
    "As nvcc does:\n"
    "  no architecture   nvcc's default: the lowest the toolkit's ptxas assembles\n"
    "                    (sm_75 for CUDA 13); one that clang 22 or ptxas cannot\n"
    "                    build is skipped with a note while others remain\n"
    "  nvcc.profile      the toolkit's bin/nvcc.profile gives every compile its\n"
    "                    include directories (CCCL's) and a link its libraries\n"
    "  device code       optimized (-Xarch_device -O3) on an nvcc-style line,\n"
    "                    whatever -O says (the host's level), unless -G; IEEE\n"
    "                    division and sqrtf, multiply-add contraction, denormals\n"
    "                    kept; an explicit -prec-div, -prec-sqrt, --ftz or --fmad\n"
    "                    wins over what --use_fast_math implies\n"
    "  a link            the static CUDA runtime (-cudart)\n"
    "\n"
    "ferry-cc's own options:\n"
    "  --help            this text (clang's options: clang --help)\n"
    "  --version         ferry's version and commit, and the clang it drives\n"
    "  --report[=markdown|csv|json]\n"
    "                    compile, then print ferry-report's per-kernel summary of\n"
    "                    what ferry did and why (markdown by default; json: one\n"
    "                    record per decision, keys in README.md \"Per kernel\")\n"
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

/* --help's lists of the nvcc options ignored and refused, from the
 * tables the translation uses: one entry at a time, wrapped at 79 columns
 * under a two-space indent. */
struct wrapped_list {
  FILE *out;
  int column;
};

static void list_entry(struct wrapped_list *list, const char *first, const char *second, const char *third) {
  char entry[96];
  int width = snprintf(entry, sizeof entry, "%s%s%s", first, second, third);
  if (list->column && list->column + 2 + width > 79) {
    fputc('\n', list->out);
    list->column = 0;
  }
  list->column += fprintf(list->out, "  %s", entry);
}

static void list_end(struct wrapped_list *list) {
  if (list->column)
    fputc('\n', list->out);
  list->column = 0;
}

/* An option in its long spelling, and its short one where it has another
 * (ferry-cc takes either with one dash or two, as nvcc does). */
static void list_option(struct wrapped_list *list, const char *short_name, const char *long_name) {
  char spelled[96];
  if (strcmp(short_name, long_name) == 0)
    snprintf(spelled, sizeof spelled, "--%s", long_name);
  else
    snprintf(spelled, sizeof spelled, "--%s (-%s)", long_name, short_name);
  list_entry(list, spelled, "", "");
}

static void describe_nvcc_options(FILE *out) {
  struct wrapped_list list = {out, 0};
  fputs("nvcc options ignored, with a one-line note (they mean nothing to clang):\n", out);
  list_entry(&list, "-ccbin", "", "");
  for (size_t k = 0; k < nvcc_ignorable_count; k++)
    list_option(&list, nvcc_ignorable[k].short_name, nvcc_ignorable[k].long_name);
  for (size_t k = 0; k < nvcc_werror_kind_count; k++)
    if (!nvcc_werror_kinds[k].clang)
      list_entry(&list, "-Werror ", nvcc_werror_kinds[k].kind, "");
  list_end(&list);
  fputs("nvcc options refused, with a one-line reason and what to do instead:\n", out);
  for (size_t k = 0; k < nvcc_unmappable_count; k++)
    list_option(&list, nvcc_unmappable[k].short_name, nvcc_unmappable[k].long_name);
  list_entry(&list, "lto_XX codes", "", "");
  list_end(&list);
}

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
  describe_nvcc_options(stdout);
  fputs(defaults, stdout);
  printf("\nferry's options:\n");
  fflush(stdout);
  if (!print_ferry_options(clang, layout->plugin))
    printf("  (could not ask %s for them; see passes/support/options.cpp)\n", clang);
  printf("\n%s", annotations);
}

/* Runs program with one argument, its output going where ferry-cc's goes;
 * false when it could not be run or failed. */
static bool run_and_wait(const char *program, const char *argument) {
  fflush(stdout);
  pid_t child = fork();
  if (child == 0) {
    execl(program, program, argument, (char *)NULL);
    _exit(127);
  }
  int status;
  return child > 0 && waitpid(child, &status, 0) == child && WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

int print_version(const struct install_layout *layout, const char *clang, const char *cuda_path) {
  printf("ferry %s (commit %s)\n", FERRY_VERSION, FERRY_COMMIT);
  printf("plugin: %s\n", layout->plugin);
  printf("runtime: %s\n", layout->runtime_bitcode ? layout->runtime_bitcode : "(not built)");
  printf("headers: %s\n", layout->include_dir);
  printf("clang: %s, which says:\n", clang);
  if (!run_and_wait(clang, "--version")) {
    fprintf(stderr, "ferry-cc: cannot run %s\n", clang);
    return 127;
  }
  char nvcc[4096];
  snprintf(nvcc, sizeof nvcc, "%s/bin/nvcc", cuda_path);
  printf("CUDA toolkit: %s, whose nvcc says:\n", cuda_path);
  if (access(nvcc, X_OK) != 0 || !run_and_wait(nvcc, "--version"))
    printf("(no nvcc there)\n");
  return 0;
}
