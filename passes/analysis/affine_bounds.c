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
  return a->kind == b->kind && a->dimension == b->dimension && a->value == b->value;
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

void ferry_affine_range(const struct ferry_affine *form, LLVMValueRef fn,
                        const struct ferry_atom_bound *bounds, unsigned bound_count,
                        bool *has_low, int64_t *low, bool *has_high, int64_t *high) {
  struct interval sum = {true, true, form->constant, form->constant};
  for (unsigned t = 0; t < form->term_count; t++) {
    struct interval term = term_range(fn, &form->terms[t], bounds, bound_count);
    sum.has_low = sum.has_low && term.has_low && !__builtin_add_overflow(sum.low, term.low, &sum.low);
    sum.has_high =
        sum.has_high && term.has_high && !__builtin_add_overflow(sum.high, term.high, &sum.high);
  }
  *has_low = sum.has_low;
  *low = sum.low;
  *has_high = sum.has_high;
  *high = sum.high;
}
