/* Affine forms of integer values in terms of the GPU's special registers,
 * loop induction variables and opaque values. Sees through integer
 * constants, add, sub, mul, shl by a constant, `or disjoint`, and zext/sext
 * of exact forms (see affine.h). Refuses, by making the value an opaque
 * atom: division, remainders, and/or/xor (but disjoint or and `xor x, -1`), shifts right,
 * trunc, selects, phis other than induction variables, loads and calls
 * other than special-register reads, extensions of forms that may have
 * wrapped, products of more than 3 atoms, more than FERRY_AFFINE_MAX_TERMS
 * terms, and anything in an unreachable block. Forms are memoized per
 * function, so shared subexpressions are decomposed once. */
#include "affine.h"

#include "memory.h"
#include "names.h"
#include "util.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_DEPTH = 128, NON_LOCAL_POSITION = UINT_MAX };

struct ferry_affine_context {
  struct ferry_analyses *analyses; /* the bundle, which owns what follows */
  LLVMValueRef function;
  const struct ferry_loops *loops;
  const struct ferry_uniformity *uniformity;
  struct ferry_map position;    /* argument or instruction -> position */
  struct ferry_map forms;       /* value -> struct ferry_affine *, trimmed */
  struct ferry_map in_progress; /* value -> 1 while being decomposed */
};

/* ---- Coefficient arithmetic: wraps modulo 2^64, reporting overflow ---- */

static int64_t multiply(int64_t a, int64_t b, bool *overflow) {
  int64_t product;
  if (__builtin_mul_overflow(a, b, &product)) {
    *overflow = true;
    return (int64_t)((uint64_t)a * (uint64_t)b);
  }
  return product;
}

static int64_t add(int64_t a, int64_t b, bool *overflow) {
  int64_t sum;
  if (__builtin_add_overflow(a, b, &sum)) {
    *overflow = true;
    return (int64_t)((uint64_t)a + (uint64_t)b);
  }
  return sum;
}

/* The signed reading of v's low `width` bits: equal to v modulo 2^width. */
static int64_t wrap_to_width(int64_t v, unsigned width, bool *changed) {
  if (width >= 64)
    return v;
  uint64_t mask = (UINT64_C(1) << width) - 1, bits = (uint64_t)v & mask;
  if (bits >> (width - 1))
    bits |= ~mask;
  if ((int64_t)bits != v)
    *changed = true;
  return (int64_t)bits;
}

/* ---- Canonical order ---- */

static int compare_atoms(const struct ferry_atom *a, const struct ferry_atom *b) {
  if (a->kind != b->kind)
    return a->kind < b->kind ? -1 : 1;
  if (a->dimension != b->dimension)
    return a->dimension < b->dimension ? -1 : 1;
  if (a->other_thread != b->other_thread)
    return a->other_thread ? 1 : -1;
  if (a->value == b->value)
    return 0;
  if (a->position != b->position)
    return a->position < b->position ? -1 : 1;
  char x[256], y[256]; /* two constants or globals: by name, stable */
  ferry_value_name(a->value, x, sizeof x);
  ferry_value_name(b->value, y, sizeof y);
  return strcmp(x, y);
}

static int compare_terms(const void *left, const void *right) {
  const struct ferry_term *a = left, *b = right;
  for (unsigned i = 0; i < a->atom_count && i < b->atom_count; i++) {
    int order = compare_atoms(&a->atoms[i], &b->atoms[i]);
    if (order)
      return order;
  }
  return (int)a->atom_count - (int)b->atom_count;
}

static void sort_atoms(struct ferry_term *term) {
  for (unsigned i = 1; i < term->atom_count; i++)
    for (unsigned j = i; j > 0 && compare_atoms(&term->atoms[j - 1], &term->atoms[j]) > 0; j--) {
      struct ferry_atom swap = term->atoms[j];
      term->atoms[j] = term->atoms[j - 1];
      term->atoms[j - 1] = swap;
    }
}

/* ---- Building forms: terms gather in a list, then settle canonically ---- */

struct term_list {
  struct ferry_term *terms;
  size_t count, capacity;
  bool overflow;
};

static void append_term(struct term_list *list, int64_t coefficient,
                        const struct ferry_atom *atoms, unsigned atom_count) {
  if (list->count == list->capacity) {
    list->capacity = list->capacity ? 2 * list->capacity : 16;
    list->terms = ferry_xrealloc(list->terms, list->capacity * sizeof *list->terms);
  }
  struct ferry_term *term = &list->terms[list->count++];
  term->coefficient = coefficient;
  term->atom_count = atom_count;
  memcpy(term->atoms, atoms, atom_count * sizeof *atoms);
  sort_atoms(term);
}

/* Sorts and merges the terms into `form`, whose width, constant and
 * exactness the caller set. Coefficients that did not fit 64 bits or that
 * wrap at the form's width leave a form that is no longer exact. False,
 * and the list freed either way, when too many terms remain. */
static bool settle(struct term_list *list, struct ferry_affine *form) {
  bool changed = list->overflow;
  form->constant = wrap_to_width(form->constant, form->width, &changed);
  if (list->count)
    qsort(list->terms, list->count, sizeof *list->terms, compare_terms);
  size_t kept = 0;
  for (size_t i = 0; i < list->count; i++) {
    struct ferry_term *term = &list->terms[i];
    if (kept && compare_terms(&list->terms[kept - 1], term) == 0) {
      struct ferry_term *into = &list->terms[kept - 1];
      into->coefficient = add(into->coefficient, term->coefficient, &changed);
    } else {
      list->terms[kept++] = *term;
    }
  }
  form->term_count = 0;
  bool fits = true;
  for (size_t i = 0; i < kept && fits; i++) {
    int64_t coefficient = wrap_to_width(list->terms[i].coefficient, form->width, &changed);
    if (!coefficient)
      continue;
    if (form->term_count == FERRY_AFFINE_MAX_TERMS)
      fits = false;
    else {
      form->terms[form->term_count] = list->terms[i];
      form->terms[form->term_count++].coefficient = coefficient;
    }
  }
  if (changed)
    form->exact_signed = form->exact_unsigned = false;
  free(list->terms);
  return fits;
}

static void constant_form(unsigned width, int64_t constant, struct ferry_affine *out) {
  *out = (struct ferry_affine){.width = width, .constant = constant,
                               .exact_signed = true, .exact_unsigned = constant >= 0};
}

static void atom_form(unsigned width, const struct ferry_atom *atom, struct ferry_affine *out) {
  constant_form(width, 0, out);
  out->exact_unsigned = atom->non_negative;
  out->term_count = 1;
  out->terms[0] = (struct ferry_term){.coefficient = 1, .atom_count = 1, .atoms = {*atom}};
}

/* out = a + scale * b; the caller decides exactness afterwards. */
static bool add_scaled(const struct ferry_affine *a, const struct ferry_affine *b,
                       int64_t scale, struct ferry_affine *out) {
  struct term_list list = {0};
  for (unsigned i = 0; i < a->term_count; i++)
    append_term(&list, a->terms[i].coefficient, a->terms[i].atoms, a->terms[i].atom_count);
  for (unsigned i = 0; i < b->term_count; i++)
    append_term(&list, multiply(b->terms[i].coefficient, scale, &list.overflow),
                b->terms[i].atoms, b->terms[i].atom_count);
  unsigned width = a->width;
  bool exact_signed = a->exact_signed && b->exact_signed;
  bool exact_unsigned = a->exact_unsigned && b->exact_unsigned;
  int64_t constant = add(a->constant, multiply(b->constant, scale, &list.overflow),
                         &list.overflow);
  constant_form(width, constant, out);
  out->exact_signed = exact_signed;
  out->exact_unsigned = exact_unsigned;
  return settle(&list, out);
}

static bool multiply_forms(const struct ferry_affine *a, const struct ferry_affine *b,
                           struct ferry_affine *out) {
  struct term_list list = {0};
  for (unsigned i = 0; i < a->term_count; i++) {
    const struct ferry_term *x = &a->terms[i];
    for (unsigned j = 0; j < b->term_count; j++) {
      const struct ferry_term *y = &b->terms[j];
      if (x->atom_count + y->atom_count > FERRY_AFFINE_MAX_ATOMS) {
        free(list.terms);
        return false;
      }
      struct ferry_atom atoms[FERRY_AFFINE_MAX_ATOMS];
      memcpy(atoms, x->atoms, x->atom_count * sizeof *atoms);
      memcpy(atoms + x->atom_count, y->atoms, y->atom_count * sizeof *atoms);
      append_term(&list, multiply(x->coefficient, y->coefficient, &list.overflow), atoms,
                  x->atom_count + y->atom_count);
    }
    append_term(&list, multiply(x->coefficient, b->constant, &list.overflow), x->atoms,
                x->atom_count);
  }
  for (unsigned j = 0; j < b->term_count; j++)
    append_term(&list, multiply(b->terms[j].coefficient, a->constant, &list.overflow),
                b->terms[j].atoms, b->terms[j].atom_count);
  unsigned width = a->width;
  bool exact_signed = a->exact_signed && b->exact_signed;
  bool exact_unsigned = a->exact_unsigned && b->exact_unsigned;
  int64_t constant = multiply(a->constant, b->constant, &list.overflow);
  constant_form(width, constant, out);
  out->exact_signed = exact_signed;
  out->exact_unsigned = exact_unsigned;
  return settle(&list, out);
}

/* Read as signed, the value is at least 0: the form is exact and every
 * part of it is non-negative. */
static bool known_non_negative(const struct ferry_affine *form) {
  if (!form->exact_signed)
    return false;
  if (form->exact_unsigned)
    return true;
  if (form->constant < 0)
    return false;
  for (unsigned i = 0; i < form->term_count; i++) {
    if (form->terms[i].coefficient < 0)
      return false;
    for (unsigned j = 0; j < form->terms[i].atom_count; j++)
      if (!form->terms[i].atoms[j].non_negative)
        return false;
  }
  return true;
}

static void copy_form(struct ferry_affine *to, const struct ferry_affine *from) {
  memcpy(to, from, offsetof(struct ferry_affine, terms) +
                       from->term_count * sizeof from->terms[0]);
}

/* ---- Atoms ---- */

static bool is_small_integer(LLVMValueRef value) {
  LLVMTypeRef type = LLVMTypeOf(value);
  return LLVMGetTypeKind(type) == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(type) <= 64;
}

static unsigned width_of(LLVMValueRef value) { return LLVMGetIntTypeWidth(LLVMTypeOf(value)); }

static const struct ferry_affine *decompose(struct ferry_affine_context *context,
                                            LLVMValueRef value, unsigned depth);

static struct ferry_atom value_atom(struct ferry_affine_context *context, LLVMValueRef value,
                                    enum ferry_atom_kind kind) {
  intptr_t position;
  struct ferry_atom atom = {
      .kind = kind, .value = value,
      .position = ferry_map_get(&context->position, value, &position) ? (unsigned)position
                                                                      : NON_LOCAL_POSITION,
      .uniform = ferry_is_uniform(context->uniformity, value)};
  /* A zext to a wider type clears the sign bit. */
  if (kind == FERRY_ATOM_OPAQUE && LLVMIsAZExtInst(value))
    atom.non_negative = width_of(LLVMGetOperand(value, 0)) < width_of(value);
  return atom;
}

static void opaque_form(struct ferry_affine_context *context, LLVMValueRef value,
                        struct ferry_affine *out) {
  struct ferry_atom atom = value_atom(context, value, FERRY_ATOM_OPAQUE);
  atom_form(width_of(value), &atom, out);
}

/* llvm.nvvm.read.ptx.sreg.{tid,ctaid,ntid,nctaid}.{x,y,z} */
static bool special_register(LLVMValueRef call, struct ferry_atom *atom) {
  static const struct { const char *name; enum ferry_atom_kind kind; } registers[] = {
      {"tid", FERRY_ATOM_TID}, {"ctaid", FERRY_ATOM_CTAID},
      {"ntid", FERRY_ATOM_NTID}, {"nctaid", FERRY_ATOM_NCTAID}};
  static const char prefix[] = "llvm.nvvm.read.ptx.sreg.";
  LLVMValueRef callee = ferry_called_function(call);
  if (!callee)
    return false;
  size_t length;
  const char *name = LLVMGetValueName2(callee, &length);
  size_t prefix_length = sizeof prefix - 1;
  if (length <= prefix_length || strncmp(name, prefix, prefix_length))
    return false;
  name += prefix_length;
  length -= prefix_length;
  for (size_t i = 0; i < sizeof registers / sizeof *registers; i++) {
    size_t n = strlen(registers[i].name); /* "tid" in "tid.x" */
    if (length != n + 2 || strncmp(name, registers[i].name, n) || name[n] != '.' ||
        name[n + 1] < 'x' || name[n + 1] > 'z')
      continue;
    *atom = (struct ferry_atom){.kind = registers[i].kind,
                                .dimension = (unsigned)(name[n + 1] - 'x'),
                                .uniform = registers[i].kind != FERRY_ATOM_TID,
                                .non_negative = true};
    return true;
  }
  return false;
}

/* Non-negative when it starts non-negative and climbs without signed wrap
 * (a wrapped increment is poison, so no execution sees it negative). */
static struct ferry_atom induction_atom(struct ferry_affine_context *context,
                                        const struct ferry_induction *induction,
                                        unsigned depth) {
  struct ferry_atom atom = value_atom(context, induction->phi, FERRY_ATOM_INDUCTION);
  atom.non_negative = induction->step > 0 && induction->no_signed_wrap &&
                      known_non_negative(decompose(context, induction->start, depth + 1));
  return atom;
}

/* ---- Decomposition ---- */

static bool decompose_binary(struct ferry_affine_context *context, LLVMValueRef inst,
                             LLVMOpcode opcode, unsigned depth, struct ferry_affine *out) {
  const struct ferry_affine *a = decompose(context, LLVMGetOperand(inst, 0), depth + 1);
  LLVMValueRef right = LLVMGetOperand(inst, 1);
  bool nsw = opcode != LLVMOr && LLVMGetNSW(inst), nuw = opcode != LLVMOr && LLVMGetNUW(inst);
  if (opcode == LLVMShl) {
    if (!LLVMIsAConstantInt(right) || LLVMConstIntGetZExtValue(right) >= a->width)
      return false;
    unsigned shift = (unsigned)LLVMConstIntGetZExtValue(right);
    struct ferry_affine zero;
    constant_form(a->width, 0, &zero);
    if (!add_scaled(&zero, a, (int64_t)(UINT64_C(1) << shift), out))
      return false;
    bool fits = shift < 63; /* 2^63 is no int64_t coefficient */
    out->exact_signed = out->exact_signed && nsw && fits;
    out->exact_unsigned = out->exact_unsigned && nuw && fits;
    return true;
  }
  const struct ferry_affine *b = decompose(context, right, depth + 1);
  bool done = opcode == LLVMMul ? multiply_forms(a, b, out)
                                : add_scaled(a, b, opcode == LLVMSub ? -1 : 1, out);
  if (opcode != LLVMOr) { /* a disjoint or wraps nothing: it is an exact add */
    out->exact_signed = out->exact_signed && nsw;
    out->exact_unsigned = out->exact_unsigned && nuw;
  }
  return done;
}

/* A zext reads its operand as unsigned, a sext as signed: the form carries
 * over when it is exact in that reading (or, for zext, exact signed and
 * promised non-negative by nneg or by its range). The wider value is then exact both ways. */
static bool decompose_extension(struct ferry_affine_context *context, LLVMValueRef inst,
                                bool is_sext, unsigned depth, struct ferry_affine *out) {
  const struct ferry_affine *operand = decompose(context, LLVMGetOperand(inst, 0), depth + 1);
  /* An exact signed form whose range (affine_bounds.c) is non-negative for
   * every value of its atoms: `511 - t` where launch bounds keep t below
   * 256, which clang marks `sub nsw` and zero-extends without nneg. */
  bool has_low = false, has_high;
  int64_t low = -1, high;
  if (operand->exact_signed && !operand->exact_unsigned)
    ferry_affine_joint_range(operand, context->function, NULL, 0, &has_low, &low, &has_high, &high);
  bool proved_non_negative = has_low && low >= 0;
  bool carries = is_sext ? operand->exact_signed
                         : operand->exact_unsigned ||
                               (operand->exact_signed && (LLVMGetNNeg(inst) || proved_non_negative));
  if (!carries)
    return false;
  bool non_negative = !is_sext || known_non_negative(operand) || proved_non_negative;
  copy_form(out, operand);
  out->width = width_of(inst);
  out->exact_signed = true;
  out->exact_unsigned = non_negative;
  return true;
}

/* `xor x, -1`, which clang makes of `n - 1 - x`'s `-1 - x`: that value,
 * exact read as signed where x is (-1 - x never wraps), never read as
 * unsigned (it is 2^w - 1 - x there). Any other xor is opaque. */
static bool decompose_not(struct ferry_affine_context *context, LLVMValueRef inst, unsigned depth,
                          struct ferry_affine *out) {
  LLVMValueRef x = LLVMGetOperand(inst, 0), mask = LLVMGetOperand(inst, 1);
  if (!LLVMIsAConstantInt(mask) || LLVMConstIntGetSExtValue(mask) != -1)
    return false;
  const struct ferry_affine *operand = decompose(context, x, depth + 1);
  struct ferry_affine minus_one;
  constant_form(width_of(inst), -1, &minus_one);
  if (!add_scaled(&minus_one, operand, -1, out))
    return false;
  out->exact_signed = operand->exact_signed;
  out->exact_unsigned = false;
  return true;
}

static void decompose_instruction(struct ferry_affine_context *context, LLVMValueRef inst,
                                  unsigned depth, struct ferry_affine *out) {
  const struct ferry_dominators *dominators = ferry_loops_dominators(context->loops);
  if (!ferry_block_is_reachable(dominators, LLVMGetInstructionParent(inst))) {
    opaque_form(context, inst, out);
    return;
  }
  struct ferry_atom atom;
  if (LLVMIsACallInst(inst) && special_register(inst, &atom)) {
    atom.value = NULL;
    atom_form(width_of(inst), &atom, out);
    return;
  }
  struct ferry_induction induction;
  if (LLVMIsAPHINode(inst) && ferry_induction_variable(context->loops, inst, &induction)) {
    atom = induction_atom(context, &induction, depth);
    atom_form(width_of(inst), &atom, out);
    return;
  }
  LLVMOpcode opcode = LLVMGetInstructionOpcode(inst);
  bool done = false;
  switch (opcode) {
  case LLVMAdd: case LLVMSub: case LLVMMul: case LLVMShl:
    done = decompose_binary(context, inst, opcode, depth, out);
    break;
  case LLVMOr:
    done = LLVMGetIsDisjoint(inst) && decompose_binary(context, inst, opcode, depth, out);
    break;
  case LLVMXor:
    done = decompose_not(context, inst, depth, out);
    break;
  case LLVMZExt: case LLVMSExt:
    done = decompose_extension(context, inst, opcode == LLVMSExt, depth, out);
    break;
  default:
    break;
  }
  if (!done)
    opaque_form(context, inst, out);
}

/* Returns the memoized form; every small integer value gets one. Reachable
 * SSA has no cycle outside phis, which are not looked through, and
 * unreachable code is not decomposed; the in-progress guard is a second
 * line of defence. A chain of more than MAX_DEPTH operations ends in an
 * opaque atom: sound, though which value turns opaque then depends on the
 * order of queries. */
static const struct ferry_affine *decompose(struct ferry_affine_context *context,
                                            LLVMValueRef value, unsigned depth) {
  intptr_t found;
  if (ferry_map_get(&context->forms, value, &found))
    return (const struct ferry_affine *)found;
  struct ferry_affine form;
  if (LLVMIsAConstantInt(value))
    constant_form(width_of(value), LLVMConstIntGetSExtValue(value), &form);
  else if (!LLVMIsAInstruction(value) || depth > MAX_DEPTH ||
           (ferry_map_get(&context->in_progress, value, &found) && found))
    opaque_form(context, value, &form);
  else {
    ferry_map_put(&context->in_progress, value, 1);
    decompose_instruction(context, value, depth, &form);
    ferry_map_put(&context->in_progress, value, 0);
  }
  if (!form.term_count) { /* known modulo 2^width in width bits: known */
    form.exact_signed = true;
    form.exact_unsigned = form.constant >= 0;
  }
  size_t size = offsetof(struct ferry_affine, terms) + form.term_count * sizeof form.terms[0];
  struct ferry_affine *stored = ferry_xmalloc(size);
  memcpy(stored, &form, size);
  if (ferry_map_get(&context->forms, value, &found))
    free((void *)found); /* left by the guard above: the full answer wins */
  ferry_map_put(&context->forms, value, (intptr_t)stored);
  return stored;
}

/* ---- Context and public entry points ---- */

struct ferry_affine_context *ferry_affine_context_create(struct ferry_analyses *analyses,
                                                         LLVMValueRef fn,
                                                         const struct ferry_loops *loops,
                                                         const struct ferry_uniformity *uniformity) {
  struct ferry_affine_context *context = ferry_xcalloc(1, sizeof *context);
  context->analyses = analyses;
  context->function = fn;
  context->loops = loops;
  context->uniformity = uniformity;
  intptr_t next = 0;
  for (LLVMValueRef arg = LLVMGetFirstParam(fn); arg; arg = LLVMGetNextParam(arg))
    ferry_map_put(&context->position, arg, next++);
  for (LLVMBasicBlockRef block = LLVMGetFirstBasicBlock(fn); block;
       block = LLVMGetNextBasicBlock(block))
    for (LLVMValueRef inst = LLVMGetFirstInstruction(block); inst;
         inst = LLVMGetNextInstruction(inst))
      ferry_map_put(&context->position, inst, next++);
  return context;
}

void ferry_affine_context_free(struct ferry_affine_context *context) {
  if (!context)
    return;
  for (size_t i = 0; i < context->forms.capacity; i++)
    if (context->forms.keys[i])
      free((void *)context->forms.values[i]);
  ferry_map_free(&context->forms);
  ferry_map_free(&context->position);
  ferry_map_free(&context->in_progress);
  free(context);
}

struct ferry_analyses *ferry_affine_analyses(const struct ferry_affine_context *context) {
  return context->analyses;
}

LLVMValueRef ferry_affine_function(const struct ferry_affine_context *context) {
  return context->function;
}

const struct ferry_loops *ferry_affine_loops(const struct ferry_affine_context *context) {
  return context->loops;
}

const struct ferry_uniformity *ferry_affine_uniformity(const struct ferry_affine_context *context) {
  return context->uniformity;
}

bool ferry_affine_of(struct ferry_affine_context *context, LLVMValueRef value,
                     struct ferry_affine *out) {
  if (!is_small_integer(value))
    return false;
  copy_form(out, decompose(context, value, 0));
  return true;
}

bool ferry_affine_of_index(struct ferry_affine_context *context, LLVMValueRef index,
                           unsigned width, struct ferry_affine *out) {
  if (!is_small_integer(index) || width == 0 || width > 64)
    return false;
  const struct ferry_affine *form = decompose(context, index, 0);
  if (form->width < width && !form->exact_signed) {
    opaque_form(context, index, out); /* the atom reads the index as signed */
    out->width = width;
    return true;
  }
  if (form->width <= width) {
    bool non_negative = known_non_negative(form);
    copy_form(out, form);
    out->exact_unsigned = form->width == width ? form->exact_unsigned : non_negative;
    out->width = width;
    return true;
  }
  /* Truncation keeps the form modulo 2^width but nothing exact; it never
   * adds terms, so the settled form fits. */
  copy_form(out, form);
  out->width = width;
  struct term_list list = {0};
  for (unsigned i = 0; i < out->term_count; i++)
    append_term(&list, out->terms[i].coefficient, out->terms[i].atoms, out->terms[i].atom_count);
  settle(&list, out);
  out->exact_signed = out->exact_unsigned = false;
  return true;
}

bool ferry_affine_add_scaled(const struct ferry_affine *a, const struct ferry_affine *b,
                             int64_t scale, struct ferry_affine *out) {
  if (a->width != b->width)
    return false;
  struct ferry_affine sum;
  if (!add_scaled(a, b, scale, &sum))
    return false;
  sum.exact_signed = sum.exact_unsigned = false;
  copy_form(out, &sum);
  return true;
}

bool ferry_affine_is_uniform(const struct ferry_affine *form) {
  for (unsigned i = 0; i < form->term_count; i++)
    for (unsigned j = 0; j < form->terms[i].atom_count; j++)
      if (!form->terms[i].atoms[j].uniform)
        return false;
  return true;
}

