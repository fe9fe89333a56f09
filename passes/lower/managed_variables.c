/* ferry-managed-variables: nvcc's __managed__ variables under clang 22.
 *
 * nvcc places a __managed__ variable in unified memory, one object for host
 * and device code: the PTX declares it `.global .attribute(.managed)`, the
 * host stub registers a pointer with __cudaRegisterManagedVar, which the
 * CUDA runtime fills with the object's address when it loads the module,
 * and every host access goes through that pointer, after
 * __cudaInitModule(handle) has loaded the module (once a translation unit).
 * clang 22 implements managed variables for HIP alone: for CUDA it ignores
 * the attribute. ferry's nvcc_compat.h therefore declares such a variable
 * `__device__` with the annotation "ferry.managed_variable", which clang
 * records, with the declaration's file and line, in
 * @llvm.global.annotations of both halves of the compile; this pass does
 * the rest of what nvcc does:
 *
 * - device module: each annotated variable gets the nvvm.annotations entry
 *   "managed", from which the NVPTX back end prints .attribute(.managed);
 * - host module: clang's `__cudaRegisterVar(h, @x, "x", "x", ext, size,
 *   constant, global)` of the variable's shadow becomes
 *   `__cudaRegisterManagedVar(h, @x.managed, "x", "x", ext, size, constant,
 *   global)` of a pointer @x.managed (internal, null until the runtime
 *   fills it), and every use of the shadow in an instruction (constant
 *   expressions over it are made instructions first) becomes a call of
 *   ferry.managed_init (which calls __cudaInitModule with the handle saved
 *   at registration, until it succeeds, as nvcc's __nv_init_managed_rt
 *   does) and a load of @x.managed. The shadow is then erased.
 *
 * Refused, each with one error at the declaration's line (the
 * annotation's), the module otherwise as written:
 * - a variable clang registers through an offloading entry (-fgpu-rdc:
 *   nvcc's -rdc=true and -dc): clang-linker-wrapper registers a managed
 *   entry with HIP's __hipRegisterManagedVar arguments, not those of the
 *   CUDA runtime's __cudaRegisterManagedVar, so no entry can be right;
 * - a use of the shadow outside an instruction (`int *p = &x;` at file
 *   scope, or `int *p[] = {&x};` in a function, which clang initializes
 *   from a private constant): its address exists only at run time.
 * A host module that registers no device code (a host-only compile
 * without a device binary) registers nothing to rewrite: left as written. */
#include "bridge.h"
#include "ferry.h"
#include "ir_build.h"
#include "util.h"

#include <llvm-c/DebugInfo.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The annotation nvcc_compat.h gives a __managed__ variable. */
static const char managed_annotation[] = "ferry.managed_variable";
static const char annotations_name[] = "llvm.global.annotations";

/* One annotated variable: its global (the device variable, or the host
 * shadow) and where it is declared. */
struct managed_variable {
  LLVMValueRef global;
  const char *file; /* NUL-terminated copy, or NULL */
  unsigned line;
};

/* Whether an annotation marks its value a managed variable. */
static bool marks_managed(const struct ferry_annotation *a) {
  return LLVMIsAGlobalVariable(a->value) && a->length == strlen(managed_annotation) &&
         memcmp(a->text, managed_annotation, a->length) == 0;
}

/* Every variable annotated managed, once each, with its declaration's
 * place. */
static void collect_variables(LLVMModuleRef module, struct ferry_vec *variables) {
  LLVMValueRef entries = ferry_global_annotations(module);
  if (!entries || !LLVMIsAConstantArray(entries))
    return;
  for (int i = 0; i < LLVMGetNumOperands(entries); i++) {
    struct ferry_annotation a;
    if (!ferry_annotation_at(entries, i, &a) || !marks_managed(&a))
      continue;
    bool seen = false;
    for (size_t k = 0; k < variables->count && !seen; k++)
      seen = ((struct managed_variable *)variables->items[k])->global == a.value;
    if (seen)
      continue;
    struct managed_variable *v = ferry_xcalloc(1, sizeof *v);
    v->global = a.value;
    if (a.file) {
      char *copy = ferry_xmalloc(a.file_length + 1);
      memcpy(copy, a.file, a.file_length);
      copy[a.file_length] = '\0';
      v->file = copy;
      v->line = a.line;
    }
    ferry_vec_push(variables, v);
  }
}

static void free_variables(struct ferry_vec *variables) {
  for (size_t i = 0; i < variables->count; i++) {
    struct managed_variable *v = variables->items[i];
    free((char *)v->file);
    free(v);
  }
  ferry_vec_free(variables);
}

static const char *name_of(LLVMValueRef value) {
  size_t length;
  return LLVMGetValueName2(value, &length);
}

/* ---- device module ------------------------------------------------------ */

static bool has_managed_entry(LLVMModuleRef module, LLVMValueRef global) {
  unsigned count = LLVMGetNamedMetadataNumOperands(module, "nvvm.annotations");
  if (!count)
    return false;
  LLVMValueRef *nodes = ferry_xcalloc(count, sizeof *nodes);
  LLVMGetNamedMetadataOperands(module, "nvvm.annotations", nodes);
  bool found = false;
  for (unsigned i = 0; i < count && !found; i++) {
    if (LLVMGetMDNodeNumOperands(nodes[i]) < 2)
      continue;
    LLVMValueRef operands[3] = {0};
    if (LLVMGetMDNodeNumOperands(nodes[i]) > 3)
      continue;
    LLVMGetMDNodeOperands(nodes[i], operands);
    unsigned length = 0;
    const char *key = operands[1] ? LLVMGetMDString(operands[1], &length) : NULL;
    found = operands[0] == global && key && length == 7 && memcmp(key, "managed", 7) == 0;
  }
  free(nodes);
  return found;
}

static bool mark_device_variables(LLVMModuleRef module, struct ferry_vec *variables) {
  LLVMContextRef context = LLVMGetModuleContext(module);
  bool changed = false;
  for (size_t i = 0; i < variables->count; i++) {
    LLVMValueRef global = ((struct managed_variable *)variables->items[i])->global;
    if (has_managed_entry(module, global))
      continue;
    LLVMMetadataRef fields[3] = {
        LLVMValueAsMetadata(global),
        LLVMMDStringInContext2(context, "managed", 7),
        LLVMValueAsMetadata(LLVMConstInt(LLVMInt32TypeInContext(context), 1, false)),
    };
    LLVMAddNamedMetadataOperand(module, "nvvm.annotations",
                                LLVMMetadataAsValue(context, LLVMMDNodeInContext2(context, fields, 3)));
    changed = true;
  }
  return changed;
}

/* ---- host module -------------------------------------------------------- */

/* What the host rewrite adds once a module: the registration's handle,
 * whether __cudaInitModule succeeded, and the function that calls it. */
struct managed_runtime {
  LLVMModuleRef module;
  LLVMContextRef context;
  LLVMBuilderRef builder;
  LLVMTypeRef pointer_type;
  LLVMValueRef handle;      /* @ferry.managed_handle: the fat binary's handle */
  LLVMValueRef init;        /* @ferry.managed_init */
  LLVMTypeRef init_type;
  LLVMValueRef register_managed; /* @__cudaRegisterManagedVar */
  LLVMTypeRef register_managed_type;
};

static LLVMValueRef add_internal_global(LLVMModuleRef module, LLVMTypeRef type, const char *name) {
  LLVMValueRef global = LLVMAddGlobal(module, type, name);
  LLVMSetLinkage(global, LLVMInternalLinkage);
  LLVMSetInitializer(global, LLVMConstNull(type));
  return global;
}

/* The CUDA runtime's declaration (crt/host_runtime.h):
 *   void __cudaRegisterManagedVar(void **fatCubinHandle, void
 *       **hostVarPtrAddress, char *deviceAddress, const char *deviceName,
 *       int ext, size_t size, int constant, int global);
 * clang declares the name with HIP's six parameters in every CUDA host
 * module; that declaration has no call, and is replaced. */
static void declare_register_managed(struct managed_runtime *rt) {
  LLVMTypeRef i32 = LLVMInt32TypeInContext(rt->context);
  LLVMTypeRef parameters[8] = {rt->pointer_type, rt->pointer_type, rt->pointer_type, rt->pointer_type,
                               i32, LLVMInt64TypeInContext(rt->context), i32, i32};
  rt->register_managed_type = LLVMFunctionType(LLVMVoidTypeInContext(rt->context), parameters, 8, false);
  LLVMValueRef existing = LLVMGetNamedFunction(rt->module, "__cudaRegisterManagedVar");
  if (existing && LLVMGlobalGetValueType(existing) != rt->register_managed_type &&
      !LLVMGetFirstUse(existing) && LLVMIsDeclaration(existing)) {
    LLVMDeleteFunction(existing);
    existing = NULL;
  }
  rt->register_managed =
      existing ? existing : LLVMAddFunction(rt->module, "__cudaRegisterManagedVar", rt->register_managed_type);
}

/* define internal void @ferry.managed_init() {
 *   if (!ferry.managed_ready)
 *     ferry.managed_ready = __cudaInitModule(ferry.managed_handle);
 * } */
static void define_init(struct managed_runtime *rt) {
  LLVMTypeRef i8 = LLVMInt8TypeInContext(rt->context);
  LLVMValueRef ready = add_internal_global(rt->module, i8, "ferry.managed_ready");
  rt->init_type = LLVMFunctionType(LLVMVoidTypeInContext(rt->context), NULL, 0, false);
  rt->init = LLVMAddFunction(rt->module, "ferry.managed_init", rt->init_type);
  LLVMSetLinkage(rt->init, LLVMInternalLinkage);
  LLVMTypeRef init_module_type = LLVMFunctionType(i8, &rt->pointer_type, 1, false);
  LLVMValueRef init_module = LLVMGetNamedFunction(rt->module, "__cudaInitModule");
  if (!init_module)
    init_module = LLVMAddFunction(rt->module, "__cudaInitModule", init_module_type);
  LLVMBasicBlockRef entry = LLVMAppendBasicBlockInContext(rt->context, rt->init, "entry");
  LLVMBasicBlockRef load = LLVMAppendBasicBlockInContext(rt->context, rt->init, "load_module");
  LLVMBasicBlockRef done = LLVMAppendBasicBlockInContext(rt->context, rt->init, "done");
  LLVMBuilderRef b = rt->builder;
  LLVMPositionBuilderAtEnd(b, entry);
  LLVMSetCurrentDebugLocation2(b, NULL);
  LLVMValueRef loaded = LLVMBuildLoad2(b, i8, ready, "ready");
  LLVMBuildCondBr(b, LLVMBuildICmp(b, LLVMIntNE, loaded, LLVMConstNull(i8), "loaded"), done, load);
  LLVMPositionBuilderAtEnd(b, load);
  LLVMValueRef handle = LLVMBuildLoad2(b, rt->pointer_type, rt->handle, "handle");
  LLVMValueRef result = LLVMBuildCall2(b, init_module_type, init_module, &handle, 1, "");
  LLVMBuildStore(b, result, ready);
  LLVMBuildBr(b, done);
  LLVMPositionBuilderAtEnd(b, done);
  LLVMBuildRetVoid(b);
}

static void prepare_runtime(struct managed_runtime *rt, LLVMModuleRef module) {
  rt->module = module;
  rt->context = LLVMGetModuleContext(module);
  rt->builder = LLVMCreateBuilderInContext(rt->context);
  rt->pointer_type = LLVMPointerTypeInContext(rt->context, 0);
  rt->handle = add_internal_global(module, rt->pointer_type, "ferry.managed_handle");
  declare_register_managed(rt);
  define_init(rt);
}

/* The __cudaRegisterVar calls that register `global`. */
static void find_registrations(LLVMModuleRef module, LLVMValueRef global, struct ferry_vec *calls) {
  LLVMValueRef register_var = LLVMGetNamedFunction(module, "__cudaRegisterVar");
  if (!register_var)
    return;
  for (LLVMUseRef use = LLVMGetFirstUse(register_var); use; use = LLVMGetNextUse(use)) {
    LLVMValueRef call = LLVMGetUser(use);
    if (LLVMIsACallInst(call) && LLVMGetCalledValue(call) == register_var &&
        LLVMGetNumArgOperands(call) == 8 && ferry_strip_constant_casts(LLVMGetOperand(call, 1)) == global)
      ferry_vec_push(calls, call);
  }
}

/* Whether `global` has an offloading entry (the new offload driver). */
static bool has_offload_entry(LLVMModuleRef module, LLVMValueRef global) {
  for (LLVMValueRef g = LLVMGetFirstGlobal(module); g; g = LLVMGetNextGlobal(g)) {
    const char *section = LLVMGetSection(g);
    LLVMValueRef init = LLVMGetInitializer(g);
    if (!section || !init || !strstr(section, "offload"))
      continue;
    for (int i = 0; LLVMIsAConstantStruct(init) && i < LLVMGetNumOperands(init); i++)
      if (ferry_strip_constant_casts(LLVMGetOperand(init, (unsigned)i)) == global)
        return true;
  }
  return false;
}

/* Whether `user` (of a shadow, or of a constant over it) is
 * @llvm.global.annotations or only leads there (a constant left without
 * users counts too). */
static bool only_annotations(LLVMValueRef user) {
  if (LLVMIsAGlobalValue(user))
    return LLVMIsAGlobalVariable(user) && strcmp(name_of(user), annotations_name) == 0;
  if (!LLVMIsAConstant(user))
    return false;
  for (LLVMUseRef use = LLVMGetFirstUse(user); use; use = LLVMGetNextUse(use))
    if (!only_annotations(LLVMGetUser(use)))
      return false;
  return true;
}

/* A global whose initializer reaches `constant`, for the error's words. */
static LLVMValueRef initialized_global(LLVMValueRef constant) {
  for (LLVMUseRef use = LLVMGetFirstUse(constant); use; use = LLVMGetNextUse(use)) {
    LLVMValueRef user = LLVMGetUser(use);
    if (LLVMIsAGlobalVariable(user) && strcmp(name_of(user), annotations_name) != 0)
      return user;
    if (LLVMIsAConstant(user) && !LLVMIsAGlobalValue(user)) {
      LLVMValueRef found = initialized_global(user);
      if (found)
        return found;
    }
  }
  return NULL;
}

static void error_at(const struct managed_variable *v, LLVMValueRef fn, const char *message) {
  ferry_diagnose_at_line(fn, v->file ? v->file : "", v->line, false, message);
}

/* Replaces each use of v's shadow in instruction `user` by the address the
 * runtime filled in: ferry.managed_init, then a load of `pointer`, placed
 * before `user` (before the incoming block's end for a phi). */
static void rewrite_user(struct managed_runtime *rt, LLVMValueRef user, LLVMValueRef shadow,
                         LLVMValueRef pointer, const char *name) {
  LLVMBuilderRef b = rt->builder;
  LLVMValueRef shared = NULL;
  bool phi = LLVMIsAPHINode(user) != NULL;
  for (unsigned i = 0; i < (unsigned)LLVMGetNumOperands(user); i++) {
    if (LLVMGetOperand(user, i) != shadow)
      continue;
    if (phi)
      LLVMPositionBuilderBefore(b, LLVMGetBasicBlockTerminator(LLVMGetIncomingBlock(user, i)));
    else
      LLVMPositionBuilderBefore(b, user);
    if (phi || !shared) {
      LLVMSetCurrentDebugLocation2(b, LLVMInstructionGetDebugLoc(user));
      LLVMBuildCall2(b, rt->init_type, rt->init, NULL, 0, "");
      LLVMValueRef address = LLVMBuildLoad2(b, rt->pointer_type, pointer, name);
      LLVMSetAlignment(address, 8);
      shared = address;
    }
    LLVMSetOperand(user, i, shared);
  }
}

/* @llvm.global.annotations without the entries of `rewritten` variables
 * (their shadows are erased); the global goes when no entry is left. */
static void drop_annotations(LLVMModuleRef module, struct ferry_vec *rewritten) {
  LLVMValueRef annotations = LLVMGetNamedGlobal(module, annotations_name);
  LLVMValueRef entries = annotations ? LLVMGetInitializer(annotations) : NULL;
  if (!entries || !LLVMIsAConstantArray(entries))
    return;
  unsigned count = (unsigned)LLVMGetNumOperands(entries);
  LLVMValueRef *kept = ferry_xcalloc(count ? count : 1, sizeof *kept);
  unsigned kept_count = 0;
  struct ferry_vec strings = {0};
  for (unsigned i = 0; i < count; i++) {
    LLVMValueRef entry = LLVMGetOperand(entries, i);
    struct ferry_annotation a;
    if (!ferry_annotation_at(entries, (int)i, &a) || !marks_managed(&a) ||
        !ferry_vec_contains(rewritten, a.value)) {
      kept[kept_count++] = entry;
      continue;
    }
    for (unsigned k = 1; k <= 2 && k < (unsigned)LLVMGetNumOperands(entry); k++) {
      LLVMValueRef text = ferry_strip_constant_casts(LLVMGetOperand(entry, k));
      if (text && LLVMIsAGlobalVariable(text))
        ferry_vec_push_unique(&strings, text);
    }
  }
  if (kept_count != count) {
    LLVMTypeRef element = LLVMGetElementType(LLVMTypeOf(entries));
    const char *section = LLVMGetSection(annotations);
    char *section_copy = section ? strdup(section) : NULL;
    LLVMDeleteGlobal(annotations);
    if (kept_count) {
      LLVMValueRef array = LLVMConstArray2(element, kept, kept_count);
      LLVMValueRef replacement = LLVMAddGlobal(module, LLVMTypeOf(array), annotations_name);
      LLVMSetInitializer(replacement, array);
      LLVMSetLinkage(replacement, LLVMAppendingLinkage);
      if (section_copy)
        LLVMSetSection(replacement, section_copy);
    }
    free(section_copy);
  }
  /* The annotation's strings, where no other entry names them. */
  for (size_t i = 0; i < strings.count; i++)
    ferry_erase_global_if_unused(strings.items[i]);
  ferry_vec_free(&strings);
  free(kept);
}

/* Rewrites one variable (see the file's comment); false, after an error,
 * where it cannot. */
static bool rewrite_variable(struct managed_runtime *rt, const struct managed_variable *v,
                             struct ferry_vec *registrations) {
  LLVMValueRef shadow = v->global;
  const char *name = name_of(shadow);
  LLVMValueRef registering = LLVMGetBasicBlockParent(LLVMGetInstructionParent(registrations->items[0]));
  /* Constant expressions over the shadow in instructions become
   * instructions, so that each use is an instruction's operand. */
  ferry_constant_users_to_instructions(shadow);
  for (LLVMUseRef use = LLVMGetFirstUse(shadow); use; use = LLVMGetNextUse(use)) {
    LLVMValueRef user = LLVMGetUser(use);
    if (LLVMIsAInstruction(user) || only_annotations(user))
      continue;
    LLVMValueRef holder = LLVMIsAGlobalVariable(user) ? user : initialized_global(user);
    /* clang initializes a local aggregate (`int *p[] = {&x};`) from a
     * private constant named after it: the function names the place. */
    LLVMUseRef first = holder ? LLVMGetFirstUse(holder) : NULL;
    LLVMValueRef copier = first ? LLVMGetUser(first) : NULL;
    char place[FERRY_REASON_SIZE];
    if (copier && LLVMIsAInstruction(copier) && LLVMGetLinkage(holder) == LLVMPrivateLinkage)
      snprintf(place, sizeof place, "the constant '%s' that a local aggregate of '%s' is initialized from",
               name_of(holder), name_of(LLVMGetBasicBlockParent(LLVMGetInstructionParent(copier))));
    else
      snprintf(place, sizeof place, "the initializer of '%s'", holder ? name_of(holder) : "a constant");
    char message[FERRY_MESSAGE_SIZE];
    snprintf(message, sizeof message,
             "__managed__ variable '%s': its address is used in %s, which ferry-cc cannot give: the "
             "variable's unified memory exists only once the CUDA runtime has loaded the module; take the "
             "address at run time instead (assign it in code)",
             name, place);
    error_at(v, registering, message);
    return false;
  }

  size_t room = strlen(name) + sizeof ".managed";
  char *pointer_name = ferry_xmalloc(room);
  snprintf(pointer_name, room, "%s.managed", name);
  LLVMValueRef pointer = add_internal_global(rt->module, rt->pointer_type, pointer_name);
  LLVMSetAlignment(pointer, 8);
  free(pointer_name);

  LLVMValueRef registered = NULL;
  for (size_t i = 0; i < registrations->count; i++) {
    LLVMValueRef call = registrations->items[i];
    LLVMPositionBuilderBefore(rt->builder, call);
    LLVMSetCurrentDebugLocation2(rt->builder, LLVMInstructionGetDebugLoc(call));
    LLVMValueRef handle = LLVMGetOperand(call, 0);
    LLVMBuildStore(rt->builder, handle, rt->handle);
    LLVMValueRef arguments[8];
    for (unsigned k = 0; k < 8; k++)
      arguments[k] = LLVMGetOperand(call, k);
    arguments[1] = pointer;
    registered =
        LLVMBuildCall2(rt->builder, rt->register_managed_type, rt->register_managed, arguments, 8, "");
    LLVMInstructionEraseFromParent(call);
  }

  struct ferry_vec users = {0};
  for (LLVMUseRef use = LLVMGetFirstUse(shadow); use; use = LLVMGetNextUse(use))
    if (LLVMIsAInstruction(LLVMGetUser(use)))
      ferry_vec_push_unique(&users, LLVMGetUser(use));
  for (size_t i = 0; i < users.count; i++)
    rewrite_user(rt, users.items[i], shadow, pointer, name);
  char message[FERRY_MESSAGE_SIZE];
  snprintf(message, sizeof message,
           "__managed__ variable '%s': registered with __cudaRegisterManagedVar; host instructions that "
           "now take its address from the CUDA runtime: %zu",
           name, users.count);
  /* At the first host use where there is one: the registration, in
   * clang's internal function, has no source line. */
  ferry_remark(FERRY_REMARK_PASSED, users.count ? users.items[0] : registered, "ManagedVariable", message);
  ferry_vec_free(&users);
  return true;
}

/* A function to hang an error on where the module has no registration:
 * any defined function (clang's diagnostics name none; the place is the
 * declaration's line). */
static LLVMValueRef any_function(LLVMModuleRef module) {
  for (LLVMValueRef fn = LLVMGetFirstFunction(module); fn; fn = LLVMGetNextFunction(fn))
    if (!LLVMIsDeclaration(fn))
      return fn;
  return LLVMGetFirstFunction(module);
}

static bool rewrite_host_variables(LLVMModuleRef module, struct ferry_vec *variables) {
  struct managed_runtime rt = {0};
  struct ferry_vec rewritten = {0};
  bool changed = false;
  for (size_t i = 0; i < variables->count; i++) {
    const struct managed_variable *v = variables->items[i];
    if (has_offload_entry(module, v->global)) {
      char message[FERRY_MESSAGE_SIZE];
      snprintf(message, sizeof message,
               "__managed__ variable '%s' under separate compilation (-rdc=true, -dc) is not supported by "
               "ferry-cc: clang 22's offload linker registers a managed variable with HIP's arguments, not "
               "the CUDA runtime's; compile this file without -rdc=true, or declare the variable __device__ "
               "and copy it with cudaMemcpyToSymbol/cudaMemcpyFromSymbol",
               name_of(v->global));
      LLVMValueRef fn = any_function(module);
      if (fn)
        error_at(v, fn, message);
      continue;
    }
    struct ferry_vec registrations = {0};
    find_registrations(module, v->global, &registrations);
    if (registrations.count) {
      if (!rt.module)
        prepare_runtime(&rt, module);
      if (rewrite_variable(&rt, v, &registrations)) {
        ferry_vec_push(&rewritten, v->global);
        changed = true;
      }
    }
    ferry_vec_free(&registrations);
  }
  if (rewritten.count) {
    drop_annotations(module, &rewritten);
    for (size_t i = 0; i < rewritten.count; i++)
      ferry_erase_global_if_unused(rewritten.items[i]);
  }
  if (rt.builder)
    LLVMDisposeBuilder(rt.builder);
  ferry_vec_free(&rewritten);
  return changed;
}

bool ferry_managed_variables_run(LLVMModuleRef module) {
  struct ferry_vec variables = {0};
  collect_variables(module, &variables);
  bool changed = false;
  if (variables.count)
    changed = ferry_is_device_module(module) ? mark_device_variables(module, &variables)
                                             : rewrite_host_variables(module, &variables);
  free_variables(&variables);
  return changed;
}
