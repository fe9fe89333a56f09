/* ferry-cc --report: the compile keeps each device half's optimization
 * record (only ferry's remarks) in a temporary directory, one file per GPU
 * architecture (-Xarch_sm_XX -foptimization-record-file=...: in a CUDA
 * compile every half writes the same file otherwise, the host's last and
 * empty), then ferry-report summarises them and the directory is removed. */
#include "report_step.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static int run(const char *const *arguments) {
  pid_t child = fork();
  if (child < 0) {
    perror("ferry-cc: fork");
    return 1;
  }
  if (child == 0) {
    execv(arguments[0], (char *const *)arguments);
    fprintf(stderr, "ferry-cc: cannot run %s: %s\n", arguments[0], strerror(errno));
    _exit(127);
  }
  int status;
  if (waitpid(child, &status, 0) < 0) {
    perror("ferry-cc: waitpid");
    return 1;
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

/* The architectures of the compile, as clang names them, from the final
 * arguments (nvcc's already translated); "native" cannot name an -Xarch_. */
static size_t architectures(const struct argument_list *args, const char **names, size_t capacity) {
  size_t count = 0;
  for (size_t i = 0; i < args->count && count < capacity; i++) {
    const char *value = NULL;
    if (strncmp(args->items[i], "--cuda-gpu-arch=", 16) == 0)
      value = args->items[i] + 16;
    else if (strncmp(args->items[i], "--offload-arch=", 15) == 0)
      value = args->items[i] + 15;
    if (!value || strchr(value, ',') || strcmp(value, "native") == 0)
      continue;
    bool seen = false;
    for (size_t k = 0; k < count; k++)
      seen |= strcmp(names[k], value) == 0;
    if (!seen)
      names[count++] = value;
  }
  return count;
}

int compile_and_report(struct argument_list *args, const struct command_line *line,
                       const struct install_layout *layout) {
  const char *temporary = getenv("TMPDIR");
  char directory[4096];
  snprintf(directory, sizeof directory, "%s/ferry-report.XXXXXX",
           temporary && *temporary ? temporary : "/tmp");
  if (!mkdtemp(directory)) {
    perror("ferry-cc: cannot make a directory for the records");
    return 1;
  }

  const char *names[32];
  size_t count = line->cuda_source ? architectures(args, names, 32) : 0;
  struct argument_list records = {0};
  if (count) {
    for (size_t a = 0; a < count; a++) {
      argument_format(args, "-Xarch_%s", names[a]);
      argument_format(&records, "%s/%s.opt.yaml", directory, names[a]);
      argument_format(args, "-foptimization-record-file=%s", records.items[a]);
    }
    argument_add(args, "-Xarch_device");
    argument_add(args, "-foptimization-record-passes=ferry");
  } else {
    /* One device half: clang's default GPU, or plain C for nvptx64. */
    argument_format(&records, "%s/device.opt.yaml", directory);
    if (line->cuda_source)
      argument_add(args, "-Xarch_device");
    argument_format(args, "-foptimization-record-file=%s", records.items[0]);
    if (line->cuda_source)
      argument_add(args, "-Xarch_device");
    argument_add(args, "-foptimization-record-passes=ferry");
  }

  int status = run(args->items);
  if (status == 0) {
    struct argument_list report = {0};
    argument_format(&report, "%s/ferry-report", layout->bin_dir);
    argument_add(&report, "--format");
    argument_add(&report, line->report);
    for (size_t r = 0; r < records.count; r++)
      if (access(records.items[r], R_OK) == 0)
        argument_add(&report, records.items[r]);
    fflush(stdout);
    status = run(report.items);
  }
  for (size_t r = 0; r < records.count; r++)
    unlink(records.items[r]);
  rmdir(directory);
  return status;
}
