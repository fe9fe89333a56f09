/* Small containers for the C passes: a growable array of pointers and a
 * pointer-keyed hash map. Allocation failure aborts: the passes run inside
 * the compiler, where an out-of-memory has no graceful continuation. */
#ifndef FERRY_PASSES_UTIL_H
#define FERRY_PASSES_UTIL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

void *ferry_xmalloc(size_t size);
void *ferry_xcalloc(size_t count, size_t size);
void *ferry_xrealloc(void *p, size_t size);

struct ferry_vec {
  void **items;
  size_t count;
  size_t capacity;
};

void ferry_vec_push(struct ferry_vec *vec, void *item);
bool ferry_vec_contains(const struct ferry_vec *vec, const void *item);
/* Appends item unless already present; returns whether it was appended. */
bool ferry_vec_push_unique(struct ferry_vec *vec, void *item);
void ferry_vec_free(struct ferry_vec *vec);

/* Open-addressing map from pointer to intptr_t; NULL keys are not allowed. */
struct ferry_map {
  const void **keys;
  intptr_t *values;
  size_t count;
  size_t capacity;
};

void ferry_map_put(struct ferry_map *map, const void *key, intptr_t value);
bool ferry_map_get(const struct ferry_map *map, const void *key,
                   intptr_t *value);
void ferry_map_free(struct ferry_map *map);

/* Room for a refusal's reason, and for a remark that quotes one. */
enum { FERRY_REASON_SIZE = 512, FERRY_MESSAGE_SIZE = 2 * FERRY_REASON_SIZE };

/* Writes a refusal's reason (printf-style) into buffer and returns false,
 * so that a check can `return ferry_refuse(reason, size, "...", ...);`. */
bool ferry_refuse(char *buffer, size_t size, const char *format, ...)
    __attribute__((format(printf, 3, 4)));

#endif
