/* A file's text is split into arguments as a shell splits words: blanks
 * and newlines separate them, '...' and "..." quote, a backslash outside
 * single quotes escapes the next character (the GNU rules clang follows
 * for @FILE; nvcc's options files need no more). */
#include "response_files.h"
#include "checked.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_DEPTH 16

struct vector {
  char **items;
  int count, capacity;
};

static void push(struct vector *vector, char *item) {
  if (vector->count + 2 > vector->capacity) {
    vector->capacity = vector->capacity ? 2 * vector->capacity : 64;
    vector->items = checked(realloc(vector->items, (size_t)vector->capacity * sizeof *vector->items));
  }
  vector->items[vector->count++] = item;
  vector->items[vector->count] = NULL;
}

static bool add_argument(struct vector *out, char *argument, const char *next, bool *used_next, int depth);

static bool add_file(struct vector *out, const char *path, int depth) {
  if (depth > MAX_DEPTH) {
    fprintf(stderr, "ferry-cc: error: %s: response files nested more than %d deep\n", path, MAX_DEPTH);
    return false;
  }
  FILE *file = fopen(path, "r");
  if (!file) {
    fprintf(stderr, "ferry-cc: error: cannot read the options in %s: %s\n", path, strerror(errno));
    return false;
  }
  size_t size = 0, capacity = 4096;
  char *text = checked(malloc(capacity));
  for (size_t got; (got = fread(text + size, 1, capacity - size - 1, file)) > 0;) {
    size += got;
    if (size + 1 == capacity)
      text = checked(realloc(text, capacity *= 2));
  }
  text[size] = '\0';
  fclose(file);

  struct vector words = {0};
  char *word = checked(malloc(size + 1));
  const char *read = text;
  for (;;) {
    while (*read == ' ' || *read == '\t' || *read == '\n' || *read == '\r')
      read++;
    if (!*read)
      break;
    size_t length = 0;
    char quote = 0;
    while (*read && (quote || !(*read == ' ' || *read == '\t' || *read == '\n' || *read == '\r'))) {
      if (quote == '\'' ) {
        if (*read == '\'')
          quote = 0;
        else
          word[length++] = *read;
      } else if (*read == '\\' && read[1]) {
        word[length++] = *++read;
      } else if (quote == '"' && *read == '"') {
        quote = 0;
      } else if (!quote && (*read == '"' || *read == '\'')) {
        quote = *read;
      } else {
        word[length++] = *read;
      }
      read++;
    }
    word[length] = '\0';
    push(&words, checked(strdup(word)));
  }
  free(word);
  free(text);
  for (int i = 0; i < words.count; i++) {
    bool used_next = false;
    if (!add_argument(out, words.items[i], i + 1 < words.count ? words.items[i + 1] : NULL, &used_next, depth + 1))
      return false;
    i += used_next;
  }
  return true;
}

/* --options-file F, --options-file=F, -optf F, -optf=F; @F. */
static bool add_argument(struct vector *out, char *argument, const char *next, bool *used_next, int depth) {
  static const char *const names[] = {"--options-file", "-options-file", "-optf", "--optf"};
  for (size_t k = 0; k < sizeof names / sizeof *names; k++) {
    size_t length = strlen(names[k]);
    if (strncmp(argument, names[k], length) != 0)
      continue;
    if (argument[length] == '=')
      return add_file(out, argument + length + 1, depth);
    if (argument[length] == '\0') {
      if (!next) {
        fprintf(stderr, "ferry-cc: error: %s needs a file\n", argument);
        return false;
      }
      *used_next = true;
      return add_file(out, next, depth);
    }
  }
  if (argument[0] == '@' && argument[1])
    return add_file(out, argument + 1, depth);
  push(out, argument);
  return true;
}

bool expand_response_files(int *argc, char ***argv) {
  bool any = false;
  for (int i = 1; i < *argc; i++)
    if ((*argv)[i][0] == '@' || strstr((*argv)[i], "optf") || strstr((*argv)[i], "options-file"))
      any = true;
  if (!any)
    return true;
  struct vector out = {0};
  push(&out, (*argv)[0]);
  for (int i = 1; i < *argc; i++) {
    bool used_next = false;
    if (!add_argument(&out, (*argv)[i], i + 1 < *argc ? (*argv)[i + 1] : NULL, &used_next, 0))
      return false;
    i += used_next;
  }
  *argc = out.count;
  *argv = out.items;
  return true;
}
