#include "names.h"

#include "util.h"

#include <stdio.h>
#include <string.h>

/* One function's numbering is cached: printers ask for many names in a row. */
static LLVMValueRef cached_function;
static struct ferry_map cached_slots;

static void number_function(LLVMValueRef fn) {
  if (cached_function == fn)
    return;
  ferry_map_free(&cached_slots);
  cached_function = fn;
  intptr_t next = 0;
  size_t len;
  for (LLVMValueRef arg = LLVMGetFirstParam(fn); arg; arg = LLVMGetNextParam(arg)) {
    LLVMGetValueName2(arg, &len);
    if (!len)
      ferry_map_put(&cached_slots, arg, next++);
  }
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb;
       bb = LLVMGetNextBasicBlock(bb)) {
    LLVMGetValueName2(LLVMBasicBlockAsValue(bb), &len);
    if (!len)
      ferry_map_put(&cached_slots, bb, next++);
    for (LLVMValueRef inst = LLVMGetFirstInstruction(bb); inst;
         inst = LLVMGetNextInstruction(inst)) {
      if (LLVMGetTypeKind(LLVMTypeOf(inst)) == LLVMVoidTypeKind)
        continue;
      LLVMGetValueName2(inst, &len);
      if (!len)
        ferry_map_put(&cached_slots, inst, next++);
    }
  }
}

void ferry_names_invalidate(void) {
  ferry_map_free(&cached_slots);
  cached_function = NULL;
}

static void local_name(LLVMValueRef fn, const void *key, LLVMValueRef as_value,
                       char *buf, size_t size) {
  size_t len;
  const char *name = LLVMGetValueName2(as_value, &len);
  if (len) {
    snprintf(buf, size, "%%%.*s", (int)len, name);
    return;
  }
  number_function(fn);
  intptr_t slot;
  if (ferry_map_get(&cached_slots, key, &slot))
    snprintf(buf, size, "%%%ld", (long)slot);
  else
    snprintf(buf, size, "%%<unnamed>");
}

void ferry_block_name(LLVMBasicBlockRef block, char *buf, size_t size) {
  local_name(LLVMGetBasicBlockParent(block), block, LLVMBasicBlockAsValue(block),
             buf, size);
}

void ferry_value_name(LLVMValueRef value, char *buf, size_t size) {
  if (LLVMIsAArgument(value)) {
    local_name(LLVMGetParamParent(value), value, value, buf, size);
  } else if (LLVMIsAInstruction(value)) {
    local_name(LLVMGetBasicBlockParent(LLVMGetInstructionParent(value)), value,
               value, buf, size);
  } else if (LLVMValueIsBasicBlock(value)) {
    ferry_block_name(LLVMValueAsBasicBlock(value), buf, size);
  } else if (LLVMIsAGlobalValue(value)) {
    size_t len;
    const char *name = LLVMGetValueName2(value, &len);
    snprintf(buf, size, "@%.*s", (int)len, name);
  } else {
    char *text = LLVMPrintValueToString(value);
    snprintf(buf, size, "%s", text);
    LLVMDisposeMessage(text);
  }
}
