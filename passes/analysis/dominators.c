/* Dominators by the iterative algorithm of Cooper, Harvey and Kennedy ("A
 * Simple, Fast Dominance Algorithm"): immediate dominators are refined over
 * the reverse postorder until nothing changes, which for the CFGs compilers
 * see converges in two or three sweeps. Dominance queries then take
 * constant time from a numbering of the dominator tree. Blocks that the
 * entry cannot reach get no dominator and take part in no dominance; the
 * traversals are iterative, so deep CFGs cannot overflow the stack. */
#include "dominators.h"

#include "ferry.h"
#include "names.h"

#include <stdint.h>
#include <stdlib.h>

enum { NONE = -1 };

struct ferry_dominators {
  LLVMValueRef function;
  size_t block_count;
  LLVMBasicBlockRef *blocks;        /* function order */
  struct ferry_map index_of_block;  /* block -> position in `blocks` */
  struct ferry_vec *successors;     /* per block, distinct, as positions */
  struct ferry_vec *predecessors;   /* per block, distinct, as blocks */
  struct ferry_vec reverse_postorder;
  size_t *rpo_index;                /* per block; SIZE_MAX when unreachable */
  long *idom;                       /* per block, a position; NONE for entry/unreachable */
  size_t *tree_enter, *tree_exit;   /* dominator-tree DFS interval per block */
};

static long position_of(const struct ferry_dominators *d, LLVMBasicBlockRef block) {
  intptr_t position;
  if (!block || !ferry_map_get(&d->index_of_block, block, &position))
    return NONE;
  return (long)position;
}

/* Successors are kept as positions (cast into the vector's pointer slots)
 * so that the traversals below index arrays instead of hashing. */
static void collect_edges(struct ferry_dominators *d) {
  for (size_t i = 0; i < d->block_count; i++) {
    LLVMValueRef terminator = LLVMGetBasicBlockTerminator(d->blocks[i]);
    unsigned count = terminator ? LLVMGetNumSuccessors(terminator) : 0;
    for (unsigned s = 0; s < count; s++) {
      long target = position_of(d, LLVMGetSuccessor(terminator, s));
      if (target == NONE)
        continue;
      if (ferry_vec_push_unique(&d->successors[i], (void *)(intptr_t)target))
        ferry_vec_push(&d->predecessors[target], d->blocks[i]);
    }
  }
}

/* Postorder by an explicit stack of (block, next successor to visit). */
static void number_reverse_postorder(struct ferry_dominators *d) {
  size_t *postorder = ferry_xmalloc(d->block_count * sizeof *postorder);
  size_t *stack = ferry_xmalloc(d->block_count * sizeof *stack);
  size_t *next_successor = ferry_xcalloc(d->block_count, sizeof *next_successor);
  bool *visited = ferry_xcalloc(d->block_count, sizeof *visited);
  size_t depth = 0, finished = 0;
  stack[depth++] = 0;
  visited[0] = true;
  while (depth) {
    size_t block = stack[depth - 1];
    const struct ferry_vec *successors = &d->successors[block];
    if (next_successor[block] < successors->count) {
      size_t target = (size_t)(intptr_t)successors->items[next_successor[block]++];
      if (!visited[target]) {
        visited[target] = true;
        stack[depth++] = target;
      }
    } else {
      postorder[finished++] = block;
      depth--;
    }
  }
  for (size_t i = 0; i < d->block_count; i++)
    d->rpo_index[i] = SIZE_MAX;
  for (size_t i = 0; i < finished; i++) {
    size_t block = postorder[finished - 1 - i];
    d->rpo_index[block] = i;
    ferry_vec_push(&d->reverse_postorder, d->blocks[block]);
  }
  free(postorder);
  free(stack);
  free(next_successor);
  free(visited);
}

/* Walks two fingers up the tree being built until they meet; positions in
 * reverse postorder decrease towards the entry. */
static size_t intersect(const size_t *idom_rpo, size_t a, size_t b) {
  while (a != b) {
    while (a > b)
      a = idom_rpo[a];
    while (b > a)
      b = idom_rpo[b];
  }
  return a;
}

static void compute_immediate_dominators(struct ferry_dominators *d) {
  size_t reachable = d->reverse_postorder.count;
  size_t *idom_rpo = ferry_xmalloc(reachable * sizeof *idom_rpo);
  for (size_t i = 0; i < reachable; i++)
    idom_rpo[i] = SIZE_MAX;
  idom_rpo[0] = 0;
  for (bool changed = true; changed;) {
    changed = false;
    for (size_t i = 1; i < reachable; i++) {
      long block = position_of(d, d->reverse_postorder.items[i]);
      size_t new_idom = SIZE_MAX;
      const struct ferry_vec *predecessors = &d->predecessors[block];
      for (size_t p = 0; p < predecessors->count; p++) {
        size_t pred = d->rpo_index[position_of(d, predecessors->items[p])];
        if (pred == SIZE_MAX || idom_rpo[pred] == SIZE_MAX)
          continue; /* unreachable, or not yet processed */
        new_idom = new_idom == SIZE_MAX ? pred : intersect(idom_rpo, pred, new_idom);
      }
      if (new_idom != idom_rpo[i]) {
        idom_rpo[i] = new_idom;
        changed = true;
      }
    }
  }
  for (size_t i = 0; i < d->block_count; i++)
    d->idom[i] = NONE;
  for (size_t i = 1; i < reachable; i++)
    d->idom[position_of(d, d->reverse_postorder.items[i])] =
        position_of(d, d->reverse_postorder.items[idom_rpo[i]]);
  free(idom_rpo);
}

/* Enter/exit numbers of a depth-first walk of the dominator tree: a
 * dominates b exactly when a's interval encloses b's. */
static void number_dominator_tree(struct ferry_dominators *d) {
  size_t n = d->block_count;
  struct ferry_vec *children = ferry_xcalloc(n, sizeof *children);
  for (size_t i = 0; i < n; i++)
    if (d->idom[i] != NONE)
      ferry_vec_push(&children[d->idom[i]], (void *)(intptr_t)i);
  size_t *stack = ferry_xmalloc(n * sizeof *stack);
  size_t *next_child = ferry_xcalloc(n, sizeof *next_child);
  size_t depth = 0, clock = 0;
  stack[depth++] = 0;
  d->tree_enter[0] = clock++;
  while (depth) {
    size_t block = stack[depth - 1];
    if (next_child[block] < children[block].count) {
      size_t child = (size_t)(intptr_t)children[block].items[next_child[block]++];
      d->tree_enter[child] = clock++;
      stack[depth++] = child;
    } else {
      d->tree_exit[block] = clock++;
      depth--;
    }
  }
  for (size_t i = 0; i < n; i++)
    ferry_vec_free(&children[i]);
  free(children);
  free(stack);
  free(next_child);
}

struct ferry_dominators *ferry_dominators_compute(LLVMValueRef fn) {
  if (LLVMIsDeclaration(fn) || !LLVMCountBasicBlocks(fn))
    return NULL;
  struct ferry_dominators *d = ferry_xcalloc(1, sizeof *d);
  d->function = fn;
  d->block_count = LLVMCountBasicBlocks(fn);
  d->blocks = ferry_xmalloc(d->block_count * sizeof *d->blocks);
  LLVMGetBasicBlocks(fn, d->blocks);
  for (size_t i = 0; i < d->block_count; i++)
    ferry_map_put(&d->index_of_block, d->blocks[i], (intptr_t)i);
  d->successors = ferry_xcalloc(d->block_count, sizeof *d->successors);
  d->predecessors = ferry_xcalloc(d->block_count, sizeof *d->predecessors);
  d->rpo_index = ferry_xmalloc(d->block_count * sizeof *d->rpo_index);
  d->idom = ferry_xmalloc(d->block_count * sizeof *d->idom);
  d->tree_enter = ferry_xcalloc(d->block_count, sizeof *d->tree_enter);
  d->tree_exit = ferry_xcalloc(d->block_count, sizeof *d->tree_exit);
  collect_edges(d);
  number_reverse_postorder(d);
  compute_immediate_dominators(d);
  number_dominator_tree(d);
  return d;
}

void ferry_dominators_free(struct ferry_dominators *d) {
  if (!d)
    return;
  for (size_t i = 0; i < d->block_count; i++) {
    ferry_vec_free(&d->successors[i]);
    ferry_vec_free(&d->predecessors[i]);
  }
  free(d->successors);
  free(d->predecessors);
  free(d->blocks);
  ferry_map_free(&d->index_of_block);
  ferry_vec_free(&d->reverse_postorder);
  free(d->rpo_index);
  free(d->idom);
  free(d->tree_enter);
  free(d->tree_exit);
  free(d);
}

bool ferry_block_is_reachable(const struct ferry_dominators *d, LLVMBasicBlockRef block) {
  long position = position_of(d, block);
  return position != NONE && d->rpo_index[position] != SIZE_MAX;
}

LLVMBasicBlockRef ferry_immediate_dominator(const struct ferry_dominators *d,
                                            LLVMBasicBlockRef block) {
  long position = position_of(d, block);
  if (position == NONE || d->idom[position] == NONE)
    return NULL;
  return d->blocks[d->idom[position]];
}

bool ferry_block_dominates(const struct ferry_dominators *d, LLVMBasicBlockRef a,
                           LLVMBasicBlockRef b) {
  if (!ferry_block_is_reachable(d, a) || !ferry_block_is_reachable(d, b))
    return false;
  long x = position_of(d, a), y = position_of(d, b);
  return d->tree_enter[x] <= d->tree_enter[y] && d->tree_exit[y] <= d->tree_exit[x];
}

bool ferry_instruction_dominates(const struct ferry_dominators *d, LLVMValueRef a,
                                 LLVMValueRef b) {
  if (a == b)
    return false;
  LLVMBasicBlockRef block_a = LLVMGetInstructionParent(a);
  LLVMBasicBlockRef block_b = LLVMGetInstructionParent(b);
  if (!ferry_block_dominates(d, block_a, block_b))
    return false;
  if (block_a != block_b)
    return true;
  for (LLVMValueRef inst = LLVMGetNextInstruction(a); inst; inst = LLVMGetNextInstruction(inst))
    if (inst == b)
      return true;
  return false;
}

const struct ferry_vec *ferry_reverse_postorder(const struct ferry_dominators *d) {
  return &d->reverse_postorder;
}

const struct ferry_vec *ferry_block_predecessors(const struct ferry_dominators *d,
                                                 LLVMBasicBlockRef block) {
  static const struct ferry_vec no_predecessors;
  long position = position_of(d, block);
  return position == NONE ? &no_predecessors : &d->predecessors[position];
}

void ferry_print_dominators(LLVMModuleRef module, FILE *out) {
  char name[256], other[256];
  for (LLVMValueRef fn = LLVMGetFirstFunction(module); fn; fn = LLVMGetNextFunction(fn)) {
    struct ferry_dominators *d = ferry_dominators_compute(fn);
    if (!d)
      continue;
    ferry_value_name(fn, name, sizeof name);
    fprintf(out, "dominators of %s\n", name);
    for (size_t i = 0; i < d->reverse_postorder.count; i++) {
      LLVMBasicBlockRef block = d->reverse_postorder.items[i];
      LLVMBasicBlockRef idom = ferry_immediate_dominator(d, block);
      ferry_block_name(block, name, sizeof name);
      if (idom)
        ferry_block_name(idom, other, sizeof other);
      fprintf(out, "  %s: idom %s\n", name, idom ? other : "none");
    }
    for (size_t i = 0; i < d->block_count; i++)
      if (d->rpo_index[i] == SIZE_MAX) {
        ferry_block_name(d->blocks[i], name, sizeof name);
        fprintf(out, "  %s: unreachable\n", name);
      }
    ferry_dominators_free(d);
  }
  ferry_names_invalidate(); /* frees the numbering cache */
}
