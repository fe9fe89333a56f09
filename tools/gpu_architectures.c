/* GPU architectures: what the command line names, checked against clang 22
 * and the toolkit before clang sees them.
 *
 * Two facts decide whether an architecture can be built:
 *   - clang 22 knows it (clang_architectures below: clang 22's list; the
 *     family targets sm_XXXf and anything past sm_121a it rejects);
 *   - the toolkit's ptxas assembles it: ptxas --help lists the values its
 *     --gpu-name takes, so the toolkit says it itself (CUDA 13 dropped
 *     everything below sm_75 and renamed sm_101 to sm_110).
 * nvcc's default architecture is the lowest its toolkit supports (sm_52
 * for CUDA 12, sm_75 for CUDA 13); ferry-cc takes the same from ptxas.
 * nvcc.profile names no architecture, so it cannot be read from there. */
#include "gpu_architectures.h"
#include "checked.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static const char *const clang_architectures[] = {
    "sm_20", "sm_21", "sm_30",  "sm_32",   "sm_35",  "sm_37",   "sm_50",  "sm_52",   "sm_53",
    "sm_60", "sm_61", "sm_62",  "sm_70",   "sm_72",  "sm_75",   "sm_80",  "sm_86",   "sm_87",
    "sm_88", "sm_89", "sm_90",  "sm_90a",  "sm_100", "sm_100a", "sm_101", "sm_101a", "sm_103",
    "sm_103a", "sm_110", "sm_110a", "sm_120", "sm_120a", "sm_121", "sm_121a"};

/* clang 22 emits PTX 8.8 when it does not recognise the toolkit's version
 * (CUDA 13 included); these need PTX 9.0, which CUDA 13's ptxas reads. */
static const char *const needs_ptx90[] = {"sm_88", "sm_110", "sm_110a"};

static bool in_list(const char *name, const char *const *list, size_t count) {
  for (size_t i = 0; i < count; i++)
    if (strcmp(name, list[i]) == 0)
      return true;
  return false;
}

char *real_architecture(const char *name) {
  const char *digits = strncmp(name, "sm_", 3) == 0        ? name + 3
                       : strncmp(name, "compute_", 8) == 0 ? name + 8
                                                           : NULL;
  if (!digits || !isdigit((unsigned char)digits[0]))
    return NULL;
  const char *end = digits;
  while (isdigit((unsigned char)*end))
    end++;
  if (*end && !((*end == 'a' || *end == 'f') && end[1] == '\0'))
    return NULL;
  char *real = checked(malloc(strlen(digits) + 4));
  sprintf(real, "sm_%s", digits);
  return real;
}

void add_architecture_code(struct gpu_architectures *list, const char *name, bool ptx) {
  for (int i = 0; i < list->count; i++)
    if (strcmp(list->names[i], name) == 0) {
      list->ptx[i] |= ptx;
      return;
    }
  if (list->count == FERRY_MAX_ARCHITECTURES) {
    fprintf(stderr, "ferry-cc: error: more than %d GPU architectures\n", FERRY_MAX_ARCHITECTURES);
    exit(1);
  }
  list->ptx[list->count] = ptx;
  list->names[list->count++] = name;
}

void add_architecture(struct gpu_architectures *list, const char *name) {
  add_architecture_code(list, name, false);
}

/* The sm_ values ptxas --help lists for --gpu-name, as one string of
 * "'sm_75','sm_80',..." text; NULL when ptxas cannot be run. */
static char *ptxas_gpu_names(const char *cuda_path) {
  size_t length = strlen(cuda_path) + 16;
  char *ptxas = checked(malloc(length));
  snprintf(ptxas, length, "%s/bin/ptxas", cuda_path);
  if (access(ptxas, X_OK) != 0)
    return NULL;
  int pipe_ends[2];
  if (pipe(pipe_ends) != 0)
    return NULL;
  pid_t child = fork();
  if (child < 0)
    return NULL;
  if (child == 0) {
    dup2(pipe_ends[1], STDOUT_FILENO);
    close(pipe_ends[0]);
    close(pipe_ends[1]);
    execl(ptxas, ptxas, "--help", (char *)NULL);
    _exit(127);
  }
  close(pipe_ends[1]);
  size_t size = 0, capacity = 1 << 16;
  char *text = checked(malloc(capacity));
  for (ssize_t got; (got = read(pipe_ends[0], text + size, capacity - size - 1)) > 0;) {
    size += (size_t)got;
    if (size + 1 == capacity)
      text = checked(realloc(text, capacity *= 2));
  }
  text[size] = '\0';
  close(pipe_ends[0]);
  int status = 0;
  waitpid(child, &status, 0);
  /* The --gpu-name paragraph runs to the next option, a line that starts
   * with "--". */
  char *start = strstr(text, "--gpu-name");
  if (!start)
    return NULL;
  char *end = strstr(start + 1, "\n--");
  if (end)
    *end = '\0';
  return start;
}

static bool ptxas_assembles(const char *names, const char *architecture) {
  char quoted[32];
  snprintf(quoted, sizeof quoted, "'%s'", architecture);
  return strstr(names, quoted) != NULL;
}

/* The number of sm_XX[a]: 75 for sm_75, 90 for sm_90a. */
static int architecture_number(const char *name) { return atoi(name + 3); }

/* Every architecture both clang 22 and ptxas build, without the a
 * (architecture-specific) variants, as nvcc's -arch=all takes them; only
 * the lowest and each major's X0 for all-major. */
static void expand_all(struct gpu_architectures *list, const char *names, bool major_only) {
  bool first = true;
  for (size_t i = 0; i < sizeof clang_architectures / sizeof *clang_architectures; i++) {
    const char *name = clang_architectures[i];
    if (name[strlen(name) - 1] == 'a' || !ptxas_assembles(names, name))
      continue;
    if (major_only && !first && architecture_number(name) % 10 != 0)
      continue;
    add_architecture(list, name);
    first = false;
  }
}

bool resolve_architectures(struct gpu_architectures *list, const char *cuda_path, bool device_default,
                           bool assembles, bool fatbinary, bool user_cuda_feature, struct argument_list *out) {
  const char *names = ptxas_gpu_names(cuda_path);
  if (list->all || list->all_major) {
    if (!names) {
      fprintf(stderr, "ferry-cc: error: cannot map -arch=%s: no ptxas at %s/bin to say which architectures this "
                      "toolkit supports\n", list->all ? "all" : "all-major", cuda_path);
      return false;
    }
    expand_all(list, names, !list->all);
    if (list->count > 0) /* nvcc's all: SASS of each, PTX of the newest */
      list->ptx[list->count - 1] = true;
  }
  if (list->count == 0) {
    if (!device_default)
      return true;
    const char *lowest = "sm_75";
    for (size_t i = 0; names && i < sizeof clang_architectures / sizeof *clang_architectures; i++)
      if (ptxas_assembles(names, clang_architectures[i])) {
        lowest = clang_architectures[i];
        break;
      }
    add_architecture_code(list, lowest, true); /* nvcc's -arch=sm_75: SASS and PTX */
  }

  const char *kept[FERRY_MAX_ARCHITECTURES];
  bool kept_ptx[FERRY_MAX_ARCHITECTURES];
  int kept_count = 0;
  bool ptx90 = false;
  for (int i = 0; i < list->count; i++) {
    const char *name = list->names[i];
    if (strcmp(name, "native") == 0) {
      kept_ptx[kept_count] = false;
      kept[kept_count++] = name;
      continue;
    }
    const char *why = NULL;
    if (name[strlen(name) - 1] == 'f')
      why = "clang 22 has no family targets (sm_XXXf); name sm_XXX or sm_XXXa";
    else if (!in_list(name, clang_architectures, sizeof clang_architectures / sizeof *clang_architectures))
      why = "clang 22 cannot compile for it (its newest is sm_121a)";
    else if (assembles && names && !ptxas_assembles(names, name))
      why = "the toolkit's ptxas does not assemble it (ptxas --help lists what it does)";
    if (why) {
      fprintf(stderr, "ferry-cc: %s %s: %s\n", list->count > 1 ? "note: skipping" : "error: cannot compile for",
              name, why);
      continue;
    }
    if (in_list(name, needs_ptx90, sizeof needs_ptx90 / sizeof *needs_ptx90))
      ptx90 = true;
    kept_ptx[kept_count] = list->ptx[i];
    kept[kept_count++] = name;
  }
  if (kept_count == 0) {
    if (list->count > 1)
      fprintf(stderr, "ferry-cc: error: none of the %d GPU architectures named can be compiled for\n", list->count);
    return false;
  }
  for (int i = 0; i < kept_count; i++)
    argument_format(out, "--cuda-gpu-arch=%s", kept[i]);
  for (int i = 0; fatbinary && i < kept_count; i++)
    if (kept_ptx[i])
      argument_format(out, "--cuda-include-ptx=%s", kept[i]);
  if (ptx90 && !user_cuda_feature)
    argument_add(out, "--cuda-feature=+ptx90");
  return true;
}
