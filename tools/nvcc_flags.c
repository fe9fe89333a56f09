/* nvcc's options, translated to clang's.
 *
 * nvcc spells most options two ways, a short name after one dash (-arch,
 * -Xptxas) and a long one after two (--gpu-architecture, --ptxas-options),
 * with the value after '=' or as the next argument. Options whose short
 * name is also clang's (-c, -o, -I, -D, -g, -O, -x, -std, -l, -L) pass
 * through in clang's spelling and are translated only where nvcc's
 * meaning or spelling differs (-x cu, -O 3, -std c++17).
 *
 * nvcc optimizes device code unless -G is given, whatever -O says (-O is
 * the host's level); clang's default is -O0 for both halves. A command
 * line written for nvcc therefore gets -O3 for the device half when it
 * names no -O, so that the copies ferry converts at -O3 are converted. */
#include "nvcc_flags.h"
#include "nvcc_option_tables.h"
#include "nvcc_floating_point.h"
#include "unused_arguments.h"
#include "checked.h"

#include "gpu_architectures.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool has_prefix(const char *text, const char *prefix) {
  return strncmp(text, prefix, strlen(prefix)) == 0;
}

static bool ends_with(const char *text, const char *suffix) {
  size_t length = strlen(text), suffix_length = strlen(suffix);
  return length >= suffix_length && strcmp(text + length - suffix_length, suffix) == 0;
}

/* Matches argv[*index] against an nvcc option that takes a value, in any
 * of its spellings: -short=V, -short V, --long=V, --long V (and the other
 * number of dashes, which nvcc users write too). On a match *value is the
 * value and *index has moved past a separate one. */
static bool option_with_value(int argc, char **argv, int *index, const char *short_name,
                              const char *long_name, const char **value) {
  const char *argument = argv[*index];
  const char *names[2] = {short_name, long_name};
  const char *body = argument[0] == '-' ? argument + 1 : NULL;
  if (!body)
    return false;
  if (body[0] == '-')
    body++;
  for (int n = 0; n < 2; n++) {
    if (!names[n])
      continue;
    size_t length = strlen(names[n]);
    if (strncmp(body, names[n], length) != 0)
      continue;
    if (body[length] == '=') {
      *value = body + length + 1;
      return true;
    }
    if (body[length] == '\0') {
      if (*index + 1 >= argc) {
        fprintf(stderr, "ferry-cc: error: %s needs a value\n", argument);
        exit(1);
      }
      *value = argv[++*index];
      return true;
    }
  }
  return false;
}

static bool flag(const char *argument, const char *short_name, const char *long_name) {
  const char *body = argument[0] == '-' ? argument + 1 : NULL;
  if (!body)
    return false;
  if (body[0] == '-')
    body++;
  return (short_name && strcmp(body, short_name) == 0) || (long_name && strcmp(body, long_name) == 0);
}

/* Calls add(list, item) for each comma-separated item of value, as nvcc
 * splits -Xcompiler, -Xptxas, -code and friends. */
static void each_item(const char *value, void (*add)(struct command_line *, const char *),
                      struct command_line *line) {
  const char *start = value;
  for (;;) {
    const char *comma = strchr(start, ',');
    size_t length = comma ? (size_t)(comma - start) : strlen(start);
    if (length) {
      char *item = checked(strndup(start, length));
      add(line, item);
    }
    if (!comma)
      break;
    start = comma + 1;
  }
}

/* ---- GPU architectures ------------------------------------------------ */

/* -arch=V: sm_XX or compute_XX, SASS and PTX (nvcc's -arch=sm_XX alone is
 * -arch=compute_XX -code=sm_XX,compute_XX; -arch=compute_XX alone embeds
 * PTX, and clang compiles the SASS too); native; all and all-major
 * (expanded by resolve_architectures to what clang 22 and the toolkit
 * build). A -code list replaces what -arch says is embedded. */
static void set_arch(struct command_line *line, const char *option, const char *value) {
  if (strcmp(value, "native") == 0) {
    add_architecture(&line->architectures, "native");
    return;
  }
  if (strcmp(value, "all") == 0 || strcmp(value, "all-major") == 0) {
    line->architectures.all |= value[3] == '\0';
    line->architectures.all_major |= value[3] != '\0';
    return;
  }
  char *real = real_architecture(value);
  if (!real) {
    fprintf(stderr,
            "ferry-cc: error: cannot map %s=%s: name an architecture, sm_XX or "
            "compute_XX (or native, all, all-major)\n",
            option, value);
    exit(1);
  }
  add_architecture_code(&line->architectures, real, true);
}

static void add_clang_architecture(struct command_line *line, const char *name) {
  add_architecture(&line->architectures, name);
}

/* A code: sm_XX embeds SASS, compute_XX PTX (clang compiles the SASS of
 * every architecture it embeds PTX for too). */
static void add_code(struct command_line *line, const char *code) {
  char *real = real_architecture(code);
  if (!real) {
    fprintf(stderr,
            "ferry-cc: error: cannot map code '%s': clang compiles for sm_XX "
            "(SASS and PTX); lto_XX and other codes have no counterpart\n",
            code);
    exit(1);
  }
  add_architecture_code(&line->architectures, real, strncmp(code, "compute_", 8) == 0);
}

/* -gencode arch=compute_XX,code=sm_YY (or code=[sm_YY,compute_XX],
 * code="..."): the codes are the architectures; without code=, arch=. */
static void add_gencode(struct command_line *line, const char *value) {
  const char *arch = strstr(value, "arch=");
  const char *code = strstr(value, "code=");
  if (!arch || (code && code < arch)) {
    fprintf(stderr, "ferry-cc: error: cannot map -gencode %s: expected arch=compute_XX,code=sm_YY\n",
            value);
    exit(1);
  }
  if (!code) {
    char *real = real_architecture(arch + 5);
    if (!real) {
      fprintf(stderr, "ferry-cc: error: cannot map -gencode %s: arch= names no architecture\n", value);
      exit(1);
    }
    add_architecture_code(&line->architectures, real, true);
    return;
  }
  char *list = checked(strdup(code + 5));
  char *write = list;
  for (const char *read = list; *read; read++)
    if (*read != '[' && *read != ']' && *read != '"' && *read != '\'')
      *write++ = *read;
  *write = '\0';
  each_item(list, add_code, line);
}

/* ---- the translation --------------------------------------------------- */

/* clang options whose value is the next argument: an -Xcompiler item that
 * is one of these is joined to the next item, so that -Xarch_host carries
 * both (it forwards a single argument). */
static const char *const separate_value_options[] = {"-isystem", "-include", "-I", "-D", "-U", "-x", "-MF",
                                                      "-MT", "-MQ", "-iquote", "-idirafter", "-imacros"};

/* -Xcompiler (--compiler-options): options for the host compiler, which is
 * clang too. nvcc puts the value, split at commas, on the host compiler's
 * command line, where blanks separate words as well ('-fPIC -Wall' as one
 * argument is two options). Each goes to the host half alone
 * (-Xarch_host): nvcc's device compile never sees them, and some would
 * break it (-fopenmp looks for omp.h for sm_80, -march=native means the
 * CPU). */
static void add_host_compiler_options(struct command_line *line, const char *value) {
  char *copy = checked(strdup(value));
  const char *pending = NULL;
  for (char *item = strtok(copy, ", \t"); item; item = strtok(NULL, ", \t")) {
    if (pending) {
      argument_add(&line->clang_arguments, "-Xarch_host");
      argument_format(&line->clang_arguments, "%s%s", pending, item);
      pending = NULL;
      continue;
    }
    bool separate = false;
    for (size_t k = 0; k < sizeof separate_value_options / sizeof *separate_value_options; k++)
      separate |= strcmp(item, separate_value_options[k]) == 0;
    if (separate) {
      pending = item;
      continue;
    }
    argument_add(&line->clang_arguments, "-Xarch_host");
    argument_add(&line->clang_arguments, item);
  }
  if (pending) {
    fprintf(stderr, "ferry-cc: error: -Xcompiler %s: %s needs a value\n", value, pending);
    exit(1);
  }
}

static void add_ptxas_option(struct command_line *line, const char *item) {
  argument_add(&line->clang_arguments, "-Xcuda-ptxas");
  argument_add(&line->clang_arguments, item);
}

static void add_linker_option(struct command_line *line, const char *item) {
  argument_add(&line->clang_arguments, "-Xlinker");
  argument_add(&line->clang_arguments, item);
}

/* A one-line note on stderr, once per option name however often the
 * option is given. */
static void note_ignored(struct command_line *line, const char *name, const char *argument, const char *why) {
  for (int i = 0; i < line->noted_count; i++)
    if (strcmp(line->noted[i], name) == 0)
      return;
  if (line->noted_count < (int)(sizeof line->noted / sizeof *line->noted))
    line->noted[line->noted_count++] = name;
  fprintf(stderr, "ferry-cc: note: ignoring %s: %s\n", argument, why);
}

static int werror_kind(const char *kind, size_t length) {
  for (size_t k = 0; k < nvcc_werror_kind_count; k++)
    if (strlen(nvcc_werror_kinds[k].kind) == length && strncmp(nvcc_werror_kinds[k].kind, kind, length) == 0)
      return (int)k;
  return -1;
}

/* Whether every comma-separated item of value is an nvcc -Werror kind. */
static bool werror_kinds_only(const char *value) {
  for (const char *start = value;;) {
    const char *comma = strchr(start, ',');
    size_t length = comma ? (size_t)(comma - start) : strlen(start);
    if (werror_kind(start, length) < 0)
      return false;
    if (!comma)
      return true;
    start = comma + 1;
  }
}

static void add_werror_kinds(struct command_line *line, const char *value) {
  for (const char *start = value;;) {
    const char *comma = strchr(start, ',');
    size_t length = comma ? (size_t)(comma - start) : strlen(start);
    int k = werror_kind(start, length);
    if (!nvcc_werror_kinds[k].clang)
      note_ignored(line, nvcc_werror_kinds[k].kind, nvcc_werror_kinds[k].kind,
                   "-Werror for a warning nvcc gives and clang does not");
    else if (*nvcc_werror_kinds[k].clang)
      argument_add(&line->clang_arguments, nvcc_werror_kinds[k].clang);
    if (!comma)
      return;
    start = comma + 1;
  }
}

static bool is_source_file(const char *argument) {
  return argument[0] != '-' && (ends_with(argument, ".cu") || ends_with(argument, ".cuh"));
}

static bool is_other_source(const char *argument) {
  static const char *const suffixes[] = {".c", ".cc", ".cpp", ".cxx", ".C", ".ll", ".bc", ".s", ".S"};
  for (size_t k = 0; argument[0] != '-' && k < sizeof suffixes / sizeof *suffixes; k++)
    if (ends_with(argument, suffixes[k]))
      return true;
  return false;
}

static bool is_object(const char *argument) {
  return argument[0] != '-' && (ends_with(argument, ".o") || ends_with(argument, ".a") || ends_with(argument, ".so"));
}

static void note_language(struct command_line *line, const char *language) {
  if (strcmp(language, "cuda") == 0)
    line->device_code = line->cuda_source = true;
}

bool translate_command_line(int argc, char **argv, struct command_line *line) {
  struct argument_list *out = &line->clang_arguments;
  line->cuda_path = FERRY_CUDA_PATH;
  bool device_debug = false;
  bool device_optimization_given = false; /* -Xarch_device -O<n>: the device's level, clang-style */
  struct floating_point_options floating_point = {.precise_division = -1, .precise_sqrt = -1,
                                                  .flush_to_zero = -1, .contract = -1};
  bool stops_before_assembly = false; /* -S, -E, ...: ptxas does not run */
  bool language_given = false;        /* -x: the files after it are in that language */
  bool language_set_for_c = false;    /* -x c given for a .c file: the next input needs -x none */
  for (int i = 1; i < argc; i++) {
    const char *argument = argv[i];
    const char *value = NULL;

    /* ferry-cc's own options. */
    if (strcmp(argument, "--help") == 0 || strcmp(argument, "-help") == 0 || strcmp(argument, "-h") == 0) {
      line->help = true;
      continue;
    }
    if (strcmp(argument, "--version") == 0 || strcmp(argument, "-V") == 0) {
      line->version = true;
      continue;
    }
    if (strcmp(argument, "--report") == 0 || has_prefix(argument, "--report=")) {
      line->report = argument[8] == '=' ? argument + 9 : "markdown";
      if (strcmp(line->report, "markdown") != 0 && strcmp(line->report, "csv") != 0 &&
          strcmp(line->report, "json") != 0) {
        fprintf(stderr, "ferry-cc: error: --report=%s: the formats are markdown, csv and json\n", line->report);
        return false;
      }
      continue;
    }

    /* Architectures. */
    if (option_with_value(argc, argv, &i, "arch", "gpu-architecture", &value)) {
      set_arch(line, "-arch", value);
      line->nvcc_style = true;
      continue;
    }
    if (option_with_value(argc, argv, &i, "gencode", "generate-code", &value)) {
      add_gencode(line, value);
      line->nvcc_style = true;
      continue;
    }
    if (option_with_value(argc, argv, &i, "code", "gpu-code", &value)) {
      line->codes = value;
      line->nvcc_style = true;
      continue;
    }

    /* Options for the tools clang runs. */
    if (option_with_value(argc, argv, &i, "Xcompiler", "compiler-options", &value)) {
      add_host_compiler_options(line, value);
      line->nvcc_style = true;
      continue;
    }
    if (option_with_value(argc, argv, &i, "Xptxas", "ptxas-options", &value)) {
      each_item(value, add_ptxas_option, line);
      line->nvcc_style = true;
      continue;
    }
    if (option_with_value(argc, argv, &i, NULL, "linker-options", &value)) {
      each_item(value, add_linker_option, line);
      line->nvcc_style = true;
      continue;
    }
    if (option_with_value(argc, argv, &i, "maxrregcount", "maxrregcount", &value)) {
      argument_format(out, "-Xcuda-ptxas");
      argument_format(out, "--maxrregcount=%s", value);
      line->nvcc_style = true;
      continue;
    }
    if (flag(argument, "res-usage", "resource-usage")) {
      add_ptxas_option(line, "-v");
      line->nvcc_style = true;
      continue;
    }

    bool ignored = false;
    for (size_t k = 0; !ignored && k < nvcc_ignorable_count; k++) {
      int before = i;
      if (nvcc_ignorable[k].takes_value
              ? option_with_value(argc, argv, &i, nvcc_ignorable[k].short_name, nvcc_ignorable[k].long_name, &value)
              : flag(argument, nvcc_ignorable[k].short_name, nvcc_ignorable[k].long_name)) {
        char shown[256];
        snprintf(shown, sizeof shown, i != before ? "%s %s" : "%s", argument, value);
        note_ignored(line, nvcc_ignorable[k].long_name, shown, nvcc_ignorable[k].why);
        ignored = true;
      }
    }
    if (ignored) {
      line->nvcc_style = true;
      continue;
    }
    if ((strcmp(argument, "-Werror") == 0 || strcmp(argument, "--Werror") == 0) && i + 1 < argc &&
        werror_kinds_only(argv[i + 1])) {
      add_werror_kinds(line, argv[++i]);
      line->nvcc_style = true;
      continue;
    }
    if ((has_prefix(argument, "-Werror=") || has_prefix(argument, "--Werror=")) &&
        werror_kinds_only(strchr(argument, '=') + 1)) {
      add_werror_kinds(line, strchr(argument, '=') + 1);
      line->nvcc_style = true;
      continue;
    }
    /* nvcc's -prec-div and -prec-sqrt, applied at the end (floating_point_arguments). */
    if (option_with_value(argc, argv, &i, "prec-div", "prec-div", &value) ||
        option_with_value(argc, argv, &i, "prec-sqrt", "prec-sqrt", &value)) {
      bool division = strstr(argument, "prec-div") != NULL;
      if (strcmp(value, "true") != 0 && strcmp(value, "false") != 0) {
        fprintf(stderr, "ferry-cc: error: %s: the values are true and false\n", argument);
        return false;
      }
      int precise = strcmp(value, "true") == 0;
      if (division)
        floating_point.precise_division = precise;
      else
        floating_point.precise_sqrt = precise;
      line->nvcc_style = true;
      continue;
    }
    if (flag(argument, "keep", "keep")) {
      argument_add(out, "-save-temps=cwd");
      line->nvcc_style = true;
      continue;
    }
    if (flag(argument, "dlink", "device-link")) {
      line->device_link = true;
      line->nvcc_style = true;
      continue;
    }
    if (flag(argument, "forward-unknown-to-host-compiler", "forward-unknown-to-host-compiler") ||
        flag(argument, "forward-unknown-opts", "forward-unknown-opts")) {
      /* clang is the host compiler: the options nvcc would forward are
       * clang's already. */
      line->nvcc_style = true;
      continue;
    }
    if (option_with_value(argc, argv, &i, "m", "machine", &value)) {
      argument_format(out, "-m%s", value);
      line->nvcc_style = true;
      continue;
    }

    /* Code generation. */
    if (flag(argument, "G", "device-debug")) {
      device_debug = floating_point.device_debug = true;
      line->nvcc_style = true;
      continue;
    }
    if (flag(argument, "lineinfo", "generate-line-info")) {
      argument_add(out, "-Xarch_device");
      argument_add(out, "-gline-tables-only");
      line->nvcc_style = true;
      continue;
    }
    if (flag(argument, "use_fast_math", "use_fast_math")) {
      floating_point.fast_math = true;
      line->nvcc_style = true;
      continue;
    }
    if (option_with_value(argc, argv, &i, "ftz", "ftz", &value) ||
        option_with_value(argc, argv, &i, "fmad", "fmad", &value)) {
      if (strcmp(value, "true") != 0 && strcmp(value, "false") != 0) {
        fprintf(stderr, "ferry-cc: error: %s: the values are true and false\n", argument);
        return false;
      }
      if (strstr(argument, "ftz") != NULL)
        floating_point.flush_to_zero = strcmp(value, "true") == 0;
      else
        floating_point.contract = strcmp(value, "true") == 0;
      line->nvcc_style = true;
      continue;
    }
    if (flag(argument, "expt-relaxed-constexpr", "expt-relaxed-constexpr") ||
        flag(argument, "expt-extended-lambda", "extended-lambda") ||
        flag(argument, "extended-lambda", "expt-extended-lambda")) {
      /* clang's CUDA already treats constexpr functions as host and device
       * and accepts __device__ lambdas: nothing to add. */
      line->nvcc_style = true;
      continue;
    }
    if (option_with_value(argc, argv, &i, "rdc", "relocatable-device-code", &value)) {
      line->relocatable_device_code = strcmp(value, "true") == 0;
      argument_add(out, line->relocatable_device_code ? "-fgpu-rdc" : "-fno-gpu-rdc");
      line->nvcc_style = true;
      continue;
    }
    if (flag(argument, "dc", "device-c")) {
      line->relocatable_device_code = true;
      argument_add(out, "-fgpu-rdc");
      argument_add(out, "-c");
      line->compile_only = true;
      line->nvcc_style = true;
      continue;
    }
    if (option_with_value(argc, argv, &i, "default-stream", "default-stream", &value)) {
      argument_format(out, "-fgpu-default-stream=%s", value);
      line->nvcc_style = true;
      continue;
    }
    if (option_with_value(argc, argv, &i, "ccbin", "compiler-bindir", &value)) {
      fprintf(stderr, "ferry-cc: note: ignoring -ccbin %s: clang compiles the host code itself\n", value);
      line->nvcc_style = true;
      continue;
    }
    if (flag(argument, "ptx", "ptx")) {
      stops_before_assembly = true;
      argument_add(out, "--cuda-device-only");
      argument_add(out, "-S");
      line->compile_only = true;
      line->nvcc_style = true;
      continue;
    }
    if (flag(argument, "dryrun", "dryrun")) {
      argument_add(out, "-###");
      line->nvcc_style = true;
      continue;
    }
    if (option_with_value(argc, argv, &i, "cudart", "cudart", &value)) {
      if (strcmp(value, "static") != 0 && strcmp(value, "shared") != 0 && strcmp(value, "none") != 0) {
        fprintf(stderr, "ferry-cc: error: cannot map -cudart=%s: the choices are static, shared and none\n", value);
        return false;
      }
      line->cudart = value;
      line->nvcc_style = true;
      continue;
    }
    if (flag(argument, "Wno-deprecated-gpu-targets", NULL)) {
      line->nvcc_style = true; /* nvcc's own warning; clang has none such */
      continue;
    }

    /* Options clang shares, in nvcc's other spellings. */
    if (strcmp(argument, "-x") == 0 || strcmp(argument, "--x") == 0) {
      if (i + 1 >= argc) {
        fprintf(stderr, "ferry-cc: error: -x needs a language\n");
        return false;
      }
      const char *language = argv[++i];
      if (strcmp(language, "cu") == 0) {
        language = "cuda";
        line->nvcc_style = true;
      }
      note_language(line, language);
      language_given = strcmp(language, "none") != 0;
      argument_add(out, "-x");
      argument_add(out, language);
      continue;
    }
    if (has_prefix(argument, "-x") && argument[2]) {
      note_language(line, argument + 2);
      language_given = strcmp(argument + 2, "none") != 0;
      argument_add(out, argument);
      continue;
    }
    if (strcmp(argument, "-O") == 0 && i + 1 < argc && isdigit((unsigned char)argv[i + 1][0])) {
      argument_format(out, "-O%s", argv[++i]);
      continue;
    }
    if (option_with_value(argc, argv, &i, NULL, "optimize", &value)) {
      argument_format(out, "-O%s", value);
      continue;
    }
    if (has_prefix(argument, "-O")) {
      argument_add(out, argument);
      continue;
    }
    /* clang's own way to set the device's level alone, which the -O3
     * below must not override. */
    if (strcmp(argument, "-Xarch_device") == 0 && i + 1 < argc && has_prefix(argv[i + 1], "-O")) {
      argument_add(out, argument);
      argument_add(out, argv[++i]);
      device_optimization_given = true;
      continue;
    }
    if ((strcmp(argument, "-std") == 0 || strcmp(argument, "--std") == 0) && i + 1 < argc) {
      argument_format(out, "-std=%s", argv[++i]);
      continue;
    }
    if (option_with_value(argc, argv, &i, NULL, "output-file", &value)) {
      argument_add(out, "-o");
      argument_add(out, value);
      line->output = value;
      continue;
    }
    if (option_with_value(argc, argv, &i, NULL, "include-path", &value)) {
      argument_format(out, "-I%s", value);
      continue;
    }
    if (option_with_value(argc, argv, &i, NULL, "define-macro", &value)) {
      argument_format(out, "-D%s", value);
      continue;
    }
    if (flag(argument, NULL, "compile")) {
      argument_add(out, "-c");
      line->compile_only = true;
      continue;
    }

    bool refused = false;
    for (size_t k = 0; k < nvcc_unmappable_count; k++) {
      const char *body = argument[0] == '-' ? argument + 1 + (argument[1] == '-') : NULL;
      if (!body)
        break;
      size_t short_length = strlen(nvcc_unmappable[k].short_name), long_length = strlen(nvcc_unmappable[k].long_name);
      if ((strncmp(body, nvcc_unmappable[k].short_name, short_length) == 0 &&
           (body[short_length] == '\0' || body[short_length] == '=')) ||
          (strncmp(body, nvcc_unmappable[k].long_name, long_length) == 0 &&
           (body[long_length] == '\0' || body[long_length] == '='))) {
        fprintf(stderr, "ferry-cc: error: cannot map nvcc's %s: %s\n", argument, nvcc_unmappable[k].why);
        refused = true;
        break;
      }
    }
    if (refused)
      return false;

    /* clang's own options and the inputs pass through. */
    if (strcmp(argument, "-v") == 0 || strcmp(argument, "--verbose") == 0) {
      /* nvcc's -v lists its steps (nvcc_verbose.c prints ferry-cc's);
       * clang's, its own subcommands, asked for on a clang line alone. */
      line->verbose = true;
      continue;
    } else if (strcmp(argument, "-o") == 0 && i + 1 < argc) {
      argument_add(out, argument);
      argument = argv[++i];
      line->output = argument;
    } else if (strcmp(argument, "-c") == 0 || strcmp(argument, "-S") == 0 || strcmp(argument, "-E") == 0 ||
               strcmp(argument, "-fsyntax-only") == 0 ||
               strcmp(argument, "-M") == 0 || strcmp(argument, "-MM") == 0) {
      line->compile_only = true;
      stops_before_assembly |= strcmp(argument, "-c") != 0;
    } else if (strcmp(argument, "-emit-llvm") == 0) {
      stops_before_assembly = true;
    } else if (has_prefix(argument, "-lcudart")) {
      line->user_cudart = true;
    } else if (strcmp(argument, "-lgomp") == 0) {
      /* gcc's OpenMP runtime, which nvcc's host compiler uses: clang's host
       * OpenMP (-Xcompiler -fopenmp) calls libomp's entry points, and
       * libomp also serves libgomp's, for objects gcc compiled. */
      argument = "-lomp";
    } else if (has_prefix(argument, "--cuda-path=")) {
      line->user_cuda_path = true;
      line->cuda_path = argument + 12;
    } else if (has_prefix(argument, "--cuda-gpu-arch=") || has_prefix(argument, "--offload-arch=")) {
      /* clang's own spelling joins nvcc's list, to be checked with it;
       * clang takes a comma-separated list there too. */
      each_item(strchr(argument, '=') + 1, add_clang_architecture, line);
      continue;
    } else if (has_prefix(argument, "--cuda-feature")) {
      line->user_cuda_feature = true;
    } else if (has_prefix(argument, "--target=nvptx") ||
               (strcmp(argument, "-target") == 0 && i + 1 < argc && has_prefix(argv[i + 1], "nvptx"))) {
      line->device_code = true;
    }
    if (language_set_for_c && argument[0] != '-' && argument != line->output &&
        (is_source_file(argument) || is_other_source(argument) || is_object(argument))) {
      argument_add(out, "-x");
      argument_add(out, "none");
      language_set_for_c = false;
    }
    if (argument[0] == '-' || argument == line->output) {
    } else if (is_source_file(argument)) {
      line->cuda_source = line->device_code = line->sources = line->c_family_source = true;
    } else if (is_other_source(argument)) {
      line->sources = true;
      line->c_family_source |= !ends_with(argument, ".ll") && !ends_with(argument, ".bc") &&
                               !ends_with(argument, ".s") && !ends_with(argument, ".S");
      if (ends_with(argument, ".c") && !language_given) {
        /* nvcc compiles a .c file as C; clang, in the C++ mode a CUDA
         * line runs it in, would compile it as C++ (and warn so). */
        if (!language_set_for_c) {
          argument_add(out, "-x");
          argument_add(out, "c");
        }
        argument_add(out, argument);
        language_set_for_c = true;
        continue;
      }
    } else if (is_object(argument)) {
      line->objects = true;
    }
    argument_add(out, argument);
  }

  if (line->codes) {
    /* -code names what is embedded; -arch only the virtual architecture
     * it is compiled from, which clang does not need. */
    line->architectures.count = 0;
    line->architectures.all = line->architectures.all_major = false;
    each_item(line->codes, add_code, line);
  }
  /* The architectures are checked on every line, as nvcc checks them, and
   * reach clang only where it compiles device code (elsewhere clang says
   * they are unused). */
  /* PTX is embedded only where clang makes the fatbinary: a line that
   * assembles both halves, without relocatable device code (clang 22's
   * offload linker embeds -fgpu-rdc objects' device code itself), since
   * elsewhere clang says the option is unused. */
  bool fatbinary = !stops_before_assembly, rdc = false;
  for (size_t i = 0; i < out->count; i++) {
    fatbinary &= !argument_device_only(out->items[i]) && !argument_host_only(out->items[i]);
    if (strcmp(out->items[i], "-fgpu-rdc") == 0 || strcmp(out->items[i], "-fno-gpu-rdc") == 0)
      rdc = out->items[i][2] == 'g';
  }
  fatbinary &= !rdc;
  struct argument_list architecture_arguments = {0};
  if (!resolve_architectures(&line->architectures, line->cuda_path, line->cuda_source, !stops_before_assembly,
                             fatbinary, line->user_cuda_feature, &architecture_arguments))
    return false;
  if (line->device_code)
    for (size_t i = 0; i < architecture_arguments.count; i++)
      argument_add(out, architecture_arguments.items[i]);
  /* A line that only links has no device code to optimize or debug (clang
   * would warn that the option is unused). nvcc's -O is the host's level:
   * nvcc runs cicc and ptxas at their default, -O3, whatever -O says
   * (`nvcc -O0 -dryrun` passes them no -O), and -G alone lowers it. So an
   * nvcc-style line gets -O3 for the device half after its -O, which then
   * reaches the host half alone; clang's default would be -O0, where the
   * device code is neither optimized nor contracted as nvcc's is. */
  if (line->sources && device_debug) {
    argument_add(out, "-Xarch_device");
    argument_add(out, "-g");
    argument_add(out, "-Xarch_device");
    argument_add(out, "-O0");
  } else if (line->sources && line->nvcc_style && !device_optimization_given) {
    argument_add(out, "-Xarch_device");
    argument_add(out, "-O3");
  }
  if (line->device_code)
    floating_point_arguments(&floating_point, line->nvcc_style, out);
  if (line->verbose && !line->nvcc_style)
    argument_add(out, "-v");
  drop_unused_arguments(line);
  return true;
}
