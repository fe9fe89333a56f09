/* Whether two accesses, each made by any thread of the block, can meet
 * (affine.h, ferry_affine_apart). A per-thread argument, one
 * thread's `s[t]` against its own `s[2*S-1-t]`, does not cover the block:
 * thread t' = 2*S-1-t writes s[t] as well where the block has more than S
 * threads. So the two accesses are taken as made by two threads: every
 * thread index of the access's form becomes the second thread's (an atom
 * of its own, bounded by the same blockDim), the block-wide atoms stay
 * shared. A thread-varying atom other than a thread index (a loaded index,
 * a per-thread loop counter) has an unknown value in the second thread,
 * so such a form proves nothing.
 *
 * Offsets are 64-bit byte offsets from one base. Their difference D meets
 * the window (-access_size, size) where the accesses overlap; they never
 * do when D's range (affine_bounds.c) lies outside the window, or when D
 * is congruent modulo a power of two g, dividing every coefficient, to a
 * residue no point of the window has (a power of two divides 2^64, so the
 * residue survives the offsets' wrapping: struct fields `s[t].y` against
 * `s[t'].x`, 8(t' - t) - 4, are 4 modulo 8 and never within 4 bytes). */
#include "affine.h"

#include "path_facts.h"

#include <stdint.h>

enum { MAX_FACTS = 4 * FERRY_PATH_FACTS_MAX, MAX_MODULUS_LOG2 = 32 };

static bool varies_other_than_thread_index(const struct ferry_affine *form) {
  for (unsigned t = 0; t < form->term_count; t++)
    for (unsigned a = 0; a < form->terms[t].atom_count; a++) {
      const struct ferry_atom *atom = &form->terms[t].atoms[a];
      if (!atom->uniform && atom->kind != FERRY_ATOM_TID)
        return true;
    }
  return false;
}

static void to_other_thread(struct ferry_atom *atom) {
  if (atom->kind == FERRY_ATOM_TID)
    atom->other_thread = true;
}

/* The largest power of two, at most 2^MAX_MODULUS_LOG2, dividing every
 * coefficient of the form (the cap when it has none). */
static uint64_t coefficient_modulus(const struct ferry_affine *form) {
  uint64_t modulus = UINT64_C(1) << MAX_MODULUS_LOG2;
  for (unsigned t = 0; t < form->term_count; t++) {
    uint64_t c = (uint64_t)form->terms[t].coefficient;
    while (modulus > 1 && c % modulus)
      modulus >>= 1;
  }
  return modulus;
}

/* Whether some integer in [low, high] is congruent to `constant` modulo
 * `modulus`. */
static bool window_has_residue(int64_t low, int64_t high, int64_t constant, uint64_t modulus) {
  if (low > high)
    return false;
  if ((uint64_t)(high - low) + 1 >= modulus)
    return true;
  int64_t m = (int64_t)modulus;
  int64_t first = low + (((constant - low) % m) + m) % m; /* smallest >= low of the residue */
  return first <= high;
}

bool ferry_affine_apart(const struct ferry_affine *access,
                        const struct ferry_atom_bound *access_facts, unsigned access_fact_count,
                        unsigned long long access_size, const struct ferry_affine *target,
                        const struct ferry_atom_bound *target_facts, unsigned target_fact_count,
                        unsigned long long size, LLVMValueRef fn, bool block_wide) {
  if (!access_size || !size || access_size > INT64_MAX / 2 || size > INT64_MAX / 2 ||
      (block_wide &&
       (varies_other_than_thread_index(access) || varies_other_than_thread_index(target))))
    return false;
  struct ferry_affine other = *access;
  for (unsigned t = 0; t < other.term_count && block_wide; t++)
    for (unsigned a = 0; a < other.terms[t].atom_count; a++)
      to_other_thread(&other.terms[t].atoms[a]);
  struct ferry_atom_bound facts[2 * MAX_FACTS];
  unsigned count = 0;
  for (unsigned f = 0; f < access_fact_count && count < 2 * MAX_FACTS; f++) {
    facts[count] = access_facts[f];
    if (block_wide)
      to_other_thread(&facts[count].atom);
    count++;
  }
  for (unsigned f = 0; f < target_fact_count && count < 2 * MAX_FACTS; f++)
    facts[count++] = target_facts[f];

  /* difference = access (second thread) - target (first thread) */
  struct ferry_affine difference;
  if (!ferry_affine_add_scaled(&other, target, -1, &difference))
    return false;
  ferry_affine_apply_facts(&difference, facts, count);
  bool has_low, has_high;
  int64_t low, high;
  ferry_affine_joint_range(&difference, fn, facts, count, &has_low, &low, &has_high, &high);
  if ((has_low && low >= (int64_t)size) || (has_high && high <= -(int64_t)access_size))
    return true;
  /* The window where they meet: -access_size < difference < size. */
  return !window_has_residue(1 - (int64_t)access_size, (int64_t)size - 1, difference.constant,
                             coefficient_modulus(&difference));
}
