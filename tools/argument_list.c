/* ferry-cc is short-lived and ends in exec, so the strings here are never
 * freed; running out of memory ends the program with a message. */
#include "argument_list.h"
#include "checked.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void argument_add(struct argument_list *list, const char *argument) {
  if (list->count + 2 > list->capacity) {
    list->capacity = list->capacity ? 2 * list->capacity : 64;
    list->items = checked(realloc(list->items, list->capacity * sizeof *list->items));
  }
  list->items[list->count++] = argument;
  list->items[list->count] = NULL;
}

void argument_format(struct argument_list *list, const char *format, ...) {
  va_list arguments;
  va_start(arguments, format);
  int length = vsnprintf(NULL, 0, format, arguments);
  va_end(arguments);
  char *text = checked(malloc((size_t)length + 1));
  va_start(arguments, format);
  vsnprintf(text, (size_t)length + 1, format, arguments);
  va_end(arguments);
  argument_add(list, text);
}

bool argument_device_only(const char *argument) {
  return strcmp(argument, "--cuda-device-only") == 0 || strcmp(argument, "--offload-device-only") == 0;
}

bool argument_host_only(const char *argument) {
  return strcmp(argument, "--cuda-host-only") == 0 || strcmp(argument, "--offload-host-only") == 0;
}
