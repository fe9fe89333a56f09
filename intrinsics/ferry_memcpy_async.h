/* ferry's memcpy_async: the C counterparts of libcu++'s cuda::memcpy_async
 * (all eight overloads), for clang CUDA and for plain C compiled for
 * nvptx64-nvidia-cuda.
 *
 * These functions have no body anywhere. The plugin's ferry-lower pass
 * replaces every call with the copy itself, chosen per call site for the
 * target it is compiled for (README.md, "Explicit copies: ferry's
 * memcpy_async", has the rules table):
 *   sm_90+   cp.async.bulk (TMA) completing on the barrier, when the
 *            barrier is in shared memory, source global, destination shared,
 *            both 16-byte aligned and the size a multiple of 16
 *   sm_80+   cp.async of 16, 8 or 4 bytes, split across the group's threads,
 *            bound to the barrier (cp.async.mbarrier.arrive) or left for the
 *            pipeline's producer_commit to bind
 *   else     a synchronous copy (the completion protocol is unchanged)
 * Where alignment or memory spaces cannot be proved at compile time, a
 * run-time check picks the path. A compile without the plugin fails to link
 * (undefined ferry_memcpy_async*), never runs wrong code.
 *
 * Names: ferry_memcpy_async[_group][_pipeline|_thread_pipeline|_bulk]
 *                          [_aligned][_annotated]
 *
 *   libcu++                                   ferry
 *   (1) memcpy_async(d, s, n, bar)            ferry_memcpy_async(d, s, n, &bar)
 *   (2) memcpy_async(g, d, s, n, bar)         ferry_memcpy_async_group(G, d, s, n, &bar)
 *   (3) memcpy_async(d, s, n, pipe)           ferry_memcpy_async_pipeline(d, s, n, &pipe)
 *                                             (_thread_pipeline: cuda::pipeline<thread_scope_thread>)
 *   (4) memcpy_async(g, d, s, n, pipe)        ferry_memcpy_async_group_pipeline(G, d, s, n, &pipe)
 *   (5)-(8) annotated_ptr source/destination  the _annotated forms: (d, d_property, s, s_property, ...);
 *                                             a plain destination is d_property =
 *                                             ferry_access_property_global() (no request)
 *   aligned_size_t<A>(n)                      the _aligned forms: (..., n, A, sync); A is a constant
 *
 * G is FERRY_GROUP_BLOCK (the whole thread block), FERRY_GROUP_WARP (the
 * calling thread's warp: the threads of its 32-thread slice of the block) or
 * FERRY_GROUP(rank, size) (a group you describe: this thread's rank in it
 * and its size). Every thread of the group calls with the same arguments.
 *
 * Completion follows libcu++:
 *   barrier          the copy holds back the barrier's current phase; each
 *                    calling thread still arrives itself afterwards
 *                    (ferry_barrier_arrive_and_wait, ...).
 *   pipeline         call between ferry_pipeline_producer_acquire and
 *                    ferry_pipeline_producer_commit: commit binds the copy to
 *                    the stage, consumer_wait waits for it.
 *   thread_pipeline  likewise with ferry_thread_pipeline_producer_commit.
 *
 * _bulk is ferry's TMA-only form (sm_90+, barrier in shared memory, source
 * global, destination shared, 16-byte aligned pointers and size): no
 * fallback, and what is known to break those conditions at compile time is
 * a compile error.
 *
 * Preconditions (as libcu++'s): the ranges do not overlap; with _aligned,
 * both pointers and the size are multiples of A. */
#ifndef FERRY_MEMCPY_ASYNC_H
#define FERRY_MEMCPY_ASYNC_H

#include "ferry.h"

/* A group of threads that copies together: the size in the high 32 bits,
 * the calling thread's rank in the low 32. The block and warp groups are
 * markers that ferry-lower replaces with the thread's place in the block. */
typedef uint64_t ferry_group_t;
#define FERRY_GROUP(rank, size) ((((ferry_group_t)(uint32_t)(size)) << 32) | (ferry_group_t)(uint32_t)(rank))
#define FERRY_GROUP_BLOCK ((ferry_group_t)0xFFFFFFFF00000000ull)
#define FERRY_GROUP_WARP ((ferry_group_t)0xFFFFFFFE00000000ull)

#define FERRY_MEMCPY_ASYNC_THREAD_FORMS_(stem, sync_type)                                          \
  FERRY_DEVICE void stem(void *destination, const void *source, size_t size, sync_type *sync);     \
  FERRY_DEVICE void stem##_aligned(void *destination, const void *source, size_t size,             \
                                   size_t alignment, sync_type *sync);                             \
  FERRY_DEVICE void stem##_annotated(void *destination, ferry_access_property_t destination_property, \
                                     const void *source, ferry_access_property_t source_property,  \
                                     size_t size, sync_type *sync);                                \
  FERRY_DEVICE void stem##_aligned_annotated(void *destination,                                    \
                                             ferry_access_property_t destination_property,         \
                                             const void *source,                                   \
                                             ferry_access_property_t source_property, size_t size, \
                                             size_t alignment, sync_type *sync);

#define FERRY_MEMCPY_ASYNC_GROUP_FORMS_(stem, sync_type)                                           \
  FERRY_DEVICE void stem(ferry_group_t group, void *destination, const void *source, size_t size,  \
                         sync_type *sync);                                                         \
  FERRY_DEVICE void stem##_aligned(ferry_group_t group, void *destination, const void *source,     \
                                   size_t size, size_t alignment, sync_type *sync);                \
  FERRY_DEVICE void stem##_annotated(ferry_group_t group, void *destination,                       \
                                     ferry_access_property_t destination_property,                 \
                                     const void *source, ferry_access_property_t source_property,  \
                                     size_t size, sync_type *sync);                                \
  FERRY_DEVICE void stem##_aligned_annotated(ferry_group_t group, void *destination,               \
                                             ferry_access_property_t destination_property,         \
                                             const void *source,                                   \
                                             ferry_access_property_t source_property, size_t size, \
                                             size_t alignment, sync_type *sync);

FERRY_BEGIN_DECLS
FERRY_MEMCPY_ASYNC_THREAD_FORMS_(ferry_memcpy_async, ferry_barrier_t)
FERRY_MEMCPY_ASYNC_GROUP_FORMS_(ferry_memcpy_async_group, ferry_barrier_t)
FERRY_MEMCPY_ASYNC_THREAD_FORMS_(ferry_memcpy_async_pipeline, ferry_pipeline_t)
FERRY_MEMCPY_ASYNC_GROUP_FORMS_(ferry_memcpy_async_group_pipeline, ferry_pipeline_t)
FERRY_MEMCPY_ASYNC_THREAD_FORMS_(ferry_memcpy_async_thread_pipeline, ferry_thread_pipeline_t)
FERRY_MEMCPY_ASYNC_THREAD_FORMS_(ferry_memcpy_async_bulk, ferry_barrier_t)
FERRY_MEMCPY_ASYNC_GROUP_FORMS_(ferry_memcpy_async_group_bulk, ferry_barrier_t)
FERRY_END_DECLS

#undef FERRY_MEMCPY_ASYNC_THREAD_FORMS_
#undef FERRY_MEMCPY_ASYNC_GROUP_FORMS_

#endif /* FERRY_MEMCPY_ASYNC_H */
