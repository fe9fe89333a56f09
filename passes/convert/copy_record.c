/* The records of the automatic passes' decisions (copy_record.h). */
#include "copy_record.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct ferry_copy_records {
  struct ferry_map index; /* fn -> position in `functions` + 1 */
  struct ferry_vec functions; /* struct ferry_copy_record * */
};

static struct ferry_held_remark *held_remark(enum ferry_remark_kind kind, LLVMValueRef at,
                                             const char *name, const char *message) {
  struct ferry_held_remark *remark = ferry_xcalloc(1, sizeof *remark);
  size_t length = strlen(message) + 1;
  *remark = (struct ferry_held_remark){kind, at, name, ferry_xmalloc(length)};
  memcpy(remark->message, message, length);
  return remark;
}

static void free_held_remark(struct ferry_held_remark *remark) {
  if (remark)
    free(remark->message);
  free(remark);
}

void ferry_hold_remark(struct ferry_vec *held, enum ferry_remark_kind kind, LLVMValueRef at,
                       const char *name, const char *message) {
  ferry_vec_push(held, held_remark(kind, at, name, message));
}

void ferry_say_held_remarks(const struct ferry_vec *held, LLVMValueRef copy) {
  for (size_t i = 0; i < held->count; i++) {
    const struct ferry_held_remark *remark = held->items[i];
    ferry_remark(remark->kind, remark->at ? remark->at : copy, remark->name, remark->message);
  }
}

void ferry_free_held_remarks(struct ferry_vec *held) {
  for (size_t i = 0; i < held->count; i++)
    free_held_remark(held->items[i]);
  ferry_vec_free(held);
}

void ferry_copy_decision_not_staged(struct ferry_copy_decision *decision, const char *format,
                                    ...) {
  if (!decision || decision->not_staged)
    return;
  char reason[FERRY_REASON_SIZE];
  va_list args;
  va_start(args, format);
  vsnprintf(reason, sizeof reason, format, args);
  va_end(args);
  size_t length = strlen(reason) + 1;
  decision->not_staged = memcpy(ferry_xmalloc(length), reason, length);
}

static void free_decision(struct ferry_copy_decision *decision) {
  if (!decision)
    return;
  ferry_free_held_remarks(&decision->reasons);
  ferry_free_held_remarks(&decision->prefetch_reasons);
  free(decision->not_staged);
  free(decision);
}

static void free_record(struct ferry_copy_record *record) {
  for (size_t i = 0; i < record->decisions.capacity; i++)
    if (record->decisions.keys[i])
      free_decision((struct ferry_copy_decision *)record->decisions.values[i]);
  ferry_map_free(&record->decisions);
  ferry_map_free(&record->kept);
  free_held_remark(record->refusal);
  free(record);
}

struct ferry_copy_records *ferry_copy_records_create(void) {
  return ferry_xcalloc(1, sizeof(struct ferry_copy_records));
}

void ferry_copy_records_free(struct ferry_copy_records *records) {
  if (!records)
    return;
  for (size_t i = 0; i < records->functions.count; i++)
    free_record(records->functions.items[i]);
  ferry_vec_free(&records->functions);
  ferry_map_free(&records->index);
  free(records);
}

struct ferry_copy_record *ferry_copy_record_of(struct ferry_copy_records *records,
                                               LLVMValueRef fn) {
  intptr_t position;
  if (ferry_map_get(&records->index, fn, &position))
    return records->functions.items[position - 1];
  struct ferry_copy_record *record = ferry_xcalloc(1, sizeof *record);
  ferry_vec_push(&records->functions, record);
  ferry_map_put(&records->index, fn, (intptr_t)records->functions.count);
  return record;
}

void ferry_copy_record_keep(struct ferry_copy_record *record, LLVMValueRef store,
                            enum ferry_copy_kept why) {
  ferry_map_put(&record->kept, store, why);
}

bool ferry_copy_record_kept(const struct ferry_copy_record *record, LLVMValueRef store) {
  intptr_t why;
  return ferry_map_get(&record->kept, store, &why);
}

void ferry_copy_record_decide(struct ferry_copy_record *record, LLVMValueRef store,
                              struct ferry_copy_decision *decision) {
  ferry_copy_record_taken(record, store);
  ferry_map_put(&record->decisions, store, (intptr_t)decision);
}

struct ferry_copy_decision *ferry_copy_record_decision(const struct ferry_copy_record *record,
                                                       LLVMValueRef store) {
  intptr_t decision = 0;
  ferry_map_get(&record->decisions, store, &decision);
  return (struct ferry_copy_decision *)decision;
}

bool ferry_copy_record_has_candidate_split(const struct ferry_copy_record *record) {
  bool candidate = false, by_rules = false;
  for (size_t i = 0; i < record->decisions.capacity; i++) {
    const struct ferry_copy_decision *decision =
        record->decisions.keys[i] ? (const void *)record->decisions.values[i] : NULL;
    if (!decision)
      continue;
    candidate |= decision->trial;
    by_rules |= decision->ring || (decision->single_stage && !decision->trial);
  }
  return candidate && by_rules;
}

void ferry_copy_record_taken(struct ferry_copy_record *record, LLVMValueRef store) {
  intptr_t decision;
  if (ferry_map_get(&record->decisions, store, &decision) && decision) {
    free_decision((struct ferry_copy_decision *)decision);
    ferry_map_put(&record->decisions, store, 0);
  }
}

void ferry_copy_record_refuse(struct ferry_copy_record *record, enum ferry_remark_kind kind,
                              LLVMValueRef at, const char *name, const char *message) {
  record->refused = true;
  if (!record->refusal)
    record->refusal = held_remark(kind, at, name, message);
}
