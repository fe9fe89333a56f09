/* The records of the automatic passes' decisions (copy_record.h). */
#include "copy_record.h"

#include <stdlib.h>

struct ferry_copy_records {
  struct ferry_map index; /* fn -> position in `functions` + 1 */
  struct ferry_vec functions; /* struct ferry_copy_record * */
};

struct ferry_copy_records *ferry_copy_records_create(void) {
  return ferry_xcalloc(1, sizeof(struct ferry_copy_records));
}

void ferry_copy_records_free(struct ferry_copy_records *records) {
  if (!records)
    return;
  for (size_t i = 0; i < records->functions.count; i++) {
    struct ferry_copy_record *record = records->functions.items[i];
    ferry_map_free(&record->kept);
    free(record);
  }
  ferry_vec_free(&records->functions);
  ferry_map_free(&records->index);
  free(records);
}

struct ferry_copy_record *ferry_copy_record_of(struct ferry_copy_records *records,
                                               LLVMValueRef fn) {
  if (!records)
    return NULL;
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
  if (record)
    ferry_map_put(&record->kept, store, why);
}

bool ferry_copy_record_kept(const struct ferry_copy_record *record, LLVMValueRef store) {
  intptr_t why;
  return record && ferry_map_get(&record->kept, store, &why);
}
