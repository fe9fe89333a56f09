/* nvcc.profile is a list of assignments, NAME = VALUE, NAME += VALUE
 * (append) or NAME =+ VALUE (prepend), whose values refer to earlier names
 * and to nvcc's own as $(NAME): _HERE_ (the bin directory), _SPACE_, and
 * _TARGET_DIR_ / _TARGET_SIZE_ (targets/x86_64-linux and "" for the
 * layout CUDA 13 installs; nvcc -dryrun prints the same). A value is split
 * into words as a shell would split double-quoted text. Only INCLUDES,
 * SYSTEM_INCLUDES and LIBRARIES are used; the rest (the compiler paths of
 * nvcc's own tools) mean nothing to clang. */
#include "nvcc_profile.h"
#include "checked.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAX_NAMES 32

struct variables {
  char *names[MAX_NAMES];
  char *values[MAX_NAMES];
  int count;
};

static const char *lookup(const struct variables *variables, const char *name, size_t length) {
  for (int i = 0; i < variables->count; i++)
    if (strlen(variables->names[i]) == length && strncmp(variables->names[i], name, length) == 0)
      return variables->values[i];
  return "";
}

static void assign(struct variables *variables, const char *name, char *value) {
  for (int i = 0; i < variables->count; i++)
    if (strcmp(variables->names[i], name) == 0) {
      variables->values[i] = value;
      return;
    }
  if (variables->count == MAX_NAMES)
    return;
  variables->names[variables->count] = checked(strdup(name));
  variables->values[variables->count++] = value;
}

/* text with every $(NAME) replaced by its value. */
static char *expand(const struct variables *variables, const char *text) {
  size_t capacity = strlen(text) + 1, size = 0;
  char *result = checked(malloc(capacity));
  while (*text) {
    const char *piece = text;
    size_t piece_length = 1;
    if (text[0] == '$' && text[1] == '(') {
      const char *close = strchr(text, ')');
      if (close) {
        piece = lookup(variables, text + 2, (size_t)(close - text - 2));
        piece_length = strlen(piece);
        text = close + 1;
      } else {
        text++;
      }
    } else {
      text++;
    }
    if (size + piece_length + 1 > capacity)
      result = checked(realloc(result, capacity = 2 * (size + piece_length + 1)));
    memcpy(result + size, piece, piece_length);
    size += piece_length;
  }
  result[size] = '\0';
  return result;
}

static char *trimmed(char *text) {
  while (*text == ' ' || *text == '\t')
    text++;
  size_t length = strlen(text);
  while (length && (text[length - 1] == ' ' || text[length - 1] == '\t' || text[length - 1] == '\n' ||
                    text[length - 1] == '\r'))
    text[--length] = '\0';
  return text;
}

/* A directory named without "bin/.." detours where it exists. */
static const char *tidy_path(const char *path) {
  char *real = realpath(path, NULL);
  return real ? real : path;
}

/* Splits value into shell words and appends the include or library
 * options among them, with their directories tidied. */
static void add_words(const char *value, struct argument_list *list) {
  char *word = checked(malloc(strlen(value) + 1));
  bool separate_directory = false;
  for (const char *read = value; *read;) {
    while (*read == ' ' || *read == '\t')
      read++;
    if (!*read)
      break;
    size_t length = 0;
    bool quoted = false;
    while (*read && (quoted || (*read != ' ' && *read != '\t'))) {
      if (*read == '"')
        quoted = !quoted;
      else
        word[length++] = *read;
      read++;
    }
    word[length] = '\0';
    if (separate_directory) {
      argument_add(list, tidy_path(word));
      separate_directory = false;
    } else if ((strncmp(word, "-I", 2) == 0 || strncmp(word, "-L", 2) == 0) && word[2]) {
      argument_format(list, "%.2s%s", word, tidy_path(word + 2));
    } else if (strcmp(word, "-isystem") == 0 || strcmp(word, "-I") == 0 || strcmp(word, "-L") == 0) {
      argument_add(list, checked(strdup(word)));
      separate_directory = true;
    } else if (length) {
      argument_add(list, checked(strdup(word)));
    }
  }
  free(word);
}

static void fall_back(const char *cuda_path, struct nvcc_profile *profile) {
  argument_format(&profile->includes, "-I%s/include", cuda_path);
  char cccl[PATH_MAX];
  snprintf(cccl, sizeof cccl, "%s/include/cccl", cuda_path);
  if (access(cccl, R_OK) == 0) {
    argument_add(&profile->includes, "-isystem");
    argument_add(&profile->includes, checked(strdup(cccl)));
  }
  argument_format(&profile->libraries, "-L%s/lib64", cuda_path);
}

void read_nvcc_profile(const char *cuda_path, struct nvcc_profile *profile) {
  char path[PATH_MAX];
  snprintf(path, sizeof path, "%s/bin/nvcc.profile", cuda_path);
  FILE *file = fopen(path, "r");
  if (!file) {
    profile->path = NULL;
    fall_back(cuda_path, profile);
    return;
  }
  profile->path = checked(strdup(path));

  struct variables variables = {0};
  char here[PATH_MAX], target_dir[PATH_MAX];
  snprintf(here, sizeof here, "%s/bin", cuda_path);
  assign(&variables, "_HERE_", checked(strdup(here)));
  assign(&variables, "_SPACE_", checked(strdup(" ")));
  snprintf(target_dir, sizeof target_dir, "%s/targets/x86_64-linux", cuda_path);
  assign(&variables, "_TARGET_DIR_", checked(strdup(access(target_dir, R_OK) == 0 ? "targets/x86_64-linux" : "")));
  assign(&variables, "_TARGET_SIZE_", checked(strdup("")));

  char line[4096];
  while (fgets(line, sizeof line, file)) {
    char *text = trimmed(line);
    if (!*text || *text == '#')
      continue;
    char *equals = strchr(text, '=');
    if (!equals || equals == text)
      continue;
    bool append = equals[-1] == '+', prepend = equals[1] == '+';
    char *name_end = append ? equals - 1 : equals;
    *name_end = '\0';
    char *name = trimmed(text);
    char *value = expand(&variables, trimmed(equals + 1 + prepend));
    const char *old = lookup(&variables, name, strlen(name));
    if (append || prepend) {
      size_t length = strlen(old) + strlen(value) + 2;
      char *joined = checked(malloc(length));
      snprintf(joined, length, "%s %s", append ? old : value, append ? value : old);
      free(value);
      value = joined;
    }
    assign(&variables, name, value);
    argument_format(&profile->assignments, "%s=%s", name, value);
  }
  fclose(file);

  add_words(lookup(&variables, "INCLUDES", 8), &profile->includes);
  add_words(lookup(&variables, "SYSTEM_INCLUDES", 15), &profile->includes);
  add_words(lookup(&variables, "LIBRARIES", 9), &profile->libraries);
}
