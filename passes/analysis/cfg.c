#include "cfg.h"

#include <stdlib.h>

struct ferry_cfg {
  struct ferry_map index;       /* block -> position in predecessors[] */
  struct ferry_vec *predecessors;
  size_t count;
};

bool ferry_set_insert(struct ferry_map *set, const void *item) {
  if (ferry_map_get(set, item, NULL))
    return false;
  ferry_map_put(set, item, 1);
  return true;
}

struct ferry_cfg *ferry_cfg_compute(LLVMValueRef fn) {
  struct ferry_cfg *cfg = ferry_xcalloc(1, sizeof *cfg);
  cfg->count = LLVMCountBasicBlocks(fn);
  cfg->predecessors = ferry_xcalloc(cfg->count, sizeof *cfg->predecessors);
  size_t i = 0;
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
    ferry_map_put(&cfg->index, bb, (intptr_t)i++);
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb)) {
    LLVMValueRef terminator = LLVMGetBasicBlockTerminator(bb);
    unsigned successors = terminator ? LLVMGetNumSuccessors(terminator) : 0;
    for (unsigned s = 0; s < successors; s++) {
      intptr_t at;
      if (ferry_map_get(&cfg->index, LLVMGetSuccessor(terminator, s), &at))
        ferry_vec_push_unique(&cfg->predecessors[at], bb);
    }
  }
  return cfg;
}

const struct ferry_vec *ferry_cfg_predecessors(const struct ferry_cfg *cfg,
                                               LLVMBasicBlockRef block) {
  static const struct ferry_vec none;
  intptr_t at;
  return ferry_map_get(&cfg->index, block, &at) ? &cfg->predecessors[at] : &none;
}

void ferry_cfg_free(struct ferry_cfg *cfg) {
  if (!cfg)
    return;
  for (size_t i = 0; i < cfg->count; i++)
    ferry_vec_free(&cfg->predecessors[i]);
  free(cfg->predecessors);
  ferry_map_free(&cfg->index);
  free(cfg);
}
