/* The GPU-aware affine form of an integer value and of an address:
 *
 *   value = sum of coefficient * (product of up to 3 atoms) + constant
 *
 * Atoms are the special registers tid, ctaid, ntid and nctaid (x, y, z),
 * loop induction variables (loops.h), and opaque values: anything the
 * decomposition does not see through, named by the IR value itself. An atom
 * narrower than the form stands for its value read as signed.
 *
 * A form equals its value modulo 2^width. `exact_signed` says more: the
 * form equals the value read as a signed integer, with nothing wrapped
 * (every step carried nsw); `exact_unsigned` likewise for the unsigned
 * reading (nuw). Only exact forms may be widened through sext and zext;
 * otherwise the extended value becomes an opaque atom. The decomposition
 * never guesses: what it cannot prove becomes an opaque atom.
 *
 * Terms are kept in one canonical order, so equal forms print equally:
 * atoms order as tid < ctaid < ntid < nctaid < induction variables < opaque
 * values, then by dimension x < y < z, then by position in the function
 * (arguments, then instructions in layout order; constants and globals
 * last, by name). Terms compare by their atoms in that order, one by one,
 * a term whose atoms are a prefix of another's first. */
#ifndef FERRY_PASSES_AFFINE_H
#define FERRY_PASSES_AFFINE_H

#include "loops.h"
#include "uniformity.h"

#include <llvm-c/Core.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum ferry_atom_kind {
  FERRY_ATOM_TID,
  FERRY_ATOM_CTAID,
  FERRY_ATOM_NTID,
  FERRY_ATOM_NCTAID,
  FERRY_ATOM_INDUCTION, /* a header phi that ferry_induction_variable accepts */
  FERRY_ATOM_OPAQUE,
};

struct ferry_atom {
  enum ferry_atom_kind kind;
  unsigned dimension;   /* 0, 1, 2 for x, y, z; special registers only */
  LLVMValueRef value;   /* the phi or opaque value; NULL for special registers */
  unsigned position;    /* orders atoms of one kind; see above */
  bool uniform;         /* the same in every thread of a block */
  bool non_negative;    /* read as signed, never below zero */
  bool other_thread;    /* a tid atom of a second thread of the block, told apart
                           from the first's (ferry_affine_apart_in_block) */
};

enum { FERRY_AFFINE_MAX_ATOMS = 3, FERRY_AFFINE_MAX_TERMS = 12 };

struct ferry_term {
  int64_t coefficient;  /* never 0 */
  unsigned atom_count;  /* 1 to FERRY_AFFINE_MAX_ATOMS, atoms in canonical order */
  struct ferry_atom atoms[FERRY_AFFINE_MAX_ATOMS];
};

struct ferry_affine {
  unsigned width;       /* bits of the value: the form is exact modulo 2^width */
  bool exact_signed;
  bool exact_unsigned;
  int64_t constant;
  unsigned term_count;
  struct ferry_term terms[FERRY_AFFINE_MAX_TERMS]; /* last: stored trimmed */
};

/* Per-function state: the forms found so far, over the loops and the
 * uniformity of the function's bundle of analyses (analyses.h), which
 * owns the context and those. */
struct ferry_affine_context;
struct ferry_analyses;

/* For analyses.c: a context over `loops` and `uniformity` of fn, which
 * must outlive it. Passes fetch theirs with ferry_analyses_affine. */
struct ferry_affine_context *ferry_affine_context_create(struct ferry_analyses *analyses,
                                                         LLVMValueRef fn,
                                                         const struct ferry_loops *loops,
                                                         const struct ferry_uniformity *uniformity);
void ferry_affine_context_free(struct ferry_affine_context *context);
LLVMValueRef ferry_affine_function(const struct ferry_affine_context *context);
/* The bundle the context belongs to, for code that holds only the context
 * (a copy site) and needs another analysis of the function. */
struct ferry_analyses *ferry_affine_analyses(const struct ferry_affine_context *context);
const struct ferry_loops *ferry_affine_loops(const struct ferry_affine_context *context);
const struct ferry_uniformity *ferry_affine_uniformity(const struct ferry_affine_context *context);

/* The form of an integer value of at most 64 bits; false for other types. */
bool ferry_affine_of(struct ferry_affine_context *context, LLVMValueRef value,
                     struct ferry_affine *out);

/* The form of an integer used as a GEP index into an address of `width`
 * bits: sign-extended (an inexact form then becomes an opaque atom of the
 * index, read as signed) or truncated (nothing exact survives), as the GEP
 * does. False for other types. */
bool ferry_affine_of_index(struct ferry_affine_context *context, LLVMValueRef index,
                           unsigned width, struct ferry_affine *out);

/* out = a + scale * b, modulo 2^width, exact neither way; out may be a or
 * b. False when the widths differ or the sum has too many terms. */
bool ferry_affine_add_scaled(const struct ferry_affine *a, const struct ferry_affine *b,
                             int64_t scale, struct ferry_affine *out);

/* Strips GEPs, bitcasts and addrspacecasts (instructions and constant
 * expressions) from pointer down to *base, a value none of those; the byte
 * offset of pointer from base, 64 bits wide, goes to *byte_offset (an
 * addrspacecast keeps offsets: NVPTX maps each space linearly into the
 * generic one). A GEP the analysis cannot size (scalable or opaque types,
 * vector indices), one on pointers narrower than 64 bits, or one that would
 * make too many terms, becomes the base itself. False when pointer is not a
 * scalar pointer. */
bool ferry_affine_address(struct ferry_affine_context *context, LLVMValueRef pointer,
                          LLVMValueRef *base, struct ferry_affine *byte_offset);

/* No tid atom, no varying induction variable, no varying opaque atom. */
bool ferry_affine_is_uniform(const struct ferry_affine *form);

/* An atom known to lie in [low, high] (equal bounds: fixed), e.g. from
 * the branches taken to an instruction (path_facts.h). */
struct ferry_atom_bound {
  struct ferry_atom atom;
  int64_t low, high;
};

/* The range of the form's value read as an integer sum, each atom over
 * the values it can take in fn (affine_bounds.c): blockDim is at least 1
 * and at most the kernel's launch bounds or the hardware's, threadIdx
 * below it, a non-negative atom unbounded above, each narrowed by the
 * `bounds` that name it. A side whose bound is unknown has *has_low /
 * *has_high false. Wrapping is not considered. */
void ferry_affine_range(const struct ferry_affine *form, LLVMValueRef fn,
                        const struct ferry_atom_bound *bounds, unsigned bound_count,
                        bool *has_low, int64_t *low, bool *has_high, int64_t *high);

/* ferry_affine_range, with the terms of each dimension that are a thread
 * index alone (of one thread or two, see ferry_affine_apart) or blockDim
 * alone bounded together, every thread index below the one blockDim:
 * `2*blockDim.x - 1 - t` is at least 1 (affine_bounds.c). */
void ferry_affine_joint_range(const struct ferry_affine *form, LLVMValueRef fn,
                              const struct ferry_atom_bound *bounds, unsigned bound_count,
                              bool *has_low, int64_t *low, bool *has_high, int64_t *high);

/* Whether `size` bytes at byte offset `target` and `access_size` bytes at
 * byte offset `access` from the same base never overlap. With
 * `block_wide`, the two are taken as accessed by any two threads of the
 * block (the same or two): the access's thread indices become the second
 * thread's, bounded by the same blockDim, the block-wide atoms (blockDim,
 * blockIdx, uniform values) stay shared; without, both are one thread's.
 * The difference of the offsets, over every value of its atoms, lies
 * outside the window where the accesses meet, by its joint range or by
 * its residue modulo a power of two dividing every coefficient. Each
 * side's facts (path_facts.h) hold for its own thread. Block-wide, false
 * where either form has a thread-varying atom other than a thread index
 * (its value in the other thread is unknown) (affine_apart.c). */
bool ferry_affine_apart(const struct ferry_affine *access,
                        const struct ferry_atom_bound *access_facts, unsigned access_fact_count,
                        unsigned long long access_size, const struct ferry_affine *target,
                        const struct ferry_atom_bound *target_facts, unsigned target_fact_count,
                        unsigned long long size, LLVMValueRef fn, bool block_wide);

/* The largest power of two, at most `cap`, that divides the form's value
 * whatever its atoms are: the one dividing its constant and every
 * coefficient. The low-bits part of the alignment prover (alignment.h,
 * which gives an address's alignment). */
unsigned ferry_affine_known_alignment(const struct ferry_affine *form, unsigned cap);

/* Writes e.g. "4*tid.x + 4*ctaid.x*ntid.x + 4*%batch + 16": coefficients of
 * 1 omitted, induction variables and uniform opaque atoms by their IR name,
 * varying opaque atoms as "opaque(%v)", the constant last and only when not
 * 0 (a form with no terms prints its constant). Truncated to size. */
void ferry_affine_format(const struct ferry_affine *form, char *buf, size_t size);

#endif
