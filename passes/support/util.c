#include "util.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void *check_allocation(void *p) {
  if (!p) {
    fputs("ferry: out of memory\n", stderr);
    abort();
  }
  return p;
}

void *ferry_xmalloc(size_t size) { return check_allocation(malloc(size ? size : 1)); }

void *ferry_xcalloc(size_t count, size_t size) {
  return check_allocation(calloc(count ? count : 1, size ? size : 1));
}

void *ferry_xrealloc(void *p, size_t size) {
  return check_allocation(realloc(p, size ? size : 1));
}

void ferry_vec_push(struct ferry_vec *vec, void *item) {
  if (vec->count == vec->capacity) {
    vec->capacity = vec->capacity ? 2 * vec->capacity : 8;
    vec->items = ferry_xrealloc(vec->items, vec->capacity * sizeof *vec->items);
  }
  vec->items[vec->count++] = item;
}

bool ferry_vec_contains(const struct ferry_vec *vec, const void *item) {
  for (size_t i = 0; i < vec->count; i++)
    if (vec->items[i] == item)
      return true;
  return false;
}

bool ferry_vec_push_unique(struct ferry_vec *vec, void *item) {
  if (ferry_vec_contains(vec, item))
    return false;
  ferry_vec_push(vec, item);
  return true;
}

void ferry_vec_free(struct ferry_vec *vec) {
  free(vec->items);
  *vec = (struct ferry_vec){0};
}

static size_t hash_pointer(const void *key, size_t capacity) {
  uint64_t h = (uint64_t)(uintptr_t)key;
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccdULL;
  h ^= h >> 33;
  return (size_t)(h & (capacity - 1));
}

static void grow(struct ferry_map *map) {
  struct ferry_map bigger = {0};
  bigger.capacity = map->capacity ? 2 * map->capacity : 16;
  bigger.keys = ferry_xcalloc(bigger.capacity, sizeof *bigger.keys);
  bigger.values = ferry_xcalloc(bigger.capacity, sizeof *bigger.values);
  for (size_t i = 0; i < map->capacity; i++)
    if (map->keys[i])
      ferry_map_put(&bigger, map->keys[i], map->values[i]);
  ferry_map_free(map);
  *map = bigger;
}

void ferry_map_put(struct ferry_map *map, const void *key, intptr_t value) {
  if (2 * (map->count + 1) > map->capacity)
    grow(map);
  size_t i = hash_pointer(key, map->capacity);
  while (map->keys[i] && map->keys[i] != key)
    i = (i + 1) & (map->capacity - 1);
  if (!map->keys[i]) {
    map->keys[i] = key;
    map->count++;
  }
  map->values[i] = value;
}

bool ferry_map_get(const struct ferry_map *map, const void *key,
                   intptr_t *value) {
  if (!map->capacity)
    return false;
  size_t i = hash_pointer(key, map->capacity);
  while (map->keys[i]) {
    if (map->keys[i] == key) {
      if (value)
        *value = map->values[i];
      return true;
    }
    i = (i + 1) & (map->capacity - 1);
  }
  return false;
}

void ferry_map_free(struct ferry_map *map) {
  free(map->keys);
  free(map->values);
  *map = (struct ferry_map){0};
}

bool ferry_refuse(char *buffer, size_t size, const char *format, ...) {
  va_list args;
  va_start(args, format);
  vsnprintf(buffer, size, format, args);
  va_end(args);
  return false;
}
