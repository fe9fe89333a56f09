/* Reads @llvm.global.annotations: see kernel_options.h. Each entry is a
 * struct { ptr function, ptr string, ptr file, i32 line, ptr arguments }. */
#include "kernel_options.h"

#include "address_space.h"
#include "bridge.h"
#include "dispatch.h"

#include <stdio.h>
#include <string.h>

static const char prefix[] = "ferry:";

/* The text of a constant C string global (through casts), or NULL. */
static const char *string_of(LLVMValueRef value, size_t *length) {
  value = ferry_strip_pointer(value);
  if (!LLVMIsAGlobalVariable(value) || !LLVMGetInitializer(value) ||
      !LLVMIsAConstantDataSequential(LLVMGetInitializer(value)))
    return NULL;
  const char *text = LLVMGetAsString(LLVMGetInitializer(value), length);
  if (*length && text[*length - 1] == '\0')
    --*length;
  return text;
}

bool ferry_kernel_option(LLVMValueRef fn, const char *name, char *value, size_t size) {
  fn = ferry_dispatch_original(fn); /* a variant has its kernel's settings */
  LLVMModuleRef module = LLVMGetGlobalParent(fn);
  LLVMValueRef annotations = LLVMGetNamedGlobal(module, "llvm.global.annotations");
  if (!annotations || !LLVMGetInitializer(annotations))
    return false;
  LLVMValueRef entries = LLVMGetInitializer(annotations);
  size_t name_length = strlen(name);
  for (int i = 0; i < LLVMGetNumOperands(entries); i++) {
    LLVMValueRef entry = LLVMGetOperand(entries, (unsigned)i);
    if (LLVMGetNumOperands(entry) < 2 || ferry_strip_pointer(LLVMGetOperand(entry, 0)) != fn)
      continue;
    size_t length;
    const char *text = string_of(LLVMGetOperand(entry, 1), &length);
    size_t key = sizeof prefix - 1 + name_length;
    if (!text || length <= key || strncmp(text, prefix, sizeof prefix - 1) != 0 ||
        strncmp(text + sizeof prefix - 1, name, name_length) != 0 || text[key] != '=')
      continue;
    snprintf(value, size, "%.*s", (int)(length - key - 1), text + key + 1);
    return true;
  }
  return false;
}

/* The settings a kernel may carry; anything else after "ferry:" is a typo
 * that would otherwise be ignored without a word. */
static const char *const known_options[] = {"stages", "dynamic_shared", "bulk"};

void ferry_check_kernel_options(LLVMModuleRef module) {
  LLVMValueRef annotations = LLVMGetNamedGlobal(module, "llvm.global.annotations");
  if (!annotations || !LLVMGetInitializer(annotations))
    return;
  LLVMValueRef entries = LLVMGetInitializer(annotations);
  for (int i = 0; i < LLVMGetNumOperands(entries); i++) {
    LLVMValueRef entry = LLVMGetOperand(entries, (unsigned)i);
    if (LLVMGetNumOperands(entry) < 2)
      continue;
    LLVMValueRef fn = ferry_strip_pointer(LLVMGetOperand(entry, 0));
    size_t length;
    const char *text = string_of(LLVMGetOperand(entry, 1), &length);
    if (!LLVMIsAFunction(fn) || !text || length < sizeof prefix - 1 ||
        strncmp(text, prefix, sizeof prefix - 1) != 0)
      continue;
    const char *name = text + sizeof prefix - 1;
    const char *equals = memchr(name, '=', length - (sizeof prefix - 1));
    size_t name_length = equals ? (size_t)(equals - name) : length - (sizeof prefix - 1);
    bool known = false;
    for (size_t k = 0; k < sizeof known_options / sizeof *known_options; k++)
      known |= strlen(known_options[k]) == name_length && strncmp(known_options[k], name, name_length) == 0;
    if (known && equals)
      continue;
    char message[512];
    snprintf(message, sizeof message,
             "annotate(\"%.*s\"): %s; ferry's kernel settings are ferry:stages=N, "
             "ferry:dynamic_shared=BYTES and ferry:bulk=auto|always|never",
             (int)length, text, known ? "the setting needs a value after '='" : "no such ferry setting");
    ferry_error(fn, message);
  }
}
