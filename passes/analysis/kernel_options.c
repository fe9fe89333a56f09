/* Reads and checks @llvm.global.annotations: see kernel_options.h. Each
 * entry is a struct { ptr function, ptr string, ptr file, i32 line, ptr
 * arguments }. Both the passes' reads and the module's check go through
 * parse_annotation and conflicting_annotation, so what is reported as an
 * error is exactly what the passes refuse to use. */
#include "kernel_options.h"

#include "dispatch.h"
#include "ferry.h"
#include "ir_build.h"
#include "loop_limits.h"
#include "target.h"
#include "util.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

static const char prefix[] = "ferry:";
static const char checked_marker[] = "ferry.kernel_options.checked";

enum key { KEY_STAGES, KEY_DYNAMIC_SHARED, KEY_BULK, KEY_COUNT };
static const char *const key_names[KEY_COUNT] = {"stages", "dynamic_shared", "bulk"};

/* A well-formed annotation's key and typed value. */
struct setting {
  enum key key;
  unsigned long long number; /* stages, dynamic_shared */
  enum ferry_bulk_mode bulk;
};

/* Entry `index` of the annotations array, when it is a "ferry:"
 * annotation of a function (its text the whole string, "ferry:key=value"). */
static bool read_annotation(LLVMValueRef entries, int index, struct ferry_annotation *a) {
  return ferry_annotation_at(entries, index, a) && LLVMIsAFunction(a->value) &&
         a->length >= sizeof prefix - 1 && strncmp(a->text, prefix, sizeof prefix - 1) == 0;
}

/* A number in decimal digits alone: no sign, no space, no leading zero.
 * One too large for 64 bits reads as ULLONG_MAX, which every range check
 * refuses. */
static bool parse_number(const char *text, size_t length, unsigned long long *value) {
  if (length == 0 || (text[0] == '0' && length > 1))
    return false;
  *value = 0;
  for (size_t i = 0; i < length; i++) {
    if (text[i] < '0' || text[i] > '9')
      return false;
    unsigned digit = (unsigned)(text[i] - '0');
    *value = *value > (ULLONG_MAX - digit) / 10 ? ULLONG_MAX : *value * 10 + digit;
  }
  return true;
}

/* The most shared memory one block may have (static and dynamic together)
 * on each generation, from the CUDA programming guide's table; the largest
 * when the target is unknown. */
static unsigned long long block_shared_limit(struct ferry_target target) {
  if (target.sm == 0)
    return 227 * 1024;
  if (target.sm < 70)
    return 48 * 1024;
  if (target.sm == 75)
    return 64 * 1024;
  if (target.sm < 80)
    return 96 * 1024;
  if (target.sm == 80 || target.sm == 87)
    return 163 * 1024;
  if (target.sm < 90 || target.sm >= 120)
    return 99 * 1024;
  return 227 * 1024;
}

static const char *bulk_name(enum ferry_bulk_mode mode) {
  return mode == FERRY_BULK_AUTO ? "auto" : mode == FERRY_BULK_ALWAYS ? "always" : "never";
}

/* Parses a's key and value into *setting; on a fault writes the error
 * message (quoting the annotation, saying what is accepted) and returns
 * false. */
static bool parse_annotation(const struct ferry_annotation *a, struct setting *setting, char *message,
                             size_t size) {
  const char *key = a->text + (sizeof prefix - 1);
  size_t rest = a->length - (sizeof prefix - 1);
  const char *equals = memchr(key, '=', rest);
  size_t key_length = equals ? (size_t)(equals - key) : rest;
  int quoted = (int)a->length;
  setting->key = KEY_COUNT;
  for (int k = 0; k < KEY_COUNT; k++)
    if (strlen(key_names[k]) == key_length && strncmp(key_names[k], key, key_length) == 0)
      setting->key = (enum key)k;
  if (setting->key == KEY_COUNT) {
    snprintf(message, size,
             "annotate(\"%.*s\"): no such ferry setting; ferry's kernel settings are "
             "ferry:stages=N, ferry:dynamic_shared=BYTES and ferry:bulk=auto|always|never",
             quoted, a->text);
    return false;
  }
  const char *value = equals ? equals + 1 : NULL;
  size_t value_length = equals ? rest - key_length - 1 : 0;
  bool number = value && parse_number(value, value_length, &setting->number);
  const char *digits_only = number || !value ? "" : ", in decimal digits alone (no sign, space or "
                                                    "leading zero)";
  switch (setting->key) {
  case KEY_STAGES:
    if (number && setting->number <= FERRY_MAX_STAGES && setting->number &&
        !(setting->number & (setting->number - 1)))
      return true;
    snprintf(message, size, "annotate(\"%.*s\"): %sthe stages must be 1 (no pipelining), 2, 4, 8 "
             "or 16%s", quoted, a->text, value ? "" : "the setting needs a value after '=': ",
             digits_only);
    return false;
  case KEY_DYNAMIC_SHARED: {
    unsigned long long limit = block_shared_limit(ferry_function_target(a->value));
    if (number && setting->number >= 1 && setting->number <= limit)
      return true;
    unsigned length = 0;
    LLVMAttributeRef cpu = LLVMGetStringAttributeAtIndex(a->value, LLVMAttributeFunctionIndex,
                                                         "target-cpu", 10);
    const char *target = cpu ? LLVMGetStringAttributeValue(cpu, &length) : NULL;
    snprintf(message, size,
             "annotate(\"%.*s\"): %sgive the bytes of dynamic shared memory the kernel is "
             "launched with, a number from 1 to %llu (the most shared memory a block may have %s%.*s)%s",
             quoted, a->text, value ? "" : "the setting needs a value after '=': ", limit,
             target ? "on " : "on any target", (int)length, target ? target : "", digits_only);
    return false;
  }
  case KEY_BULK:
    for (int mode = FERRY_BULK_AUTO; mode <= FERRY_BULK_NEVER; mode++)
      if (value && strlen(bulk_name((enum ferry_bulk_mode)mode)) == value_length &&
          strncmp(bulk_name((enum ferry_bulk_mode)mode), value, value_length) == 0) {
        setting->bulk = (enum ferry_bulk_mode)mode;
        return true;
      }
    snprintf(message, size, "annotate(\"%.*s\"): %sthe value must be auto, always or never",
             quoted, a->text, value ? "" : "the setting needs a value after '=': ");
    return false;
  case KEY_COUNT:
    break;
  }
  return false;
}

static bool same_value(const struct setting *a, const struct setting *b) {
  return a->key == KEY_BULK ? a->bulk == b->bulk : a->number == b->number;
}

/* Whether an annotation of a's function before entry `index` gives the same
 * key another value; writes the error message if so. */
static bool conflicting_annotation(LLVMValueRef entries, int index, const struct ferry_annotation *a,
                                   const struct setting *setting, char *message, size_t size) {
  for (int i = 0; i < index; i++) {
    struct ferry_annotation earlier;
    struct setting earlier_setting;
    char ignored[FERRY_MESSAGE_SIZE];
    if (!read_annotation(entries, i, &earlier) || earlier.value != a->value ||
        !parse_annotation(&earlier, &earlier_setting, ignored, sizeof ignored) ||
        earlier_setting.key != setting->key || same_value(&earlier_setting, setting))
      continue;
    snprintf(message, size,
             "annotate(\"%.*s\") conflicts with annotate(\"%.*s\") on the same kernel: give "
             "ferry:%s once", (int)a->length, a->text, (int)earlier.length, earlier.text,
             key_names[setting->key]);
    return true;
  }
  return false;
}

bool ferry_kernel_options(LLVMValueRef fn, struct ferry_kernel_options *options) {
  memset(options, 0, sizeof *options);
  fn = ferry_dispatch_original(fn); /* a variant has its kernel's settings */
  LLVMValueRef entries = ferry_global_annotations(LLVMGetGlobalParent(fn));
  if (!entries || !ferry_is_kernel(fn)) /* elsewhere a warning says it is ignored */
    return true;
  for (int i = 0; i < LLVMGetNumOperands(entries); i++) {
    struct ferry_annotation a;
    struct setting setting;
    char message[FERRY_MESSAGE_SIZE];
    if (!read_annotation(entries, i, &a) || a.value != fn)
      continue;
    if (!parse_annotation(&a, &setting, message, sizeof message) ||
        conflicting_annotation(entries, i, &a, &setting, message, sizeof message)) {
      memset(options, 0, sizeof *options);
      return false;
    }
    switch (setting.key) {
    case KEY_STAGES:
      options->stages = (unsigned)setting.number;
      break;
    case KEY_DYNAMIC_SHARED:
      options->dynamic_shared = setting.number;
      break;
    case KEY_BULK:
      options->has_bulk = true;
      options->bulk = setting.bulk;
      break;
    case KEY_COUNT:
      break;
    }
  }
  return true;
}

static void report(const struct ferry_annotation *a, bool warning, const char *message) {
  char file[1024];
  snprintf(file, sizeof file, "%.*s", a->file ? (int)a->file_length : 0, a->file ? a->file : "");
  ferry_diagnose_at_line(a->value, file, a->line, warning, message);
}

bool ferry_check_kernel_options(LLVMModuleRef module) {
  LLVMValueRef entries = ferry_global_annotations(module);
  if (!ferry_is_device_module(module) || !entries ||
      LLVMGetNamedMetadata(module, checked_marker, sizeof checked_marker - 1))
    return false;
  for (int i = 0; i < LLVMGetNumOperands(entries); i++) {
    struct ferry_annotation a;
    struct setting setting;
    char message[FERRY_MESSAGE_SIZE];
    if (!read_annotation(entries, i, &a))
      continue;
    if (!ferry_is_kernel(a.value)) {
      snprintf(message, sizeof message,
               "annotate(\"%.*s\") is on a function that is not a kernel (__global__): ferry's "
               "settings apply to kernels alone, so it has no effect here", (int)a.length, a.text);
      report(&a, true, message);
    } else if (!parse_annotation(&a, &setting, message, sizeof message) ||
               conflicting_annotation(entries, i, &a, &setting, message, sizeof message)) {
      report(&a, false, message);
    }
  }
  LLVMGetOrInsertNamedMetadata(module, checked_marker, sizeof checked_marker - 1);
  return true;
}
