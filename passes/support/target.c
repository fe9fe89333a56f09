#include "target.h"

#include "ferry.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* LLVM's CallingConv::PTX_Kernel: how LLVM 22 marks a __global__ function. */
enum { PTX_KERNEL_CALLING_CONVENTION = 71 };

static const char *function_string_attribute(LLVMValueRef fn, const char *key,
                                             unsigned *length) {
  LLVMAttributeRef attribute = LLVMGetStringAttributeAtIndex(
      fn, LLVMAttributeFunctionIndex, key, (unsigned)strlen(key));
  if (!attribute)
    return NULL;
  return LLVMGetStringAttributeValue(attribute, length);
}

struct ferry_target ferry_function_target(LLVMValueRef fn) {
  struct ferry_target target = {0};
  unsigned length;
  const char *cpu = function_string_attribute(fn, "target-cpu", &length);
  if (cpu && length > 3 && strncmp(cpu, "sm_", 3) == 0) {
    char text[16] = {0};
    memcpy(text, cpu + 3, length - 3 < sizeof text - 1 ? length - 3 : sizeof text - 1);
    char *end;
    target.sm = (unsigned)strtoul(text, &end, 10);
    target.arch_specific = *end == 'a';
  }
  const char *features = function_string_attribute(fn, "target-features", &length);
  for (unsigned i = 0; features && i + 4 < length; i++) {
    if (strncmp(features + i, "+ptx", 4) == 0) {
      unsigned ptx = 0;
      for (unsigned j = i + 4; j < length && features[j] >= '0' && features[j] <= '9'; j++)
        ptx = ptx * 10 + (unsigned)(features[j] - '0');
      target.ptx = ptx;
    }
  }
  return target;
}

bool ferry_target_has_cp_async(struct ferry_target target) {
  return target.sm >= 80 && (target.ptx == 0 || target.ptx >= 70);
}

bool ferry_target_has_bulk_copy(struct ferry_target target) {
  return target.sm >= 90 && (target.ptx == 0 || target.ptx >= 80);
}

bool ferry_target_has_cp_async_ignore_src(struct ferry_target target) { return target.sm >= 90; }

bool ferry_is_kernel(LLVMValueRef fn) {
  return LLVMGetFunctionCallConv(fn) == PTX_KERNEL_CALLING_CONVENTION;
}

bool ferry_is_device_module(LLVMModuleRef module) {
  size_t length;
  const char *triple = LLVMGetTarget(module);
  length = triple ? strlen(triple) : 0;
  return length >= 5 && strncmp(triple, "nvptx", 5) == 0 &&
         strstr(triple, "nvidia-cuda") != NULL;
}

unsigned ferry_thread_extents(LLVMValueRef fn, const char *key, unsigned long long extents[3]) {
  LLVMAttributeRef attribute = LLVMGetStringAttributeAtIndex(fn, LLVMAttributeFunctionIndex, key,
                                                             (unsigned)strlen(key));
  if (!attribute)
    return 0;
  unsigned length, count = 0;
  const char *text = LLVMGetStringAttributeValue(attribute, &length);
  char copy[64];
  snprintf(copy, sizeof copy, "%.*s", (int)length, text);
  for (char *p = copy; *p && count < 3;) {
    char *end;
    extents[count] = strtoull(p, &end, 10);
    if (end == p || extents[count] == 0)
      return 0;
    count++;
    p = *end == ',' ? end + 1 : end;
    if (*end && *end != ',')
      return 0;
  }
  return count;
}

unsigned long long ferry_max_block_threads(LLVMValueRef fn) {
  unsigned long long extents[3];
  unsigned count = ferry_thread_extents(fn, "nvvm.reqntid", extents);
  if (!count)
    count = ferry_thread_extents(fn, "nvvm.maxntid", extents);
  unsigned long long product = 1;
  for (unsigned i = 0; i < count; i++)
    product *= extents[i];
  return count && product < 1024 ? product : 1024;
}
