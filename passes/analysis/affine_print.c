/* Text for affine forms, and the printer behind `opt -passes=
 * ferry-print-affine`: for each load and store, the base and byte offset
 * of its address and whether the address is the same in every thread of a
 * block (uniform: base and offset uniform) or not (varying). */
#include "affine.h"
#include "analyses.h"

#include "ferry.h"
#include "names.h"

#include <stdio.h>
#include <string.h>


struct text {
  char *buf;
  size_t size, length;
};

static void append_text(struct text *text, const char *piece) {
  size_t piece_length = strlen(piece);
  if (text->length + 1 < text->size) {
    size_t room = text->size - 1 - text->length;
    size_t copied = piece_length < room ? piece_length : room;
    memcpy(text->buf + text->length, piece, copied);
    text->buf[text->length + copied] = '\0';
  }
  text->length += piece_length;
}

static void append_atom(struct text *text, const struct ferry_atom *atom) {
  static const char *const registers[] = {"tid", "ctaid", "ntid", "nctaid"};
  char piece[300];
  if (atom->kind <= FERRY_ATOM_NCTAID) {
    snprintf(piece, sizeof piece, "%s.%c", registers[atom->kind], (char)('x' + atom->dimension));
  } else {
    char name[256];
    ferry_value_name(atom->value, name, sizeof name);
    bool marked = atom->kind == FERRY_ATOM_OPAQUE && !atom->uniform;
    snprintf(piece, sizeof piece, marked ? "opaque(%s)" : "%s", name);
  }
  append_text(text, piece);
}

/* " + 4" or " - 4" after the first part, "4" or "-4" for it. */
static void append_signed(struct text *text, int64_t value, bool first, bool omit_one) {
  uint64_t magnitude = value < 0 ? -(uint64_t)value : (uint64_t)value;
  char piece[32];
  const char *sign = first ? (value < 0 ? "-" : "") : (value < 0 ? " - " : " + ");
  if (omit_one && magnitude == 1)
    snprintf(piece, sizeof piece, "%s", sign);
  else
    snprintf(piece, sizeof piece, "%s%llu%s", sign, (unsigned long long)magnitude,
             omit_one ? "*" : "");
  append_text(text, piece);
}

void ferry_affine_format(const struct ferry_affine *form, char *buf, size_t size) {
  struct text text = {buf, size, 0};
  if (size)
    buf[0] = '\0';
  for (unsigned i = 0; i < form->term_count; i++) {
    const struct ferry_term *term = &form->terms[i];
    append_signed(&text, term->coefficient, i == 0, true);
    for (unsigned j = 0; j < term->atom_count; j++) {
      if (j)
        append_text(&text, "*");
      append_atom(&text, &term->atoms[j]);
    }
  }
  if (form->constant || !form->term_count)
    append_signed(&text, form->constant, form->term_count == 0, false);
}

static void print_access(FILE *out, struct ferry_affine_context *context, LLVMValueRef inst) {
  char label[300], name[256], base_name[256], offset_text[1024];
  LLVMValueRef pointer;
  if (LLVMIsALoadInst(inst)) {
    pointer = LLVMGetOperand(inst, 0);
    ferry_value_name(inst, name, sizeof name);
    snprintf(label, sizeof label, "load %s", name);
  } else if (LLVMIsAStoreInst(inst)) {
    pointer = LLVMGetOperand(inst, 1);
    ferry_value_name(pointer, name, sizeof name);
    snprintf(label, sizeof label, "store to %s", name);
  } else {
    return;
  }
  LLVMValueRef base;
  struct ferry_affine offset;
  if (!ferry_affine_address(context, pointer, &base, &offset))
    return;
  ferry_value_name(base, base_name, sizeof base_name);
  ferry_affine_format(&offset, offset_text, sizeof offset_text);
  bool uniform = ferry_affine_is_uniform(&offset) &&
                 ferry_is_uniform(ferry_affine_uniformity(context), base);
  fprintf(out, "  %s: base %s offset %s %s\n", label, base_name, offset_text,
          uniform ? "uniform" : "varying");
}

void ferry_print_affine(LLVMModuleRef module, FILE *out) {
  for (LLVMValueRef fn = LLVMGetFirstFunction(module); fn; fn = LLVMGetNextFunction(fn)) {
    struct ferry_analyses *analyses = ferry_analyses_create(fn);
    struct ferry_affine_context *context = ferry_analyses_affine(analyses);
    if (!context) {
      ferry_analyses_free(analyses);
      continue;
    }
    char name[256];
    ferry_value_name(fn, name, sizeof name);
    fprintf(out, "affine of %s\n", name);
    for (LLVMBasicBlockRef block = LLVMGetFirstBasicBlock(fn); block;
         block = LLVMGetNextBasicBlock(block))
      for (LLVMValueRef inst = LLVMGetFirstInstruction(block); inst;
           inst = LLVMGetNextInstruction(inst))
        print_access(out, context, inst);
    ferry_analyses_free(analyses);
  }
  ferry_names_invalidate(); /* frees the numbering cache */
}
