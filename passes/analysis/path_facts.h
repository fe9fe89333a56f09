/* Facts about a thread's indices that hold wherever an instruction runs,
 * read from the branches that must have been taken to reach it: in
 *
 *   if (threadIdx.y == 0) tile[0][tx] = ...;
 *   if (threadIdx.x < 128) { s[t] = ...; s[255 - t] = ...; }
 *
 * the first store runs only where tid.y is 0, the others where tid.x is at
 * most 127. Only thread-invariant atoms (tid,
 * ctaid, ntid, nctaid) are fixed this way, so a fact found at one
 * instruction holds for the same thread at any other. */
#ifndef FERRY_PASSES_PATH_FACTS_H
#define FERRY_PASSES_PATH_FACTS_H

#include "affine.h"

#include <llvm-c/Core.h>

enum { FERRY_PATH_FACTS_MAX = 6 };

/* A fact: the atom lies in [low, high] (struct ferry_atom_bound, affine.h);
 * low == high where an equality fixes it, INT64_MIN or INT64_MAX on the
 * side a comparison leaves open. */
#define ferry_path_fact ferry_atom_bound

/* The atoms that equality tests on the way to `inst` fix, or that
 * comparisons with a constant bound: the edges into
 * the blocks that dominate inst's block and have a single predecessor.
 * Returns how many were found (at most FERRY_PATH_FACTS_MAX). */
unsigned ferry_path_facts(struct ferry_affine_context *context, LLVMValueRef inst,
                          struct ferry_path_fact *facts);

/* Replaces every term of `form` that is one fixed atom alone (a fact with
 * low == high) by its value times the coefficient. */
void ferry_affine_apply_facts(struct ferry_affine *form, const struct ferry_path_fact *facts,
                              unsigned count);

#endif
