/* ferry-dispatch-host: the host half of the launch dispatch (dispatch.h).
 *
 * Matches, in the host module of a clang CUDA compile, the registration of
 * each kernel (__cudaRegisterFunction(handle, stub, "K", "K", ...) in
 * __cuda_register_globals; under the new offload driver, -fgpu-rdc or
 * --offload-new-driver, the kernel's offloading entry, which
 * clang-linker-wrapper registers at link time) and every cudaLaunchKernel
 * (or cudaLaunchKernel_ptsz) of a registered kernel's handle, which clang
 * writes in the kernel's launch stub. Emits, per kernel whose variant the
 * device code embedded in the module names: a second registration (or
 * entry), of K__ferry under a host handle of its own, and of K__ferry_ring
 * (the variant whose extern tile's ring takes its stages from the launch's
 * dynamic shared memory: dispatch.h) where the device code names that, and
 * of K__ferry_alt (the kernel's second variant, the alternative, which only
 * a trial runs: dispatch.h) where it names that, and of K__ferry_ver (the
 * versioning alone, which only a trial runs) where it names that, a record
 * of the handles, and in place of each launch a call to ferry_dispatch_launch,
 * which chooses per launch between the two (dispatch_runtime.c; linked
 * into the module from the bitcode ferry embeds, with internal linkage).
 * A host compile cannot know which kernels its device compiles converted:
 * an image for one architecture may lack a variant that another has, and
 * the runtime finds that out per device. Refuses, with a remark, and leaves
 * the module as written: a host target other than x86-64 (the launch's
 * dim3 arguments are passed as that ABI has them), and a launch whose
 * arguments do not have that form. A launch the stub does not make (a
 * kernel pointer from another translation unit, graphs, the driver API)
 * runs the kernel as written. */
#include "dispatch.h"

#include "bridge.h"
#include "ferry.h"
#include "ir_build.h"
#include "names.h"
#include "util.h"

#include <llvm-c/BitReader.h>
#include <llvm-c/DebugInfo.h>
#include <llvm-c/Linker.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* dispatch_runtime.c as LLVM bitcode (dispatch_runtime_bitcode.c). */
extern const char ferry_dispatch_runtime_bitcode[];
extern const char ferry_dispatch_runtime_bitcode_end[];

static const char launch_helper[] = "ferry_dispatch_launch";
static const char launch_helper_ptsz[] = "ferry_dispatch_launch_ptsz";
static const char record_layout[] = "ferry_dispatch_kernel_layout";

/* The variants a kernel may have: the device code names each the
 * kernel's name followed by the suffix (dispatch.h). The record
 * (dispatch_runtime.c, struct ferry_dispatch_kernel) holds the kernel's
 * handle, the first three kinds' handles, the kernel's name, the
 * per-device facts, then the handles of the entries only a trial runs:
 * the alternative's, the versioning alone's. */
enum { VARIANT_KINDS = 5, RING_KIND = 1, TRIAL_KIND = 2, ALTERNATIVE_KIND = 3, VERSIONED_KIND = 4 };
enum { RECORD_NAME = 4, RECORD_DEVICES = 5, RECORD_FIELDS = 8 };
static const struct variant_kind {
  const char *suffix;        /* after the kernel's device name */
  const char *handle_suffix; /* after the stub's name: its host handle's name */
  const char *name_global;   /* the registration's string's name */
  unsigned record_field;     /* its handle's field in the record */
} variant_kinds[VARIANT_KINDS] = {
    {FERRY_VARIANT_SUFFIX, ".ferry_variant", "ferry.variant_name", 1},
    {FERRY_RING_VARIANT_SUFFIX, ".ferry_ring_variant", "ferry.ring_variant_name", 2},
    {FERRY_TRIAL_VARIANT_SUFFIX, ".ferry_trial_variant", "ferry.trial_variant_name", 3},
    {FERRY_ALT_VARIANT_SUFFIX, ".ferry_alt_variant", "ferry.alt_variant_name", 6},
    {FERRY_VERSIONED_VARIANT_SUFFIX, ".ferry_ver_variant", "ferry.ver_variant_name", 7},
};

struct registration {
  LLVMValueRef call;   /* __cudaRegisterFunction(...), or */
  LLVMValueRef entry;  /* the kernel's offloading entry (the new offload driver) */
  LLVMValueRef stub;   /* the kernel's host handle */
  char *name;          /* the kernel's device name */
  LLVMValueRef name_global; /* the constant string holding it */
  bool held[VARIANT_KINDS]; /* the device code may hold that variant */
  LLVMValueRef record; /* its ferry_dispatch_kernel */
  unsigned launches;   /* launches rewritten */
};

/* The text of a constant C string global, or NULL. */
static char *string_of(LLVMValueRef value) {
  value = ferry_strip_constant_casts(value);
  if (!value || !LLVMIsAGlobalVariable(value) || !LLVMGetInitializer(value) ||
      !LLVMIsAConstantDataSequential(LLVMGetInitializer(value)))
    return NULL;
  size_t length;
  const char *text = LLVMGetAsString(LLVMGetInitializer(value), &length);
  if (!length || text[length - 1] != '\0' || memchr(text, '\0', length - 1))
    return NULL;
  char *copy = ferry_xmalloc(length);
  memcpy(copy, text, length);
  return copy;
}

static bool is_call_to(LLVMValueRef user, LLVMValueRef callee) {
  return LLVMIsACallInst(user) && LLVMGetCalledValue(user) == callee;
}

static bool ends_with(const char *text, const char *suffix) {
  size_t length = strlen(text), suffix_length = strlen(suffix);
  return length >= suffix_length && strcmp(text + length - suffix_length, suffix) == 0;
}

/* Records a kernel's registration, unless it is a variant's or the
 * kernel's is known. */
static void add_registration(struct ferry_vec *registrations, LLVMValueRef call, LLVMValueRef entry,
                             LLVMValueRef stub, LLVMValueRef name_global) {
  stub = ferry_strip_constant_casts(stub);
  char *name = string_of(name_global);
  bool known = false;
  for (size_t i = 0; i < registrations->count && stub; i++)
    known |= ((struct registration *)registrations->items[i])->stub == stub;
  bool variant = false; /* a variant's registration */
  for (size_t k = 0; k < VARIANT_KINDS && name; k++)
    variant |= ends_with(name, variant_kinds[k].suffix);
  if (!stub || !LLVMIsAFunction(stub) || !name || variant || known) {
    free(name);
    return;
  }
  struct registration *r = ferry_xcalloc(1, sizeof *r);
  *r = (struct registration){
      .call = call, .entry = entry, .stub = stub, .name = name, .name_global = ferry_strip_constant_casts(name_global)};
  ferry_vec_push(registrations, r);
}

/* clang's registration: __cudaRegisterFunction(handle, stub, "K", "K", ...)
 * in __cuda_register_globals. */
static void collect_registrations(LLVMValueRef register_function, struct ferry_vec *registrations) {
  for (LLVMUseRef use = LLVMGetFirstUse(register_function); use; use = LLVMGetNextUse(use)) {
    LLVMValueRef call = LLVMGetUser(use);
    if (is_call_to(call, register_function) && LLVMGetNumArgOperands(call) >= 4)
      add_registration(registrations, call, NULL, LLVMGetOperand(call, 1), LLVMGetOperand(call, 2));
  }
}

/* The new offload driver's: a constant { i64, i16, i16, i32, ptr address,
 * ptr name, i64, i64, ptr } in section llvm_offload_entries per kernel (and
 * per variable: its address is no function), which clang-linker-wrapper
 * registers at link time. */
static const char offload_section[] = "llvm_offload_entries";
enum { ENTRY_FIELDS = 9, ENTRY_ADDRESS = 4, ENTRY_NAME = 5 };

static void collect_offload_entries(LLVMModuleRef module, struct ferry_vec *registrations) {
  for (LLVMValueRef global = LLVMGetFirstGlobal(module); global; global = LLVMGetNextGlobal(global)) {
    const char *section = LLVMGetSection(global);
    LLVMValueRef init = LLVMGetInitializer(global);
    if (!section || strcmp(section, offload_section) != 0 || !init ||
        LLVMGetTypeKind(LLVMTypeOf(init)) != LLVMStructTypeKind ||
        LLVMCountStructElementTypes(LLVMTypeOf(init)) != ENTRY_FIELDS ||
        LLVMGetNumOperands(init) != ENTRY_FIELDS)
      continue;
    add_registration(registrations, NULL, global, LLVMGetOperand(init, ENTRY_ADDRESS),
                     LLVMGetOperand(init, ENTRY_NAME));
  }
}

/* The variant's offloading entry: the kernel's, with the variant's handle
 * and name, for clang-linker-wrapper to register beside it. */
static void add_offload_entry(LLVMModuleRef module, struct registration *r, LLVMValueRef handle,
                              const char *variant_name) {
  LLVMContextRef context = LLVMGetModuleContext(module);
  LLVMValueRef text = LLVMConstStringInContext2(context, variant_name, strlen(variant_name), false);
  LLVMValueRef name = LLVMAddGlobal(module, LLVMTypeOf(text), ".offloading.entry_name.ferry");
  LLVMSetInitializer(name, text);
  LLVMSetGlobalConstant(name, true);
  LLVMSetLinkage(name, LLVMInternalLinkage);
  LLVMSetUnnamedAddress(name, LLVMGlobalUnnamedAddr);
  LLVMSetSection(name, LLVMGetSection(ferry_strip_constant_casts(LLVMGetOperand(LLVMGetInitializer(r->entry),
                                                                 ENTRY_NAME))));
  LLVMValueRef init = LLVMGetInitializer(r->entry);
  LLVMValueRef fields[ENTRY_FIELDS];
  for (unsigned i = 0; i < ENTRY_FIELDS; i++)
    fields[i] = LLVMGetOperand(init, i);
  fields[ENTRY_ADDRESS] = handle;
  fields[ENTRY_NAME] = name;
  size_t room = strlen(variant_name) + 32;
  char *entry_name = ferry_xmalloc(room);
  snprintf(entry_name, room, ".offloading.entry.%s", variant_name);
  LLVMTypeRef type = LLVMTypeOf(init);
  LLVMValueRef entry = LLVMAddGlobal(module, type, entry_name);
  free(entry_name);
  LLVMSetInitializer(entry, LLVMConstNamedStruct(type, fields, ENTRY_FIELDS));
  LLVMSetGlobalConstant(entry, true);
  LLVMSetLinkage(entry, LLVMGetLinkage(r->entry));
  LLVMSetSection(entry, offload_section);
  LLVMSetAlignment(entry, LLVMGetAlignment(r->entry));
  LLVMValueRef symbol = LLVMMetadataAsValue(
      context, LLVMMDNodeInContext2(context, (LLVMMetadataRef[]){LLVMValueAsMetadata(name)}, 1));
  LLVMAddNamedMetadataOperand(module, "llvm.offloading.symbols", symbol);
}

/* Links dispatch_runtime.c into the module, once; false when the
 * embedded bitcode does not load (then nothing changed). */
static bool link_runtime(LLVMModuleRef module, char *reason, size_t size) {
  if (LLVMGetNamedFunction(module, launch_helper))
    return true;
  LLVMContextRef context = LLVMGetModuleContext(module);
  LLVMMemoryBufferRef buffer = LLVMCreateMemoryBufferWithMemoryRange(
      ferry_dispatch_runtime_bitcode,
      (size_t)(ferry_dispatch_runtime_bitcode_end - ferry_dispatch_runtime_bitcode),
      "ferry-dispatch-runtime", false);
  LLVMModuleRef runtime = NULL;
  bool failed = LLVMParseBitcodeInContext2(context, buffer, &runtime);
  LLVMDisposeMemoryBuffer(buffer);
  if (failed)
    return ferry_refuse(reason, size, "ferry's embedded dispatch runtime does not load");
  LLVMSetTarget(runtime, LLVMGetTarget(module));
  LLVMSetDataLayout(runtime, LLVMGetDataLayoutStr(module));
  if (LLVMLinkModules2(module, runtime)) /* consumes runtime */
    return ferry_refuse(reason, size, "ferry's dispatch runtime does not link into the module");
  LLVMSetLinkage(LLVMGetNamedFunction(module, launch_helper), LLVMInternalLinkage);
  LLVMSetLinkage(LLVMGetNamedFunction(module, launch_helper_ptsz), LLVMInternalLinkage);
  return true;
}

static LLVMValueRef private_string(LLVMModuleRef module, const char *text, const char *name) {
  LLVMContextRef context = LLVMGetModuleContext(module);
  LLVMValueRef init = LLVMConstStringInContext2(context, text, strlen(text), false);
  LLVMValueRef global = LLVMAddGlobal(module, LLVMTypeOf(init), name);
  LLVMSetInitializer(global, init);
  LLVMSetGlobalConstant(global, true);
  LLVMSetLinkage(global, LLVMPrivateLinkage);
  LLVMSetUnnamedAddress(global, LLVMGlobalUnnamedAddr);
  return global;
}

/* The variant's __cudaRegisterFunction, right after the kernel's. */
static void register_call(LLVMBuilderRef builder, struct registration *r, LLVMValueRef handle,
                          LLVMValueRef name) {
  unsigned count = (unsigned)LLVMGetNumArgOperands(r->call);
  LLVMValueRef *arguments = ferry_xmalloc(count * sizeof *arguments);
  for (unsigned i = 0; i < count; i++)
    arguments[i] = LLVMGetOperand(r->call, i);
  arguments[1] = handle;
  arguments[2] = name;
  arguments[3] = name;
  LLVMValueRef register_function = LLVMGetCalledValue(r->call);
  LLVMValueRef after = LLVMGetNextInstruction(r->call);
  LLVMPositionBuilder(builder, LLVMGetInstructionParent(r->call), after);
  LLVMBuildCall2(builder, LLVMGlobalGetValueType(register_function), register_function, arguments,
                 count, "");
  free(arguments);
}

/* The device code the module embeds: the fatbinary of a clang CUDA
 * compile (section .nv_fatbin) or the device objects of the new offload
 * driver (.llvm.offloading). Their cubins name every kernel in their
 * string tables, their PTX in its .entry lines. */
struct device_images {
  struct ferry_vec bytes;   /* const char * */
  struct ferry_vec lengths; /* size_t, as pointers */
};

static void find_device_images(LLVMModuleRef module, struct device_images *images) {
  for (LLVMValueRef global = LLVMGetFirstGlobal(module); global; global = LLVMGetNextGlobal(global)) {
    const char *section = LLVMGetSection(global);
    LLVMValueRef init = LLVMGetInitializer(global);
    if (!section || !init || !LLVMIsAConstantDataSequential(init) ||
        (strcmp(section, ".nv_fatbin") != 0 && strcmp(section, ".llvm.offloading") != 0))
      continue;
    size_t length;
    const char *bytes = LLVMGetAsString(init, &length);
    ferry_vec_push(&images->bytes, (void *)bytes);
    ferry_vec_push(&images->lengths, (void *)(uintptr_t)length);
  }
}

static bool identifier_byte(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
         c == '$';
}

/* Whether some embedded image may hold the function `name`: false only
 * when images were found and none names it (a compressed image names
 * nothing: its kernels are then not dispatched). */
static bool images_may_hold(const struct device_images *images, const char *name) {
  if (!images->bytes.count)
    return true; /* nothing to look in: the runtime finds out */
  size_t name_length = strlen(name);
  for (size_t i = 0; i < images->bytes.count; i++) {
    const char *bytes = images->bytes.items[i];
    const char *end = bytes + (size_t)(uintptr_t)images->lengths.items[i];
    for (const char *at = bytes; (size_t)(end - at) >= name_length;) {
      const char *hit = memchr(at, name[0], (size_t)(end - at) - name_length + 1);
      if (!hit)
        break;
      if (memcmp(hit, name, name_length) == 0 && (hit == bytes || !identifier_byte(hit[-1])) &&
          (hit + name_length == end || !identifier_byte(hit[name_length])))
        return true;
      at = hit + 1;
    }
  }
  return false;
}

/* A variant's host handle and registration, under the kernel's name
 * followed by its kind's suffix. */
static LLVMValueRef register_one(LLVMModuleRef module, LLVMBuilderRef builder, struct registration *r,
                                 const struct variant_kind *kind) {
  LLVMContextRef context = LLVMGetModuleContext(module);
  size_t stub_length;
  const char *stub_name = LLVMGetValueName2(r->stub, &stub_length);
  size_t room = stub_length + strlen(r->name) + 64;
  char *text = ferry_xmalloc(room);

  /* A byte of its own: cudart keys functions by host address. Not
   * constant, so that no linker merges it with another. */
  snprintf(text, room, "%s%s", stub_name, kind->handle_suffix);
  LLVMTypeRef byte = LLVMInt8TypeInContext(context);
  LLVMValueRef handle = LLVMAddGlobal(module, byte, text);
  LLVMSetInitializer(handle, LLVMConstInt(byte, 0, false));
  LLVMSetLinkage(handle, LLVMInternalLinkage);

  snprintf(text, room, "%s%s", r->name, kind->suffix);
  if (r->entry) {
    add_offload_entry(module, r, handle, text);
  } else {
    register_call(builder, r, handle, private_string(module, text, kind->name_global));
  }
  free(text);
  return handle;
}

/* The variants' host handles, registrations and record: a variant the
 * device code does not name has no handle (null in the record). */
static void register_variant(LLVMModuleRef module, LLVMBuilderRef builder, struct registration *r,
                             LLVMTypeRef record_type) {
  LLVMTypeRef pointer = LLVMStructGetTypeAtIndex(record_type, 1);
  /* The record: the kernel's handle, each kind's, the kernel's name (which
   * the registration already holds, for the runtime's report,
   * FERRY_DISPATCH_REPORT), the per-device facts. */
  LLVMValueRef fields[RECORD_FIELDS];
  fields[0] = r->stub;
  /* Each registration goes right after the kernel's: the last kind's
   * first, so that they follow the kernel's in the kinds' order. */
  for (size_t k = VARIANT_KINDS; k-- > 0;)
    fields[variant_kinds[k].record_field] =
        r->held[k] ? register_one(module, builder, r, &variant_kinds[k]) : LLVMConstNull(pointer);
  fields[RECORD_NAME] = r->name_global;
  fields[RECORD_DEVICES] = LLVMConstNull(LLVMStructGetTypeAtIndex(record_type, RECORD_DEVICES));
  size_t stub_length;
  const char *stub_name = LLVMGetValueName2(r->stub, &stub_length);
  size_t room = stub_length + 32;
  char *text = ferry_xmalloc(room);
  snprintf(text, room, "%s.ferry_dispatch", stub_name);
  r->record = LLVMAddGlobal(module, record_type, text);
  LLVMSetInitializer(r->record, LLVMConstNamedStruct(record_type, fields, RECORD_FIELDS));
  LLVMSetLinkage(r->record, LLVMInternalLinkage);
  free(text);
}

static struct registration *registration_of(const struct ferry_vec *registrations,
                                            LLVMValueRef handle) {
  handle = ferry_strip_constant_casts(handle);
  for (size_t i = 0; i < registrations->count; i++) {
    struct registration *r = registrations->items[i];
    if (r->stub == handle)
      return r;
  }
  return NULL;
}

/* Every launch of a registered handle through `launch` becomes a call of
 * `helper` with the kernel's record: the same arguments but the first. */
static void rewrite_launches(LLVMModuleRef module, LLVMBuilderRef builder, const char *launch_name,
                             LLVMValueRef helper, const struct ferry_vec *registrations) {
  LLVMValueRef launch = LLVMGetNamedFunction(module, launch_name);
  if (!launch)
    return;
  LLVMTypeRef helper_type = LLVMGlobalGetValueType(helper);
  struct ferry_vec calls = {0};
  for (LLVMUseRef use = LLVMGetFirstUse(launch); use; use = LLVMGetNextUse(use))
    if (is_call_to(LLVMGetUser(use), launch))
      ferry_vec_push_unique(&calls, LLVMGetUser(use));
  for (size_t i = 0; i < calls.count; i++) {
    LLVMValueRef call = calls.items[i];
    struct registration *r = registration_of(registrations, LLVMGetOperand(call, 0));
    if (!r)
      continue;
    unsigned count = (unsigned)LLVMGetNumArgOperands(call);
    bool same_form = count == LLVMCountParamTypes(helper_type) &&
                     LLVMTypeOf(call) == LLVMGetReturnType(helper_type);
    LLVMTypeRef parameters[8];
    if (same_form && count == 8) {
      LLVMGetParamTypes(helper_type, parameters);
      for (unsigned a = 1; a < count; a++)
        same_form &= LLVMTypeOf(LLVMGetOperand(call, a)) == parameters[a];
    }
    if (!same_form || count != 8) {
      ferry_remark(FERRY_REMARK_ANALYSIS, call, "LaunchNotDispatched",
                   "this launch runs the kernel as written: its arguments are not those of "
                   "cudaLaunchKernel on x86-64");
      continue;
    }
    LLVMValueRef arguments[8];
    arguments[0] = r->record;
    for (unsigned a = 1; a < count; a++)
      arguments[a] = LLVMGetOperand(call, a);
    LLVMPositionBuilderBefore(builder, call);
    LLVMSetCurrentDebugLocation2(builder, LLVMInstructionGetDebugLoc(call));
    LLVMValueRef dispatched = LLVMBuildCall2(builder, helper_type, helper, arguments, count, "");
    LLVMReplaceAllUsesWith(call, dispatched);
    size_t length;
    char *name = ferry_xmalloc(1 + strlen(LLVMGetValueName2(call, &length)));
    strcpy(name, LLVMGetValueName2(call, &length));
    LLVMInstructionEraseFromParent(call);
    LLVMSetValueName2(dispatched, name, strlen(name));
    free(name);
    r->launches++;
  }
  ferry_vec_free(&calls);
}

static void remark_each_stub(LLVMModuleRef module, const char *message) {
  for (LLVMValueRef fn = LLVMGetFirstFunction(module); fn; fn = LLVMGetNextFunction(fn)) {
    size_t length;
    const char *name = LLVMGetValueName2(fn, &length);
    if (!LLVMIsDeclaration(fn) && strstr(name, "__device_stub__"))
      ferry_remark(FERRY_REMARK_MISSED, fn, "NotDispatched", message);
  }
}

static void free_registrations(struct ferry_vec *registrations) {
  for (size_t i = 0; i < registrations->count; i++) {
    struct registration *r = registrations->items[i];
    free(r->name);
    free(r);
  }
  ferry_vec_free(registrations);
}

bool ferry_dispatch_host_run(LLVMModuleRef module) {
  if (ferry_is_device_module(module) || ferry_option_dispatch() == FERRY_DISPATCH_NEVER)
    return false;
  LLVMValueRef register_function = LLVMGetNamedFunction(module, "__cudaRegisterFunction");
  struct ferry_vec registrations = {0};
  if (register_function)
    collect_registrations(register_function, &registrations);
  else
    collect_offload_entries(module, &registrations);
  /* A kernel whose variant no embedded image names is left alone: its
   * registration would only make the runtime look for it in vain (which
   * compute-sanitizer reports as an API error). */
  struct device_images images = {0};
  find_device_images(module, &images);
  size_t kept = 0;
  for (size_t i = 0; i < registrations.count; i++) {
    struct registration *r = registrations.items[i];
    bool any = false;
    for (size_t k = 0; k < VARIANT_KINDS; k++) {
      size_t room = strlen(r->name) + strlen(variant_kinds[k].suffix) + 1;
      char *variant = ferry_xmalloc(room);
      snprintf(variant, room, "%s%s", r->name, variant_kinds[k].suffix);
      r->held[k] = images_may_hold(&images, variant);
      any |= r->held[k];
      free(variant);
    }
    if (any) {
      registrations.items[kept++] = r;
      continue;
    }
    ferry_remark(FERRY_REMARK_ANALYSIS, r->stub, "NoVariantInImage",
                 "no variant in the device code this module embeds: launches run the kernel as "
                 "written");
    free(r->name);
    free(r);
  }
  registrations.count = kept;
  ferry_vec_free(&images.bytes);
  ferry_vec_free(&images.lengths);
  if (!registrations.count) {
    ferry_vec_free(&registrations);
    return false;
  }
  char reason[FERRY_REASON_SIZE];
  const char *triple = LLVMGetTarget(module);
  bool linked = false;
  if (!triple || strncmp(triple, "x86_64", 6) != 0)
    ferry_refuse(reason, sizeof reason,
                 "the host target is %s, and ferry's dispatch passes a launch's arguments as "
                 "x86-64 does", triple && *triple ? triple : "not set");
  else
    linked = link_runtime(module, reason, sizeof reason);
  if (!linked) {
    char message[FERRY_MESSAGE_SIZE];
    snprintf(message, sizeof message,
             "no launch dispatch: %s; the kernels run as written (-mllvm -ferry-dispatch=never "
             "converts them in place)", reason);
    remark_each_stub(module, message);
    free_registrations(&registrations);
    return false;
  }
  LLVMValueRef layout = LLVMGetNamedGlobal(module, record_layout);
  LLVMTypeRef record_type = LLVMGlobalGetValueType(layout);
  LLVMBuilderRef builder = LLVMCreateBuilderInContext(LLVMGetModuleContext(module));
  for (size_t i = 0; i < registrations.count; i++)
    register_variant(module, builder, registrations.items[i], record_type);
  rewrite_launches(module, builder, "cudaLaunchKernel", LLVMGetNamedFunction(module, launch_helper),
                   &registrations);
  rewrite_launches(module, builder, "cudaLaunchKernel_ptsz",
                   LLVMGetNamedFunction(module, launch_helper_ptsz), &registrations);
  LLVMDisposeBuilder(builder);
  LLVMDeleteGlobal(layout);
  /* What no launch calls goes: at -O0 nothing else would remove it. */
  static const char *const helpers[] = {launch_helper, launch_helper_ptsz};
  for (size_t i = 0; i < 2; i++) {
    LLVMValueRef helper = LLVMGetNamedFunction(module, helpers[i]);
    if (helper && !LLVMGetFirstUse(helper))
      LLVMDeleteFunction(helper);
  }
  for (size_t i = 0; i < registrations.count; i++) {
    struct registration *r = registrations.items[i];
    char message[2 * FERRY_MESSAGE_SIZE]; /* the names, and the rules' words */
    char names[FERRY_MESSAGE_SIZE / 2];
    const char *suffixes[VARIANT_KINDS];
    unsigned count = 0;
    for (size_t k = 0; k < VARIANT_KINDS; k++)
      if (r->held[k])
        suffixes[count++] = variant_kinds[k].suffix;
    int used = snprintf(names, sizeof names, "the variant%s", count > 1 ? "s" : "");
    for (unsigned k = 0; k < count && used > 0 && (size_t)used < sizeof names; k++)
      used += snprintf(names + used, sizeof names - (size_t)used, "%s %s%s",
                       k == 0 ? "" : k + 1 == count ? " and" : ",", r->name, suffixes[k]);
    if (used > 0 && (size_t)used < sizeof names)
      snprintf(names + used, sizeof names - (size_t)used, count > 1 ? " are" : " is");
    snprintf(message, sizeof message,
             "%s registered beside the kernel %s; %u launch%s here "
             "choose%s per launch between them: the variant where this device's image has it "
             "and the launch's threads and dynamic shared memory fit it (and the kernel's own "
             "limit), else the kernel as written%s%s%s%s; where the variant may run, each launch "
             "shape keeps the faster of the two, timed over its first launches "
             "(FERRY_DISPATCH=measure, the default)",
             names, r->name, r->launches, r->launches == 1 ? "" : "es",
             r->launches == 1 ? "s" : "",
             r->held[RING_KIND] ? "; the variant whose ring takes its stages from the launch "
                                  "(__ferry_ring) gets as many stages, 2 to 16, of the launch's "
                                  "dynamic shared memory as keep the launch's blocks per "
                                  "multiprocessor, else the kernel runs as written"
                                : "",
             r->held[TRIAL_KIND] ? "; the variant whose copies the rules alone leave as "
                                   "written (__ferry_trial) runs only where its launch shape's "
                                   "trial timed it faster, the kernel as written wherever no "
                                   "trial decides (FERRY_DISPATCH=model, a graph capture, a "
                                   "shape past the trial's 16)"
                                 : "",
             r->held[ALTERNATIVE_KIND] ? "; the second variant (__ferry_alt), the kernel "
                                         "converted another way, runs only where its launch "
                                         "shape's trial, of the kernel's entries, timed it "
                                         "fastest"
                                       : "",
             r->held[VERSIONED_KIND] ? "; the third entry (__ferry_ver), the kernel as written "
                                       "with the variant's alias versioning alone, runs only "
                                       "where its launch shape's trial, of the kernel's "
                                       "entries, timed it fastest"
                                     : "");
    ferry_remark(FERRY_REMARK_PASSED, r->stub, "LaunchDispatched", message);
  }
  free_registrations(&registrations);
  ferry_names_invalidate();
  return true;
}
