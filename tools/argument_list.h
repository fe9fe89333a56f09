/* A growing argument vector for the command ferry-cc runs. */
#ifndef FERRY_TOOLS_ARGUMENT_LIST_H
#define FERRY_TOOLS_ARGUMENT_LIST_H

#include <stdbool.h>
#include <stddef.h>

struct argument_list {
  const char **items; /* NULL-terminated once anything has been added */
  size_t count;
  size_t capacity;
};

/* Appends a string the list does not own (argv, literals, or strings made
 * with argument_format, which live until the process ends or execs). */
void argument_add(struct argument_list *list, const char *argument);
/* Appends a string built with printf formatting. */
void argument_format(struct argument_list *list, const char *format, ...)
    __attribute__((format(printf, 2, 3)));

/* Whether a clang argument has the compile run its device half alone
 * (--cuda-device-only, --offload-device-only), or its host half alone. */
bool argument_device_only(const char *argument);
bool argument_host_only(const char *argument);

#endif
