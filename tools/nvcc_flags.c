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
      char *item = strndup(start, length);
      if (!item) {
        perror("ferry-cc");
        exit(1);
      }
      add(line, item);
    }
    if (!comma)
      break;
    start = comma + 1;
  }
}

/* ---- GPU architectures ------------------------------------------------ */

#define MAX_ARCHITECTURES 32
static const char *architectures[MAX_ARCHITECTURES];
static int architecture_count;
static const char *codes;                /* -code=..., applied at the end */

/* sm_80 for sm_80 and compute_80 (clang embeds the PTX of every
 * architecture it compiles for, besides its SASS); NULL for what is not
 * an architecture name. */
static char *real_architecture(const char *name) {
  const char *digits = has_prefix(name, "sm_") ? name + 3 : has_prefix(name, "compute_") ? name + 8 : NULL;
  if (!digits || !isdigit((unsigned char)digits[0]))
    return NULL;
  const char *end = digits;
  while (isdigit((unsigned char)*end))
    end++;
  if (*end && !((*end == 'a' || *end == 'f') && end[1] == '\0'))
    return NULL;
  char *real = malloc(strlen(digits) + 4);
  if (!real) {
    perror("ferry-cc");
    exit(1);
  }
  sprintf(real, "sm_%s", digits);
  return real;
}

static void add_architecture(const char *real) {
  for (int i = 0; i < architecture_count; i++)
    if (strcmp(architectures[i], real) == 0)
      return;
  if (architecture_count == MAX_ARCHITECTURES) {
    fprintf(stderr, "ferry-cc: error: more than %d GPU architectures\n", MAX_ARCHITECTURES);
    exit(1);
  }
  architectures[architecture_count++] = real;
}

static void add_code(struct command_line *line, const char *code) {
  (void)line;
  char *real = real_architecture(code);
  if (!real) {
    fprintf(stderr,
            "ferry-cc: error: cannot map code '%s': clang compiles for sm_XX "
            "(SASS and PTX); lto_XX and other codes have no counterpart\n",
            code);
    exit(1);
  }
  add_architecture(real);
}

/* -arch=V: sm_XX or compute_XX; native; all and all-major are refused
 * (clang compiles for the architectures named, not for a family). */
static void set_arch(const char *option, const char *value) {
  if (strcmp(value, "native") == 0) {
    add_architecture("native");
    return;
  }
  char *real = real_architecture(value);
  if (!real) {
    fprintf(stderr,
            "ferry-cc: error: cannot map %s=%s: name an architecture, sm_XX or "
            "compute_XX (or native)\n",
            option, value);
    exit(1);
  }
  add_architecture(real);
}

/* -gencode arch=compute_XX,code=sm_YY (or code=[sm_YY,compute_XX],
 * code="..."): the codes are the architectures; without code=, arch=. */
static void add_gencode(const char *value) {
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
    add_architecture(real);
    return;
  }
  char *list = strdup(code + 5);
  if (!list) {
    perror("ferry-cc");
    exit(1);
  }
  char *write = list;
  for (const char *read = list; *read; read++)
    if (*read != '[' && *read != ']' && *read != '"' && *read != '\'')
      *write++ = *read;
  *write = '\0';
  each_item(list, add_code, NULL);
}

/* ---- the translation --------------------------------------------------- */

static void add_host_compiler_option(struct command_line *line, const char *item) {
  /* clang is the host compiler too: the option goes to clang as it is. */
  argument_add(&line->clang_arguments, item);
}

static void add_ptxas_option(struct command_line *line, const char *item) {
  argument_add(&line->clang_arguments, "-Xcuda-ptxas");
  argument_add(&line->clang_arguments, item);
}

static void add_linker_option(struct command_line *line, const char *item) {
  argument_add(&line->clang_arguments, "-Xlinker");
  argument_add(&line->clang_arguments, item);
}

/* nvcc options with no clang counterpart, and why: a clear error. */
static const struct {
  const char *short_name, *long_name, *why;
} unmappable[] = {
    {"dlink", "device-link", "clang links device code with -fgpu-rdc --offload-new-driver at the final link"},
    {"Xnvlink", "nvlink-options", "clang does not run nvlink"},
    {"cubin", "cubin", "use --cuda-device-only -c for the device object"},
    {"fatbin", "fatbin", "clang writes the fat binary inside the object (-c)"},
    {"keep", "keep", "use -save-temps to keep clang's intermediate files"},
    {"keep-dir", "keep-dir", "use -save-temps=obj"},
    {"lib", "lib", "make the archive with ar from objects compiled with -c"},
    {"prec-div", "prec-div", "clang's division is IEEE unless -ffast-math (--use_fast_math)"},
    {"prec-sqrt", "prec-sqrt", "clang's square root is IEEE unless -ffast-math (--use_fast_math)"},
    {"diag-suppress", "diag-suppress", "nvcc's diagnostic numbers mean nothing to clang; use -Wno-<warning>"},
    {"run", "run", "run the program yourself"},
    {"t", "threads", "clang compiles each architecture in turn"},
    {"arch-ls", "list-gpu-arch", "see clang's --cuda-gpu-arch values in clang --help"},
};

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
  bool optimization_given = false, device_debug = false;
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
      if (strcmp(line->report, "markdown") != 0 && strcmp(line->report, "csv") != 0) {
        fprintf(stderr, "ferry-cc: error: --report=%s: the formats are markdown and csv\n", line->report);
        return false;
      }
      continue;
    }

    /* Architectures. */
    if (option_with_value(argc, argv, &i, "arch", "gpu-architecture", &value)) {
      set_arch("-arch", value);
      line->nvcc_style = true;
      continue;
    }
    if (option_with_value(argc, argv, &i, "gencode", "generate-code", &value)) {
      add_gencode(value);
      line->nvcc_style = true;
      continue;
    }
    if (option_with_value(argc, argv, &i, "code", "gpu-code", &value)) {
      codes = value;
      line->nvcc_style = true;
      continue;
    }

    /* Options for the tools clang runs. */
    if (option_with_value(argc, argv, &i, "Xcompiler", "compiler-options", &value)) {
      each_item(value, add_host_compiler_option, line);
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

    /* Code generation. */
    if (flag(argument, "G", "device-debug")) {
      device_debug = true;
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
      argument_add(out, "-Xarch_device");
      argument_add(out, "-ffast-math");
      argument_add(out, "-Xarch_device");
      argument_add(out, "-fgpu-flush-denormals-to-zero");
      line->nvcc_style = true;
      continue;
    }
    if (option_with_value(argc, argv, &i, "ftz", "ftz", &value)) {
      argument_add(out, strcmp(value, "true") == 0 ? "-fgpu-flush-denormals-to-zero"
                                                   : "-fno-gpu-flush-denormals-to-zero");
      line->nvcc_style = true;
      continue;
    }
    if (option_with_value(argc, argv, &i, "fmad", "fmad", &value)) {
      argument_add(out, "-Xarch_device");
      argument_add(out, strcmp(value, "true") == 0 ? "-ffp-contract=fast" : "-ffp-contract=off");
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
      argument_add(out, strcmp(value, "true") == 0 ? "-fgpu-rdc" : "-fno-gpu-rdc");
      line->nvcc_style = true;
      continue;
    }
    if (flag(argument, "dc", "device-c")) {
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
      argument_add(out, "-x");
      argument_add(out, language);
      continue;
    }
    if (has_prefix(argument, "-x") && argument[2]) {
      note_language(line, argument + 2);
      argument_add(out, argument);
      continue;
    }
    if (strcmp(argument, "-O") == 0 && i + 1 < argc && isdigit((unsigned char)argv[i + 1][0])) {
      argument_format(out, "-O%s", argv[++i]);
      optimization_given = true;
      continue;
    }
    if (option_with_value(argc, argv, &i, NULL, "optimize", &value)) {
      argument_format(out, "-O%s", value);
      optimization_given = true;
      continue;
    }
    if (has_prefix(argument, "-O")) {
      argument_add(out, argument);
      optimization_given = true;
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
    for (size_t k = 0; k < sizeof unmappable / sizeof *unmappable; k++) {
      const char *body = argument[0] == '-' ? argument + 1 + (argument[1] == '-') : NULL;
      if (!body)
        break;
      size_t short_length = strlen(unmappable[k].short_name), long_length = strlen(unmappable[k].long_name);
      if ((strncmp(body, unmappable[k].short_name, short_length) == 0 &&
           (body[short_length] == '\0' || body[short_length] == '=')) ||
          (strncmp(body, unmappable[k].long_name, long_length) == 0 &&
           (body[long_length] == '\0' || body[long_length] == '='))) {
        fprintf(stderr, "ferry-cc: error: cannot map nvcc's %s: %s\n", argument, unmappable[k].why);
        refused = true;
        break;
      }
    }
    if (refused)
      return false;

    /* clang's own options and the inputs pass through. */
    if (strcmp(argument, "-o") == 0 && i + 1 < argc) {
      argument_add(out, argument);
      argument = argv[++i];
      line->output = argument;
    } else if (strcmp(argument, "-c") == 0 || strcmp(argument, "-S") == 0 || strcmp(argument, "-E") == 0 ||
               strcmp(argument, "-fsyntax-only") == 0 ||
               strcmp(argument, "-M") == 0 || strcmp(argument, "-MM") == 0) {
      line->compile_only = true;
    } else if (has_prefix(argument, "-lcudart")) {
      line->user_cudart = true;
    } else if (has_prefix(argument, "--cuda-path")) {
      line->user_cuda_path = true;
    } else if (has_prefix(argument, "--target=nvptx") ||
               (strcmp(argument, "-target") == 0 && i + 1 < argc && has_prefix(argv[i + 1], "nvptx"))) {
      line->device_code = true;
    } else if (is_source_file(argument)) {
      line->cuda_source = line->device_code = line->sources = true;
    } else if (is_other_source(argument)) {
      line->sources = true;
    } else if (is_object(argument)) {
      line->objects = true;
    }
    argument_add(out, argument);
  }

  if (codes) {
    /* -code names what is embedded; -arch only the virtual architecture
     * it is compiled from, which clang does not need. */
    architecture_count = 0;
    each_item(codes, add_code, line);
  }
  for (int a = 0; a < architecture_count; a++)
    argument_format(out, "--cuda-gpu-arch=%s", architectures[a]);
  if (device_debug) {
    argument_add(out, "-Xarch_device");
    argument_add(out, "-g");
    argument_add(out, "-Xarch_device");
    argument_add(out, "-O0");
  } else if (line->nvcc_style && !optimization_given) {
    argument_add(out, "-Xarch_device");
    argument_add(out, "-O3");
  }
  return true;
}
