/* ferry-cc --report: the compile keeps each device half's optimization
 * record (only ferry's remarks) in a temporary directory, one file per GPU
 * architecture (-Xarch_sm_XX -foptimization-record-file=...: in a CUDA
 * compile every half writes the same file otherwise, the host's last and
 * empty), then ferry-report summarises them and the directory is removed.
 * A line of several sources writes one record per source and architecture
 * only when each source is compiled on its own (clang writes every source's
 * records to the one file named), so such a line runs clang once per
 * source, with the line's other arguments, and reports them all; a line
 * that also links compiles each source to an object of the temporary
 * directory, as clang itself does, and then links those in the sources'
 * places. */
#include "report_step.h"
#include "record_files.h"

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

static bool ends_with(const char *text, const char *suffix) {
  size_t length = strlen(text), suffix_length = strlen(suffix);
  return length >= suffix_length && strcmp(text + length - suffix_length, suffix) == 0;
}

/* Whether args->items[i] is an input source file (not an option, not the
 * value of -o). */
static bool is_source_argument(const struct argument_list *args, size_t i) {
  static const char *const suffixes[] = {".cu", ".c", ".cc", ".cpp", ".cxx"};
  const char *item = args->items[i];
  if (item[0] == '-' || (i > 0 && strcmp(args->items[i - 1], "-o") == 0))
    return false;
  for (size_t k = 0; k < sizeof suffixes / sizeof *suffixes; k++)
    if (ends_with(item, suffixes[k]))
      return true;
  return false;
}

/* Compiles with the record options for one source (or all, source_index
 * SIZE_MAX), adding the record files it writes to records. With object
 * set, the source is compiled (-c) to that object instead of the line's
 * own output. */
static int compile_with_records(const struct argument_list *line_args, const struct command_line *line,
                                const char *directory, size_t source_index, size_t tag,
                                const char *object, struct argument_list *records) {
  struct argument_list args = {0};
  for (size_t i = 0; i < line_args->count; i++) {
    if (object && strcmp(line_args->items[i], "-o") == 0) {
      i++; /* the line's output is the link's */
      continue;
    }
    if (source_index == (size_t)-1 || i == source_index || !is_source_argument(line_args, i))
      argument_add(&args, line_args->items[i]);
  }
  if (object) {
    argument_add(&args, "-c");
    argument_add(&args, "-o");
    argument_add(&args, object);
    /* The link's libraries and options, unused by a compile, are no news. */
    argument_add(&args, "-Wno-unused-command-line-argument");
  }
  const char *names[32];
  size_t count = line->cuda_source ? compile_architectures(&args, names, 32) : 0;
  if (count) {
    for (size_t a = 0; a < count; a++) {
      argument_format(&args, "-Xarch_%s", names[a]);
      argument_format(records, "%s/%zu-%s.opt.yaml", directory, tag, names[a]);
      argument_format(&args, "-foptimization-record-file=%s", records->items[records->count - 1]);
    }
    argument_add(&args, "-Xarch_device");
    argument_add(&args, "-foptimization-record-passes=ferry");
  } else {
    /* One device half: plain C for nvptx64. */
    argument_format(records, "%s/%zu-device.opt.yaml", directory, tag);
    if (line->cuda_source)
      argument_add(&args, "-Xarch_device");
    argument_format(&args, "-foptimization-record-file=%s", records->items[records->count - 1]);
    if (line->cuda_source)
      argument_add(&args, "-Xarch_device");
    argument_add(&args, "-foptimization-record-passes=ferry");
  }
  return run(args.items);
}

int compile_and_report(struct argument_list *args, const struct command_line *line,
                       const struct install_layout *layout) {
  /* A line that compiles nothing (a link, nvcc's -dlink) has no device
   * half to record: it runs as it is, and says so. */
  size_t source_count = 0;
  for (size_t i = 0; i < args->count; i++)
    source_count += is_source_argument(args, i);
  if (source_count == 0) {
    int status = run(args->items);
    if (status == 0)
      fprintf(stderr, "ferry-cc: note: --report: this line compiles no source, so there is nothing to report\n");
    return status;
  }
  const char *temporary = getenv("TMPDIR");
  char directory[4096];
  snprintf(directory, sizeof directory, "%s/ferry-report.XXXXXX",
           temporary && *temporary ? temporary : "/tmp");
  if (!mkdtemp(directory)) {
    perror("ferry-cc: cannot make a directory for the records");
    return 1;
  }

  struct argument_list records = {0};
  size_t sources = 0;
  for (size_t i = 0; i < args->count; i++)
    sources += is_source_argument(args, i);
  int status = 0;
  struct argument_list objects = {0};
  if (sources > 1 && line->compile_only) {
    size_t tag = 0;
    for (size_t i = 0; i < args->count && status == 0; i++)
      if (is_source_argument(args, i))
        status = compile_with_records(args, line, directory, i, tag++, NULL, &records);
  } else if (sources > 1) {
    /* Each source to an object, then the line with the objects in the
     * sources' places (-x none: the object is no source of the language
     * an earlier -x names). */
    struct argument_list link = {0};
    size_t tag = 0;
    for (size_t i = 0; i < args->count; i++) {
      if (!is_source_argument(args, i)) {
        argument_add(&link, args->items[i]);
        continue;
      }
      argument_format(&objects, "%s/%zu.o", directory, tag);
      const char *object = objects.items[objects.count - 1];
      if (status == 0)
        status = compile_with_records(args, line, directory, i, tag, object, &records);
      tag++;
      argument_add(&link, "-x");
      argument_add(&link, "none");
      argument_add(&link, object);
    }
    argument_add(&link, "-Wno-unused-command-line-argument");
    if (status == 0)
      status = run(link.items);
  } else {
    status = compile_with_records(args, line, directory, (size_t)-1, 0, NULL, &records);
  }
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
  for (size_t o = 0; o < objects.count; o++)
    unlink(objects.items[o]);
  rmdir(directory);
  return status;
}
