/* The range of an affine form over the values its atoms can take (see
 * affine.h, ferry_affine_range). A thread's indices are bounded by the
 * block's extents, the extents by the kernel's "nvvm.reqntid" (exactly) or
 * "nvvm.maxntid" (their product bounds every extent) and otherwise by the
 * hardware (x and y at most 1024 threads, z at most 64); block indices and
 * grid extents by the grid's limits (x below 2^31, y and z below 2^16).
 * blockDim is never 0, which is what tells `t` and `t + blockDim.x` apart.
 * An induction variable or opaque value proved non-negative has no upper
 * bound; any other has no bound at all. Arithmetic that would leave 64 bits
 * leaves that side unbounded. Bounds the caller knows (path_facts.h: `if
 * (t < 128)`) narrow an atom's range. The range is the form's as an integer sum:
 * whether the value wrapped is the caller's question. */
#include "affine.h"

#include "target.h"

#include <stdint.h>

enum { MAX_GRID_X = 2147483647, MAX_GRID_YZ = 65535 };

struct interval {
  bool has_low, has_high;
  int64_t low, high;
};

/* The most threads dimension `dimension` of fn's blocks may have, and
 * whether that is exactly the count (reqntid). */
static int64_t block_extent(LLVMValueRef fn, unsigned dimension, bool *exact) {
  unsigned long long extents[3];
  int64_t hardware = dimension == 2 ? 64 : 1024;
  unsigned count = ferry_thread_extents(fn, "nvvm.reqntid", extents);
  *exact = count > 0;
  if (count)
    return dimension < count && extents[dimension] < (unsigned long long)hardware
               ? (int64_t)extents[dimension]
           : dimension < count ? hardware
                               : 1; /* reqntid "256": y and z are 1 */
  count = ferry_thread_extents(fn, "nvvm.maxntid", extents);
  unsigned long long product = 1;
  for (unsigned i = 0; i < count; i++)
    product *= extents[i];
  return count && product < (unsigned long long)hardware ? (int64_t)product : hardware;
}

static struct interval atom_range(LLVMValueRef fn, const struct ferry_atom *atom) {
  bool exact;
  int64_t grid = atom->dimension == 0 ? MAX_GRID_X : MAX_GRID_YZ;
  switch (atom->kind) {
  case FERRY_ATOM_TID: {
    int64_t extent = block_extent(fn, atom->dimension, &exact);
    return (struct interval){true, true, 0, extent - 1};
  }
  case FERRY_ATOM_NTID: {
    int64_t extent = block_extent(fn, atom->dimension, &exact);
    return (struct interval){true, true, exact ? extent : 1, extent};
  }
  case FERRY_ATOM_CTAID:
    return (struct interval){true, true, 0, grid - 1};
  case FERRY_ATOM_NCTAID:
    return (struct interval){true, true, 1, grid};
  default:
    return (struct interval){atom->non_negative, false, 0, 0};
  }
}

/* Product of two intervals of non-negative values. */
static struct interval multiply_non_negative(struct interval a, struct interval b) {
  struct interval out = {true, a.has_high && b.has_high, 0, 0};
  if (__builtin_mul_overflow(a.low, b.low, &out.low))
    out.has_low = false;
  if (out.has_high && __builtin_mul_overflow(a.high, b.high, &out.high))
    out.has_high = false;
  return out;
}

static bool same_atom(const struct ferry_atom *a, const struct ferry_atom *b) {
  return a->kind == b->kind && a->dimension == b->dimension && a->value == b->value &&
         a->other_thread == b->other_thread;
}

/* The atom's range narrowed by every bound that names it. */
static struct interval bounded_atom_range(LLVMValueRef fn, const struct ferry_atom *atom,
                                          const struct ferry_atom_bound *bounds, unsigned count) {
  struct interval range = atom_range(fn, atom);
  for (unsigned b = 0; b < count; b++) {
    if (!same_atom(atom, &bounds[b].atom))
      continue;
    if (!range.has_low || bounds[b].low > range.low)
      range.low = bounds[b].low;
    if (!range.has_high || bounds[b].high < range.high)
      range.high = bounds[b].high;
    range.has_low = range.has_high = true;
  }
  return range;
}

static struct interval term_range(LLVMValueRef fn, const struct ferry_term *term,
                                  const struct ferry_atom_bound *bounds, unsigned count) {
  struct interval product = {true, true, 1, 1};
  for (unsigned a = 0; a < term->atom_count; a++) {
    struct interval atom = bounded_atom_range(fn, &term->atoms[a], bounds, count);
    if (!atom.has_low || atom.low < 0)
      return (struct interval){false, false, 0, 0};
    product = multiply_non_negative(product, atom);
    if (!product.has_low)
      return product;
  }
  int64_t c = term->coefficient, low = 0, high = 0;
  bool low_fits = !__builtin_mul_overflow(product.low, c, &low);
  bool high_fits = product.has_high && !__builtin_mul_overflow(product.high, c, &high);
  if (c > 0)
    return (struct interval){low_fits, high_fits, low, high};
  return (struct interval){high_fits, low_fits, high, low};
}

/* A term that is one atom of `kind` in `dimension` alone. */
static bool lone_atom(const struct ferry_term *term, enum ferry_atom_kind kind, unsigned dimension) {
  return term->atom_count == 1 && term->atoms[0].kind == kind &&
         term->atoms[0].dimension == dimension;
}

static bool fits(__int128 v) { return v >= INT64_MIN && v <= INT64_MAX; }

/* The range of b*n + sum of a_i*t_i, the terms of one dimension that are a
 * thread index alone (t_i, of one thread or two) or blockDim alone (n),
 * with every t_i in [0, n-1] for the same n: `2*blockDim.x - 1 - t` is at
 * least 1, `t + blockDim.x - t'` at least 1, which the terms' ranges taken
 * one by one do not show. For a fixed n the sum lies in
 * [(b + sum of min(0, a_i)) n - sum of min(0, a_i), likewise with max],
 * linear in n, so n's end points bound it. Facts on the thread indices are
 * not used (their ranges taken one by one are intersected with this). */
static struct interval correlated_range(LLVMValueRef fn, const struct ferry_affine *form,
                                        unsigned dimension, const struct ferry_atom_bound *bounds,
                                        unsigned count) {
  struct interval none = {false, false, 0, 0};
  __int128 b = 0, negative = 0, positive = 0;
  struct interval n = {false, false, 0, 0};
  for (unsigned t = 0; t < form->term_count; t++) {
    const struct ferry_term *term = &form->terms[t];
    if (lone_atom(term, FERRY_ATOM_NTID, dimension)) {
      b = term->coefficient;
      n = bounded_atom_range(fn, &term->atoms[0], bounds, count);
    } else if (lone_atom(term, FERRY_ATOM_TID, dimension)) {
      negative += term->coefficient < 0 ? term->coefficient : 0;
      positive += term->coefficient > 0 ? term->coefficient : 0;
    }
  }
  if (!n.has_low) { /* no blockDim term: its range from the atom itself */
    struct ferry_atom ntid = {.kind = FERRY_ATOM_NTID, .dimension = dimension, .uniform = true,
                              .non_negative = true};
    n = bounded_atom_range(fn, &ntid, bounds, count);
  }
  if (!n.has_low || !n.has_high || n.low < 1)
    return none;
  __int128 low_at[2], high_at[2];
  int64_t ends[2] = {n.low, n.high};
  for (int e = 0; e < 2; e++) {
    low_at[e] = (b + negative) * ends[e] - negative;
    high_at[e] = (b + positive) * ends[e] - positive;
  }
  __int128 low = low_at[0] < low_at[1] ? low_at[0] : low_at[1];
  __int128 high = high_at[0] > high_at[1] ? high_at[0] : high_at[1];
  if (!fits(low) || !fits(high))
    return none;
  return (struct interval){true, true, (int64_t)low, (int64_t)high};
}

static void add_interval(struct interval *sum, struct interval term) {
  sum->has_low = sum->has_low && term.has_low && !__builtin_add_overflow(sum->low, term.low, &sum->low);
  sum->has_high =
      sum->has_high && term.has_high && !__builtin_add_overflow(sum->high, term.high, &sum->high);
}

static void range(const struct ferry_affine *form, LLVMValueRef fn,
                  const struct ferry_atom_bound *bounds, unsigned bound_count, bool joint,
                  bool *has_low, int64_t *low, bool *has_high, int64_t *high) {
  struct interval sum = {true, true, form->constant, form->constant};
  for (unsigned d = 0; d < 3 && joint; d++) {
    /* The terms of dimension d that correlated_range covers: their range
     * taken one by one, narrowed by the correlated one. */
    struct interval group = {true, true, 0, 0};
    bool has_thread_index = false;
    for (unsigned t = 0; t < form->term_count; t++) {
      const struct ferry_term *term = &form->terms[t];
      if (!lone_atom(term, FERRY_ATOM_TID, d) && !lone_atom(term, FERRY_ATOM_NTID, d))
        continue;
      has_thread_index |= lone_atom(term, FERRY_ATOM_TID, d);
      add_interval(&group, term_range(fn, term, bounds, bound_count));
    }
    if (has_thread_index) {
      struct interval joint = correlated_range(fn, form, d, bounds, bound_count);
      if (joint.has_low && (!group.has_low || joint.low > group.low)) {
        group.low = joint.low;
        group.has_low = true;
      }
      if (joint.has_high && (!group.has_high || joint.high < group.high)) {
        group.high = joint.high;
        group.has_high = true;
      }
    }
    add_interval(&sum, group);
  }
  for (unsigned t = 0; t < form->term_count; t++) {
    const struct ferry_term *term = &form->terms[t];
    bool grouped = false;
    for (unsigned d = 0; d < 3 && joint; d++)
      grouped |= lone_atom(term, FERRY_ATOM_TID, d) || lone_atom(term, FERRY_ATOM_NTID, d);
    if (!grouped)
      add_interval(&sum, term_range(fn, term, bounds, bound_count));
  }
  *has_low = sum.has_low;
  *low = sum.low;
  *has_high = sum.has_high;
  *high = sum.high;
}

void ferry_affine_range(const struct ferry_affine *form, LLVMValueRef fn,
                        const struct ferry_atom_bound *bounds, unsigned bound_count,
                        bool *has_low, int64_t *low, bool *has_high, int64_t *high) {
  range(form, fn, bounds, bound_count, false, has_low, low, has_high, high);
}

void ferry_affine_joint_range(const struct ferry_affine *form, LLVMValueRef fn,
                              const struct ferry_atom_bound *bounds, unsigned bound_count,
                              bool *has_low, int64_t *low, bool *has_high, int64_t *high) {
  range(form, fn, bounds, bound_count, true, has_low, low, has_high, high);
}
