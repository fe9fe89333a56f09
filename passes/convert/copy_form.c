/* The words of a converted copy's remark (copy_form.h), one switch over
 * the kinds for both passes: ferry-async-copy says what the copy became
 * and what its site adds; ferry-pipeline says what it became, then the
 * ring. */
#include "copy_form.h"

#include "bulk_choice.h"
#include "ir_build.h"

#include <llvm-c/DebugInfo.h>
#include <stdio.h>
#include <string.h>

const char *ferry_article(unsigned size) { return size == 8 ? "an" : "a"; }

/* A ring's copy: "converted a 4-byte global-to-shared copy to <form>". */
static void describe_in_ring(const struct ferry_copy_form *form, const struct ferry_copy_site *site,
                             char *message, size_t size) {
  if (ferry_copy_form_collective(form))
    snprintf(message, size,
             "converted %s %u-byte global-to-shared copy to 16-byte cp.async.cg chunks of the "
             "block", ferry_article(site->size), site->size);
  else if (site->merged) /* its guard evaluated for the iteration issued (pipeline_check.c) */
    snprintf(message, size,
             "converted a guarded %u-byte global-to-shared copy to cp.async.%s with a source "
             "size of 0 where the guard of the iteration it issues fails", site->size,
             ferry_cp_async_cache(ferry_per_thread_piece(site->size, site->align)));
  else
    snprintf(message, size, "converted %s %u-byte global-to-shared copy to cp.async.%s",
             ferry_article(site->size), site->size,
             ferry_cp_async_cache(ferry_per_thread_piece(site->size, site->align)));
}

/* A single-stage copy's form, the whole sentence. */
static void describe_single_stage(const struct ferry_copy_form *form,
                                  const struct ferry_copy_site *site, char *message,
                                  size_t size) {
  const char *rows = form->row_stride ? "each row of threadIdx.y" : "blockDim.x elements";
  char bytes[48] = "blockDim.x*";
  if (form->bulk_row_bytes)
    snprintf(bytes, sizeof bytes, "%llu", form->bulk_row_bytes);
  else
    snprintf(bytes + strlen(bytes), sizeof bytes - strlen(bytes), "%u", site->size);
  switch (form->kind) {
  case FERRY_COPY_BULK_ROWS:
    snprintf(message, size,
             "converted the block's %u-byte global-to-shared copies over %s to a "
             "cp.async.bulk of %s bytes completed on an mbarrier, issued by the row's first "
             "thread (the original copy stays as the fallback when a uniform alignment check "
             "fails); every thread waits for it before the next barrier",
             site->size, rows, bytes);
    return;
  case FERRY_COPY_BULK_LARGE_ROWS:
    snprintf(message, size,
             "converted the block's %u-byte global-to-shared copies over %s to a "
             "cp.async.bulk of %s bytes completed on an mbarrier when that is at least %u "
             "bytes, else to 16-byte cp.async.cg chunks (the original copy stays as the "
             "fallback when a uniform alignment check fails); they complete before the next "
             "barrier", site->size, rows, bytes, FERRY_BULK_MIN_BYTES);
    return;
  case FERRY_COPY_CHUNKS:
  case FERRY_COPY_LINEAR_CHUNKS:
    snprintf(message, size,
             "converted the block's %u-byte global-to-shared copies to 16-byte "
             "cp.async.cg chunks over %s (the original copy stays as the fallback "
             "when a uniform alignment check fails); they complete before the next "
             "barrier", site->size, rows);
    return;
  case FERRY_COPY_PER_THREAD:
    if (site->loop)
      snprintf(message, size,
               "converted %s %u-byte global-to-shared copy%s in a loop with no barrier to "
               "per-thread cp.async; every iteration's copy is in flight until one wait before "
               "the barrier after the loop", ferry_article(site->size), site->size,
               site->merged ? " (guarded: a source size of 0 where the guard fails)" : "");
    else if (site->merged)
      snprintf(message, size,
               "converted a guarded %u-byte global-to-shared copy to cp.async.%s with a source "
               "size of 0 where the guard fails (it reads nothing and fills zeros); it "
               "completes before the next barrier", site->size,
               ferry_cp_async_cache(site->size));
    else if (site->size > 16) {
      unsigned piece = ferry_per_thread_piece(site->size, site->align);
      snprintf(message, size,
               "converted a %u-byte global-to-shared struct copy to %u cp.async.%s of %u bytes; "
               "they complete before the next barrier", site->size, site->size / piece,
               ferry_cp_async_cache(piece), piece);
    } else
      snprintf(message, size,
               "converted %s %u-byte global-to-shared copy to cp.async.%s; it completes "
               "before the next barrier", ferry_article(site->size), site->size,
               ferry_cp_async_cache(site->size));
    return;
  }
}

void ferry_copy_form_describe(const struct ferry_copy_form *form,
                              const struct ferry_copy_site *site, bool in_ring, char *message,
                              size_t message_size) {
  if (in_ring) {
    describe_in_ring(form, site, message, message_size);
    return;
  }
  describe_single_stage(form, site, message, message_size);
  for (unsigned i = 0; i < site->alias_store_count; i++) {
    size_t used = strlen(message);
    LLVMValueRef store = site->alias_stores[i];
    unsigned line = LLVMInstructionGetDebugLoc(store) ? LLVMGetDebugLocLine(store) : 0;
    char where[32] = "";
    if (line)
      snprintf(where, sizeof where, " at line %u", line);
    snprintf(message + used, message_size - used,
             "; versioned on a run-time test that its source misses what the store%s writes "
             "before the barrier (where it does not, the copy runs as written)", where);
  }
  if (form->test_alignment) {
    size_t used = strlen(message);
    bool source = site->alignment_witness[0], destination = site->alignment_witness[1];
    snprintf(message + used, message_size - used,
             "; versioned on this thread's run-time test that %s %u-byte aligned, which the "
             "compile proves only to %u bytes (where %s not, the copy runs as written)",
             source && destination ? "its source and destination addresses are"
             : source              ? "its source address is"
                                   : "its destination address is",
             site->size, site->align, source && destination ? "they are" : "it is");
  }
  if (site->check_global) {
    size_t used = strlen(message);
    if (site->global_base)
      snprintf(message + used, message_size - used,
               "; versioned on one block-uniform run-time isspacep.global test of the source's "
               "base pointer (where it fails, the whole block runs the copy as written)");
    else
      snprintf(message + used, message_size - used,
               "; versioned on a run-time isspacep.global test of the source (where it "
               "fails, the copy runs as written)");
  }
  if (site->read_back) {
    size_t used = strlen(message);
    snprintf(message + used, message_size - used,
             "; the loaded value's other uses read it back from shared memory after the "
             "barrier");
  }
}
