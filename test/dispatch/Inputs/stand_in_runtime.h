/* For the measured dispatch's tests (which include dispatch_runtime.c
 * first): a stand-in CUDA runtime whose kernel times are scripted. A
 * launch advances a clock by its entry's scripted time (original_ns,
 * variant_ns, alternative_ns or versioned_ns, or duration() where a test
 * sets it: its first argument 0 for the original, 1 for the variant, 2
 * for the alternative, 3 for the versioning alone); an event recorded in a
 * stream takes the clock's value and is complete at once, or, while
 * `events_held` is set, only after release_events() (a GPU still busy).
 * The last-error slot is per host thread, as the runtime's is; every call
 * but a launch is counted, under a lock (tests launch from several threads),
 * and so are those made before a launch's first kernel launch (what delays
 * the kernel); so are the driver's cuCtxGetId and cuEventQuery, which the
 * dispatch looks up through cudaGetDriverEntryPointByVersion (a driver
 * call leaves the last-error slot as it is).
 *
 * device_reset() does what cudaDeviceReset does to what the dispatch made:
 * the context gets a new id, its events are dead (a call on one prints
 * FAIL: the real driver may read freed memory there, a segmentation
 * fault, and it answers cudaErrorContextIsDestroyed here), and the
 * variant's raised dynamic shared memory limit is lost (a launch of the
 * variant past 48 KiB fails until it is set again). */
#include "h100_attributes.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>

static char original_entry, variant_entry, alternative_entry, versioned_entry;
static _Thread_local int pending;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int calls, calls_before = -1, trace = 1;
static int events_created, events_destroyed, records, records_ptsz, capture_queries,
    capture_queries_ptsz, elapsed_queries, event_queries;
static int events_held, capturing, capture_error, fail_event_create, fail_record, fail_elapsed,
    fail_variant_launch, fail_original_launch;
/* Called once at the next launch, from inside it (then cleared): a launch
 * of another host thread made while this one is in the runtime. */
static void (*on_launch)(void);
static _Thread_local unsigned long long clock_ns; /* per host thread: a stream of its own */
static unsigned long long original_ns = 1000000, variant_ns = 500000, alternative_ns = 400000;
static int alternative_threads = 1024, fail_alternative_launch; /* the alternative's limit; its launches fail */
/* The versioning alone (K__ferry_ver): its time, its limit, its launches
 * fail; and the dynamic shared memory of its last launch. */
static unsigned long long versioned_ns = 450000;
static int versioned_threads = 1024, fail_versioned_launch;
static size_t versioned_bytes = (size_t)-1;
static unsigned long long (*duration)(int variant, ferry_dim3 grid);
static const void *last_entry;

struct stand_in_event {
  int live, complete;
  unsigned long long at_ns;
  unsigned long long context; /* the context it was made in */
};
enum { EVENTS = 4096 };
static struct stand_in_event event_pool[EVENTS];

static int counted(void) {
  pthread_mutex_lock(&lock);
  calls++;
  pthread_mutex_unlock(&lock);
  return 0;
}
static int failing(int error) {
  pending = error;
  return error;
}

/* The current context's id (cuCtxGetId), and whether the driver has
 * cuCtxGetId at all (no_context_id: a driver before CUDA 12). */
static unsigned long long context_id = 1;
static int no_context_id, context_queries, variant_limit_set;
static unsigned long long variant_limit_context; /* the context the variant's limit was set in */
static __attribute__((unused)) void device_reset(void) {
  pthread_mutex_lock(&lock);
  context_id++;
  pthread_mutex_unlock(&lock);
}
static int stand_in_ctx_get_id(void *context, unsigned long long *id) {
  counted();
  pthread_mutex_lock(&lock);
  context_queries++;
  pthread_mutex_unlock(&lock);
  if (context)
    printf("FAIL cuCtxGetId asked of a stored context handle\n");
  *id = context_id;
  return 0;
}
static int event_status(void *event, const char *call);
static int stand_in_event_query(void *event) { counted(); return event_status(event, "cuEventQuery"); }
int cudaGetDriverEntryPointByVersion(const char *symbol, void **function, unsigned version,
                                     unsigned long long flags, int *found) {
  counted();
  (void)flags;
  *function = NULL;
  *found = 1; /* cudaDriverEntryPointSymbolNotFound */
  if (!no_context_id && strcmp(symbol, "cuCtxGetId") == 0 && version >= 12000)
    *function = (void *)stand_in_ctx_get_id;
  if (strcmp(symbol, "cuEventQuery") == 0)
    *function = (void *)stand_in_event_query;
  if (*function)
    *found = 0;
  return 0;
}
/* An event of a context a reset destroyed. */
static int dead(const struct stand_in_event *e, const char *call) {
  if (!e || e->context == context_id)
    return 0;
  printf("FAIL %s on an event of a destroyed context\n", call);
  return 1;
}

/* Another thread captures a stream in the global capture mode: a call of
 * an event's made from a thread whose mode is not relaxed is refused, and
 * spoils that capture (captures_spoiled), as the runtime's would; and so
 * is a query or setting of a kernel's attributes (which may load its
 * module), which the runtime does not document safe. */
static int global_capture_elsewhere, captures_spoiled, mode_exchanges;
static _Thread_local int capture_mode; /* cudaStreamCaptureModeGlobal: 0 */
static int unsafe_refused(void) {
  if (!global_capture_elsewhere || capture_mode == 2)
    return 0;
  pthread_mutex_lock(&lock);
  captures_spoiled++;
  pthread_mutex_unlock(&lock);
  return 1;
}
int cudaThreadExchangeStreamCaptureMode(int *mode) {
  counted();
  pthread_mutex_lock(&lock);
  mode_exchanges++;
  pthread_mutex_unlock(&lock);
  int previous = capture_mode;
  capture_mode = *mode;
  *mode = previous;
  return 0;
}
static int device_total = 1, current_device;
int cudaGetDeviceCount(int *count) { counted(); *count = device_total; return 0; }
int cudaGetDevice(int *device) { counted(); *device = current_device; return 0; }
int cudaPeekAtLastError(void) { counted(); return pending; }
int cudaGetLastError(void) { counted(); int e = pending; pending = 0; return e; }
int cudaDeviceGetAttribute(int *value, int attribute, int device) {
  counted();
  (void)device;
  return h100_attribute(value, attribute);
}
int cudaFuncGetAttributes(struct function_attributes *a, const void *function) {
  counted();
  if (unsafe_refused())
    return failing(900);
  memset(a, 0, sizeof *a);
  a->max_threads_per_block = function == &alternative_entry ? alternative_threads
                             : function == &versioned_entry ? versioned_threads
                                                            : 1024;
  a->shared_size_bytes = function == &variant_entry || function == &alternative_entry ? 8192 : 1024;
  a->max_dynamic_shared_size_bytes = 48 * 1024 - (int)a->shared_size_bytes;
  return 0;
}
int cudaFuncSetAttribute(const void *function, int attribute, int value) {
  counted();
  if (unsafe_refused())
    return failing(900);
  if (function == &variant_entry && attribute == 8 /* cudaFuncAttributeMaxDynamicSharedMemorySize */ &&
      value > 40 * 1024) {
    pthread_mutex_lock(&lock);
    variant_limit_set++;
    variant_limit_context = context_id;
    pthread_mutex_unlock(&lock);
  }
  return 0;
}
/* A launch is not counted among the runtime calls: the calls are what
 * the dispatch adds. */
static int launch_any(const void *function, ferry_dim3 grid, size_t shared_bytes, void *stream,
                      int ptsz) {
  int alternative = function == &alternative_entry;
  int versioned = function == &versioned_entry;
  int variant = function == &variant_entry || alternative;
  if ((alternative && fail_alternative_launch) || (versioned && fail_versioned_launch) ||
      (variant && !alternative && fail_variant_launch) ||
      (!variant && !versioned && fail_original_launch))
    return failing(98);
  /* Past the default 48 KiB (8 KiB of it static), only with the limit
   * raised in this context. */
  if (variant && !alternative && shared_bytes > 40 * 1024 &&
      (!variant_limit_set || variant_limit_context != context_id))
    return failing(1); /* cudaErrorInvalidValue */
  if (on_launch) {
    void (*hook)(void) = on_launch;
    on_launch = NULL;
    hook();
  }
  pthread_mutex_lock(&lock);
  if (calls_before < 0)
    calls_before = calls;
  clock_ns += duration       ? duration(versioned ? 3 : variant + alternative, grid)
              : versioned   ? versioned_ns
              : alternative ? alternative_ns
              : variant     ? variant_ns
                            : original_ns;
  last_entry = function;
  if (versioned)
    versioned_bytes = shared_bytes;
  pthread_mutex_unlock(&lock);
  if (trace)
    printf("  launch %s%s, grid %u, stream %p\n",
           versioned ? "versioning" : alternative ? "alternative" : variant ? "variant" : "original",
           ptsz ? " (ptsz)" : "", grid.x, stream);
  return 0;
}
int cudaLaunchKernel(const void *function, ferry_dim3 grid, ferry_dim3 block, void **arguments,
                     size_t shared_bytes, void *stream) {
  (void)block, (void)arguments;
  return launch_any(function, grid, shared_bytes, stream, 0);
}
int cudaLaunchKernel_ptsz(const void *function, ferry_dim3 grid, ferry_dim3 block,
                          void **arguments, size_t shared_bytes, void *stream) {
  (void)block, (void)arguments;
  return launch_any(function, grid, shared_bytes, stream, 1);
}

int cudaEventCreateWithFlags(void **event, unsigned flags) {
  counted();
  if (unsafe_refused())
    return failing(900); /* cudaErrorStreamCaptureUnsupported */
  if (fail_event_create || flags != 0)
    return failing(2);
  pthread_mutex_lock(&lock);
  int i = 0;
  while (event_pool[i].live)
    i++;
  event_pool[i] = (struct stand_in_event){.live = 1, .context = context_id};
  events_created++;
  pthread_mutex_unlock(&lock);
  *event = &event_pool[i];
  return 0;
}
int cudaEventDestroy(void *event) {
  counted();
  if (unsafe_refused())
    return failing(900);
  struct stand_in_event *e = event;
  if (dead(e, "cudaEventDestroy"))
    return failing(709); /* cudaErrorContextIsDestroyed */
  if (!e || !e->live)
    return failing(400);
  pthread_mutex_lock(&lock);
  e->live = 0;
  events_destroyed++;
  pthread_mutex_unlock(&lock);
  return 0;
}
static int record_any(void *event, int ptsz) {
  counted();
  if (unsafe_refused())
    return failing(900);
  struct stand_in_event *e = event;
  if (dead(e, "cudaEventRecord"))
    return failing(709);
  if (fail_record || !e || !e->live)
    return failing(400);
  pthread_mutex_lock(&lock);
  *(ptsz ? &records_ptsz : &records) += 1;
  e->at_ns = clock_ns;
  e->complete = !events_held;
  pthread_mutex_unlock(&lock);
  return 0;
}
int cudaEventRecord(void *event, void *stream) { (void)stream; return record_any(event, 0); }
int cudaEventRecord_ptsz(void *event, void *stream) { (void)stream; return record_any(event, 1); }
/* An event's state as a query answers it, the last-error slot untouched. */
static int event_status(void *event, const char *call) {
  if (unsafe_refused())
    return 900;
  struct stand_in_event *e = event;
  if (dead(e, call))
    return 709;
  pthread_mutex_lock(&lock);
  event_queries++;
  int ready = e->complete;
  pthread_mutex_unlock(&lock);
  if (fail_elapsed)
    return 400;
  return ready ? 0 : 600; /* cudaErrorNotReady */
}
/* The runtime's query: its answer is left in the last-error slot (as a
 * runtime that records "not ready" there would: the dispatch reads samples
 * with the driver's query instead). */
int cudaEventQuery(void *event) {
  counted();
  int status = event_status(event, "cudaEventQuery");
  return status ? failing(status) : 0;
}
/* Asked before completion, an error (which the sanitizers report): the
 * test fails. */
int cudaEventElapsedTime(float *ms, void *start, void *end) {
  counted();
  if (unsafe_refused())
    return failing(900);
  struct stand_in_event *a = start, *b = end;
  if (dead(a, "cudaEventElapsedTime") || dead(b, "cudaEventElapsedTime"))
    return failing(709);
  pthread_mutex_lock(&lock);
  elapsed_queries++;
  int ready = a->complete && b->complete;
  pthread_mutex_unlock(&lock);
  if (fail_elapsed)
    return failing(400); /* cudaErrorInvalidResourceHandle */
  if (!ready) {
    printf("FAIL cudaEventElapsedTime before its events completed\n");
    return failing(600);
  }
  *ms = (float)((double)(b->at_ns - a->at_ns) / 1e6);
  return 0;
}
static int capturing_any(int *status, int ptsz) {
  counted();
  pthread_mutex_lock(&lock);
  *(ptsz ? &capture_queries_ptsz : &capture_queries) += 1;
  pthread_mutex_unlock(&lock);
  if (capture_error)
    return failing(906); /* cudaErrorStreamCaptureImplicit */
  *status = capturing ? 1 : 0;
  return 0;
}
int cudaStreamIsCapturing(void *stream, int *status) { (void)stream; return capturing_any(status, 0); }
int cudaStreamIsCapturing_ptsz(void *stream, int *status) {
  (void)stream;
  return capturing_any(status, 1);
}

static __attribute__((unused)) void release_events(void) {
  pthread_mutex_lock(&lock);
  for (int i = 0; i < EVENTS; i++)
    if (event_pool[i].live)
      event_pool[i].complete = 1;
  pthread_mutex_unlock(&lock);
}

static int live_events(void) { return events_created - events_destroyed; }

/* One launch of `k` through the dispatch (dim3 as clang passes it: x and
 * y in one word, then z), printing what ran and the runtime calls it made. */
static __attribute__((unused)) int go_on(struct ferry_dispatch_kernel *k, const char *what, unsigned grid, unsigned block,
                 size_t shared, void *stream) {
  static int depth; /* a launch made from inside another (on_launch) */
  if (trace)
    printf("%s\n", what);
  calls = 0;
  calls_before = -1;
  depth++;
  int status = ferry_dispatch_launch(k, grid | 1ull << 32, 1, block | 1ull << 32, 1, NULL, shared,
                                     stream);
  if (--depth == 0 && capture_mode != 0)
    printf("FAIL %s: the thread's capture mode is left at %d\n", what, capture_mode);
  if (trace)
    printf("%s: %s, status %d, %d runtime calls, pending %d, live events %d, %d before the "
           "launch\n",
           what,
           last_entry == &versioned_entry     ? "versioning"
           : last_entry == &alternative_entry ? "alternative"
           : last_entry == &variant_entry     ? "variant"
                                              : "original",
           status, calls, pending,
           live_events(), calls_before);
  return status;
}
