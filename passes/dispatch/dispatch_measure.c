/* The measured dispatch: part of the dispatch runtime's one translation
 * unit (#included by dispatch_runtime.c, which declares the CUDA runtime
 * calls and the kernel record; it is linked into host modules as one
 * bitcode module).
 *
 * Where the rules of dispatch_runtime.c let a launch run the variant, the
 * variant can launch; whether it is faster depends on the kernel, the GPU
 * and the launch. So, by default, each launch shape (grid, block, dynamic
 * shared bytes) of a kernel on a device is timed with both entries:
 *   - its first launch runs the rules' choice, untimed (a shape launched
 *     once behaves as under the rules alone): the variant, or for a
 *     K__ferry_trial variant (dispatch.h) the original;
 *   - the next runs the other entry once, untimed: the first launch and
 *     this one are each entry's warm-up (module loading, caches);
 *   - the next four are timed, original, variant, variant, original, each
 *     between a pair of events recorded in the launch's own stream;
 *   - the variant is kept only where its slower sample is at least 2 %
 *     below the original's faster one, else the original. A noisy sample
 *     can only keep the original, and a clock that drifts either way over
 *     the four favours the original (its samples are the first and last);
 *   - the trial ends as soon as the samples read settle it: once the
 *     variant does not win over the samples read, no later sample can
 *     make it (the whole trial would keep the original as well), so where
 *     the samples complete between launches a slower variant runs one
 *     sample, not two;
 *   - an original whose first sample is shorter than SHORT_NS is kept at
 *     once, and the kernel's shapes met later on that device run the
 *     original untimed (see SHORT_NS).
 * A trial costs the program what runs before each launch: for a sample,
 * the capture query and one event record (~2 us of host time, measured
 * on an H100 and an H200 with the caches cold, as between a program's
 * launches), and the reading of samples launched before and not yet read
 * (one query where the GPU has not reached them). Everything else (making
 * and destroying events, reading the sample just launched) runs after the
 * launch, while the GPU works: samples are read without blocking (the
 * driver's cuEventQuery, which answers "not ready" for an event the GPU
 * has not reached), and a pair of events read is used again
 * for the next sample; the trial's events are destroyed once it ends.
 * After the decision a launch of the shape costs what a launch under the
 * rules alone costs: the choice is recorded as theirs is (the kernel's last
 * configuration), and other shapes find theirs in a table of SHAPES
 * entries per kernel and device, allocated at its first use; a shape past
 * the table's capacity keeps the rules' choice (the original where the
 * kernel is short).
 *
 * Untimed (the launch runs the rules' choice, and the trial waits for a
 * later launch): a stream being captured into a graph (an event recorded
 * there would be a node of the graph) and a legacy-stream launch that
 * cannot ask (cudaStreamIsCapturing's error, cleared, while another stream
 * captures); a restart after a reset counts as one. After UNTIMED_LIMIT
 * such launches, or where an event cannot be created, recorded or read,
 * the trial stops and the rules' choice stands. Where an entry fails to
 * launch, the other runs, and the trial stops: with the original where the
 * variant failed, else with the rules' choice.
 *
 * A reset of the device (cudaDeviceReset) kills a trial's events with
 * its context: before each step, a shape that holds events asks whether
 * the current context is the one they were made in, and where not drops
 * them untouched and starts its trial again (dispatch_context.c). A trial
 * pending at exit is left as it is: nothing runs at exit but the report.
 *
 * Threads: one launch at a time owns a shape's trial (a flag taken with a
 * compare-and-swap, never waited for); other launches of the shape run the
 * rules' choice meanwhile. The trial's fields are written by the owner
 * only, its verdict published with a release store.
 *
 * Errors: the runtime's last-error slot (per host thread) is the
 * program's. The trial asks nothing of it: an error the program has not
 * read yet stays there, and the trial goes on, as its calls that succeed
 * leave the slot as it is, and its one call whose usual answer is not a
 * success, the reading of a sample not yet complete, goes to the driver
 * (query_event, dispatch_context.c). A call of the trial's that fails
 * (an event that cannot be made, recorded or read; a capture query of the
 * legacy stream beside another's capture) has its error cleared, and
 * with it an error of the program's pending behind it: the one exception,
 * as where a variant's launch fails. (Asking the slot first, as the trial
 * did, made a call that returns the program's error at every launch it
 * leaves unread: compute-sanitizer reports each.)
 *
 * FERRY_DISPATCH (read once, at the first launch): measure (default),
 * model, original or variant. FERRY_DISPATCH_REPORT=1 prints at exit, on
 * standard error, each measured shape: its samples, the choice and why;
 * any other value but 0 names a file, to which the report is appended.
 * The report is printed from what was recorded, with no runtime call (the
 * runtime may be torn down by then). Each translation unit whose launches
 * ferry dispatches carries its own copy of this runtime: each reads the
 * variables, and reports its own kernels. */

enum dispatch_mode { MODE_UNREAD, MODE_MEASURE, MODE_MODEL, MODE_ORIGINAL, MODE_VARIANT };
enum {
  SHAPES = 16,         /* shapes measured per kernel and device */
  SAMPLES = 2,         /* timed launches of each entry */
  TIMED = 2 * SAMPLES, /* timed launches in all */
  SPARE = TIMED,       /* the row of a shape's events kept for the next sample */
  UNTIMED_LIMIT = 64,  /* launches a trial may find untimeable */
  MARGIN_PERCENT = 2,  /* how much faster the variant must be */
  /* An original shorter than this is kept without further trial. Such a
   * launch is mostly its latency: on an H100, Rodinia's nw (10 us
   * launches) gave samples 30 % apart for one entry, so its margin cannot
   * be told from noise; each sample costs the program ~2 us before its
   * launch (10 % of such a kernel), and a 2 % gain would repay one trial
   * only after ~100 launches. A program that launches a short kernel in
   * many shapes (nw: 255 grids, each once per run) would pay that in every
   * shape: the kernel's later shapes run the original, untimed. */
  SHORT_NS = 20000,
};
/* The entry each timed launch runs: 0 the original, 1 the variant. */
static const unsigned char sample_entry[TIMED] = {0, 1, 1, 0};

/* What a measured shape runs. STATIC: the rules' choice (the trial
 * stopped, or never started). */
enum verdict { UNDECIDED, CHOSE_VARIANT, CHOSE_ORIGINAL, CHOSE_STATIC };
enum reason {
  REASON_NONE,
  REASON_MEASURED,        /* the samples decided */
  REASON_VARIANT_FAILED,  /* the variant's launch failed */
  REASON_ORIGINAL_FAILED, /* the original's launch failed */
  REASON_EVENTS,          /* an event could not be created, recorded or read */
  REASON_UNTIMED,         /* UNTIMED_LIMIT launches could not be timed */
  REASON_SHORT,           /* the original's first sample is short */
  REASON_KERNEL_SHORT,    /* another shape of the kernel is short */
  REASON_CONTEXT,         /* no cuCtxGetId or cuEventQuery: a reset could not be told */
};

/* One launch shape of a kernel on a device. Its key is written once,
 * before `ready` is set (release); the trial's fields are the owner's. */
struct shape {
  int ready;
  unsigned grid[3], block[3];
  uint64_t shared_bytes;
  struct shape_table *table; /* the table holding it */
  int verdict; /* enum verdict, read and written atomically */
  int owner;   /* 1 while a launch owns the trial */
  /* The owner's; read atomically by the report. */
  unsigned step;    /* 0: the original's warm-up is next; 1 + k: sample k */
  unsigned read;    /* samples read */
  unsigned untimed; /* launches that could not be timed */
  int reason;
  uint64_t ns[TIMED]; /* each sample's time */
  /* Each sample's pair of events, made before its launch; and [SPARE], a
   * pair read, for the next sample. */
  void *events[TIMED + 1][2];
  uint64_t context; /* the context the events were made in; 0 while none is held */
};

struct shape_table {
  struct shape shapes[SHAPES];
  int inserting;  /* 1 while a launch adds a shape */
  int overflowed; /* a shape found no room */
  int short_kernel; /* a shape's original was short: SHORT_NS */
  const struct ferry_dispatch_kernel *kernel;
  int device;
  struct shape_table *next; /* every table, for the report */
};

static int mode_value;  /* enum dispatch_mode, MODE_UNREAD until read */
static int controls_claimed;
static const char *report_path; /* NULL: no report; "": standard error */
static struct shape_table *all_tables;

static void print_report(void);

/* FERRY_DISPATCH's mode, or MODE_UNREAD for a value not known. */
static int mode_named(const char *value) {
  if (!value || !*value || strcmp(value, "measure") == 0)
    return MODE_MEASURE;
  if (strcmp(value, "model") == 0)
    return MODE_MODEL;
  if (strcmp(value, "original") == 0)
    return MODE_ORIGINAL;
  if (strcmp(value, "variant") == 0)
    return MODE_VARIANT;
  return MODE_UNREAD;
}

/* Reads the controls, once: the launch that claims them warns of an
 * unknown value and arranges the report; a launch racing it reads the
 * mode alone. */
static __attribute__((noinline, cold)) int read_controls(void) {
  const char *value = getenv("FERRY_DISPATCH");
  int mode = mode_named(value);
  int known = mode != MODE_UNREAD;
  if (!known)
    mode = MODE_MEASURE;
  int expected = 0;
  if (!__atomic_compare_exchange_n(&controls_claimed, &expected, 1, 0, __ATOMIC_ACQ_REL,
                                   __ATOMIC_RELAXED))
    return mode;
  if (!known)
    fprintf(stderr,
            "ferry: FERRY_DISPATCH=%s is not one of measure, model, original, variant; "
            "measure is used\n",
            value);
  const char *report = getenv("FERRY_DISPATCH_REPORT");
  if (report && *report && strcmp(report, "0") != 0) {
    size_t length = strcmp(report, "1") == 0 ? 0 : strlen(report);
    char *copy = malloc(length + 1);
    if (copy) {
      memcpy(copy, report, length);
      copy[length] = '\0';
      report_path = copy;
      atexit(print_report);
    }
  }
  __atomic_store_n(&mode_value, mode, __ATOMIC_RELEASE);
  return mode;
}

static inline int dispatch_mode(void) {
  int mode = __atomic_load_n(&mode_value, __ATOMIC_ACQUIRE);
  return __builtin_expect(mode != MODE_UNREAD, 1) ? mode : read_controls();
}

/* The table of a kernel on a device, made at its first use; NULL if no
 * memory. */
static struct shape_table *table_of(const struct ferry_dispatch_kernel *kernel, int device,
                                    struct device_facts *facts) {
  struct shape_table *table = __atomic_load_n(&facts->shapes, __ATOMIC_ACQUIRE);
  if (table)
    return table;
  struct shape_table *made = calloc(1, sizeof *made);
  if (!made)
    return NULL;
  made->kernel = kernel;
  made->device = device;
  if (!__atomic_compare_exchange_n(&facts->shapes, &table, made, 0, __ATOMIC_ACQ_REL,
                                   __ATOMIC_ACQUIRE)) {
    free(made); /* another launch made it first: `table` is that one */
    return table;
  }
  struct shape_table *head = __atomic_load_n(&all_tables, __ATOMIC_RELAXED);
  do
    made->next = head;
  while (!__atomic_compare_exchange_n(&all_tables, &head, made, 1, __ATOMIC_RELEASE,
                                      __ATOMIC_RELAXED));
  return made;
}

/* The shape's entry, or NULL; *free_slot: the first empty entry, if any
 * (entries fill in order and are never emptied). */
static struct shape *find_shape(struct shape_table *table, ferry_dim3 grid, ferry_dim3 block,
                                size_t shared_bytes, struct shape **free_slot) {
  *free_slot = NULL;
  for (unsigned i = 0; i < SHAPES; i++) {
    struct shape *shape = &table->shapes[i];
    if (!__atomic_load_n(&shape->ready, __ATOMIC_ACQUIRE)) {
      *free_slot = shape;
      return NULL;
    }
    if (same_configuration(shape->grid, shape->block, &shape->shared_bytes, grid, block,
                           shared_bytes))
      return shape;
  }
  return NULL;
}

enum measured { MEASURED_VARIANT, MEASURED_ORIGINAL, MEASURED_STATIC, MEASURED_PENDING };

/* For a launch the rules let run the variant (measure mode): which entry
 * it runs. MEASURED_PENDING: the variant this time, the choice not yet
 * known; *trial is then set if this launch owns the shape's next step. */
static int measured(const struct ferry_dispatch_kernel *kernel, int device,
                    struct device_facts *facts, ferry_dim3 grid, ferry_dim3 block,
                    size_t shared_bytes, struct shape **trial) {
  struct shape_table *table = table_of(kernel, device, facts);
  if (!table)
    return MEASURED_STATIC;
  int short_kernel = __atomic_load_n(&table->short_kernel, __ATOMIC_ACQUIRE);
  struct shape *free_slot;
  struct shape *shape = find_shape(table, grid, block, shared_bytes, &free_slot);
  if (!shape) {
    if (!free_slot) {
      if (!__atomic_load_n(&table->overflowed, __ATOMIC_RELAXED))
        __atomic_store_n(&table->overflowed, 1, __ATOMIC_RELAXED);
      return short_kernel ? MEASURED_ORIGINAL : MEASURED_STATIC;
    }
    /* A new shape: added by one launch at a time (not waited for). Its
     * first launch runs the rules' choice, untimed; where the kernel is
     * short, the original, with no trial. */
    int expected = 0;
    if (!__atomic_compare_exchange_n(&table->inserting, &expected, 1, 0, __ATOMIC_ACQUIRE,
                                     __ATOMIC_RELAXED))
      return short_kernel ? MEASURED_ORIGINAL : MEASURED_PENDING;
    shape = find_shape(table, grid, block, shared_bytes, &free_slot);
    if (!shape && free_slot) {
      keep_configuration(free_slot->grid, free_slot->block, &free_slot->shared_bytes, grid, block,
                         shared_bytes);
      free_slot->table = table;
      if (short_kernel) {
        free_slot->reason = REASON_KERNEL_SHORT;
        free_slot->verdict = CHOSE_ORIGINAL;
      }
      __atomic_store_n(&free_slot->ready, 1, __ATOMIC_RELEASE);
    }
    __atomic_store_n(&table->inserting, 0, __ATOMIC_RELEASE);
    if (!shape) {
      if (short_kernel)
        return MEASURED_ORIGINAL;
      return free_slot ? MEASURED_PENDING : MEASURED_STATIC;
    }
  }
  switch (__atomic_load_n(&shape->verdict, __ATOMIC_ACQUIRE)) {
  case CHOSE_VARIANT:
    return MEASURED_VARIANT;
  case CHOSE_ORIGINAL:
    return MEASURED_ORIGINAL;
  case CHOSE_STATIC:
    return MEASURED_STATIC;
  default:
    break;
  }
  int expected = 0;
  if (__atomic_compare_exchange_n(&shape->owner, &expected, 1, 0, __ATOMIC_ACQUIRE,
                                  __ATOMIC_RELAXED))
    *trial = shape;
  return MEASURED_PENDING;
}

/* What a trial launch was asked to run: the launch's arguments, and the
 * two entries with their dynamic shared memory. */
struct launch_request {
  launch_call *launch;
  const void *original, *variant;
  struct device_facts *facts; /* the device's, where the variant may run */
  ferry_dim3 grid, block;
  void **arguments;
  size_t shared_bytes, variant_bytes;
  void *stream;
};

/* The entry the rules choose for the table's kernel on its device (1: the
 * variant; 0 for a K__ferry_trial variant). Set by prepare() before the
 * device's state was published, which a launch read before its shape. */
static int rules_entry(const struct shape_table *table) {
  return !table->kernel->devices[table->device].trial;
}

/* Errors of the launch's stream, not of the entry launched: a handle the
 * runtime does not know, a capture the program spoiled or drives from the
 * wrong thread, a legacy-stream launch beside a capture. The original's
 * launch meets them as well. */
enum {
  ERROR_INVALID_RESOURCE_HANDLE = 400, /* cudaErrorInvalidResourceHandle */
  ERROR_CAPTURE_INVALIDATED = 901,     /* cudaErrorStreamCaptureInvalidated */
  ERROR_CAPTURE_IMPLICIT = 906,        /* cudaErrorStreamCaptureImplicit */
  ERROR_CAPTURE_WRONG_THREAD = 908,    /* cudaErrorStreamCaptureWrongThread */
};
static int stream_error(int status) {
  return status == ERROR_INVALID_RESOURCE_HANDLE || status == ERROR_CAPTURE_INVALIDATED ||
         status == ERROR_CAPTURE_IMPLICIT || status == ERROR_CAPTURE_WRONG_THREAD;
}

/* After the variant's launch failed with `status`, which the last-error
 * slot holds. An error of the stream is the program's: left there, and
 * returned, as its own launch would (one failed launch, as in the plain
 * build). Else the error is cleared; where the device's context changed
 * since the variant's attributes were set (a reset), they are set again
 * and the variant launched once more; else, or where that fails too, the
 * original. */
static __attribute__((noinline, cold)) int launch_after_failure(const struct launch_request *r,
                                                                int status) {
  if (stream_error(status))
    return status;
  cudaGetLastError();
  if (renew_attributes(r->facts, r->original, current_context())) {
    status = r->launch(r->variant, r->grid, r->block, r->arguments, r->variant_bytes, r->stream);
    if (status == CUDA_SUCCESS || stream_error(status))
      return status;
    cudaGetLastError();
  }
  return r->launch(r->original, r->grid, r->block, r->arguments, r->shared_bytes, r->stream);
}

/* Launches one entry (1: the variant); where the variant's launch fails,
 * launch_after_failure. */
static inline int launch_entry(const struct launch_request *r, int entry) {
  if (entry) {
    int status = r->launch(r->variant, r->grid, r->block, r->arguments, r->variant_bytes, r->stream);
    if (__builtin_expect(status == CUDA_SUCCESS, 1))
      return status;
    return launch_after_failure(r, status);
  }
  return r->launch(r->original, r->grid, r->block, r->arguments, r->shared_bytes, r->stream);
}

/* Destroys the trial's events (a failure's error cleared). */
static void destroy_events(struct shape *shape) {
  int failed = 0;
  for (unsigned i = 0; i <= SPARE; i++)
    for (unsigned e = 0; e < 2; e++)
      if (shape->events[i][e]) {
        failed |= cudaEventDestroy(shape->events[i][e]) != CUDA_SUCCESS;
        shape->events[i][e] = NULL;
      }
  shape->context = 0;
  if (failed)
    cudaGetLastError();
}

/* The context the shape's events were made in is gone (a reset): they are
 * dropped untouched, with the samples, and the trial starts again (its
 * warm-up too: the new context loads the kernels afresh). Counted among
 * the untimed launches, so that a program resetting at every step ends
 * the trial. */
static void restart_trial(struct shape *shape) {
  for (unsigned i = 0; i <= SPARE; i++)
    shape->events[i][0] = shape->events[i][1] = NULL;
  shape->context = 0;
  __atomic_store_n(&shape->read, 0, __ATOMIC_RELAXED);
  __atomic_store_n(&shape->step, 0, __ATOMIC_RELAXED);
  __atomic_store_n(&shape->untimed, shape->untimed + 1, __ATOMIC_RELAXED);
}

/* Publishes the trial's verdict; its owner destroys the events after its
 * launch. */
static void conclude(struct shape *shape, int verdict, int reason) {
  __atomic_store_n(&shape->reason, reason, __ATOMIC_RELAXED);
  __atomic_store_n(&shape->verdict, verdict, __ATOMIC_RELEASE);
}

/* The fastest (slowest: 0) of an entry's samples read. */
static uint64_t extreme_of(const struct shape *shape, int entry, int fastest) {
  uint64_t best = 0;
  int found = 0;
  unsigned read = __atomic_load_n(&shape->read, __ATOMIC_RELAXED);
  for (unsigned i = 0; i < read; i++)
    if (sample_entry[i] == entry) {
      uint64_t ns = __atomic_load_n(&shape->ns[i], __ATOMIC_RELAXED);
      if (!found || (fastest ? ns < best : ns > best))
        best = ns;
      found = 1;
    }
  return best;
}

/* The variant's slower sample at least MARGIN_PERCENT below the
 * original's faster one (of the samples read). */
static int variant_wins(const struct shape *shape) {
  return extreme_of(shape, 1, 0) * 100 <= extreme_of(shape, 0, 1) * (100 - MARGIN_PERCENT);
}

/* Moves a pair of events from one slot of a shape to another (empty). */
static void move_pair(void **to, void **from) {
  to[0] = from[0];
  to[1] = from[1];
  from[0] = from[1] = NULL;
}

/* Samples launched. */
static unsigned issued(const struct shape *shape) { return shape->step > 1 ? shape->step - 1 : 0; }

/* Reads the samples that have completed, in the order they were launched
 * (a later one waits for an earlier: they may share a stream), keeping a
 * pair read as the spare; decides where a short original, a variant that
 * can no longer win, or all samples read settle it. The last-error slot is
 * left as it is, unless cudaEventElapsedTime fails (its error cleared). */
static void read_samples(struct shape *shape) {
  while (shape->read < issued(shape)) {
    unsigned i = shape->read;
    /* The driver's query answers "not ready" leaving the runtime's slot as
     * it is; cudaEventElapsedTime would answer too, but as a failed call
     * (compute-sanitizer reports it). The start event precedes the end in
     * one stream: complete with it. */
    float ms = 0;
    int status = query_event(shape->events[i][1]);
    if (status == CUDA_ERROR_NOT_READY)
      return;
    int read = status == CUDA_SUCCESS &&
               cudaEventElapsedTime(&ms, shape->events[i][0], shape->events[i][1]) == CUDA_SUCCESS;
    if (!read) {
      if (status == CUDA_SUCCESS) /* the runtime's call failed: its error, not the driver's */
        cudaGetLastError();
      conclude(shape, CHOSE_STATIC, REASON_EVENTS);
      return;
    }
    uint64_t ns = (uint64_t)(ms > 0 ? ms * 1e6f : 0);
    __atomic_store_n(&shape->ns[i], ns, __ATOMIC_RELAXED);
    if (!shape->events[SPARE][0])
      move_pair(shape->events[SPARE], shape->events[i]);
    __atomic_store_n(&shape->read, i + 1, __ATOMIC_RELAXED);
    if (i == 0 && ns < SHORT_NS) {
      __atomic_store_n(&shape->table->short_kernel, 1, __ATOMIC_RELEASE);
      conclude(shape, CHOSE_ORIGINAL, REASON_SHORT);
      return;
    }
    /* Once both entries have a sample and the variant does not win, it
     * never will: a later sample can only lower the original's fastest or
     * raise the variant's slowest. The whole trial would keep the original
     * too; stopping here spares the program the variant's other samples. */
    if (i >= 1 /* samples 0 and 1: one of each entry */ && !variant_wins(shape)) {
      conclude(shape, CHOSE_ORIGINAL, REASON_MEASURED);
      return;
    }
  }
  if (shape->read == TIMED)
    conclude(shape, variant_wins(shape) ? CHOSE_VARIANT : CHOSE_ORIGINAL, REASON_MEASURED);
}

/* Gives sample `sample` its pair of events: the spare, or two made in the
 * context of those the shape holds (the current one: trial_step). Returns
 * REASON_NONE, or why the trial cannot go on: an event cannot be made (its
 * error cleared), or the first events' context cannot be told. */
static int prepare_events(struct shape *shape, unsigned sample) {
  void **pair = shape->events[sample];
  if (shape->events[SPARE][0]) {
    move_pair(pair, shape->events[SPARE]);
    return REASON_NONE;
  }
  int first = !shape->context;
  if ((!pair[0] && cudaEventCreateWithFlags(&pair[0], 0) != CUDA_SUCCESS) ||
      (!pair[1] && cudaEventCreateWithFlags(&pair[1], 0) != CUDA_SUCCESS)) {
    cudaGetLastError();
    return REASON_EVENTS;
  }
  if (first && (!driver_at_hand() || !(shape->context = current_context()))) {
    destroy_events(shape); /* made just now, in the current context */
    return REASON_CONTEXT;
  }
  return REASON_NONE;
}

static int record_event(int ptsz, void *event, void *stream) {
  return ptsz ? cudaEventRecord_ptsz(event, stream) : cudaEventRecord(event, stream);
}

/* One timed launch of sample `sample` (its events prepared). Returns the
 * launch's status; the trial stops where an event cannot be recorded or
 * the entry's launch fails (the other entry then runs it). */
static int sample_launch(int ptsz, struct shape *shape, const struct launch_request *r,
                         unsigned sample) {
  int entry = sample_entry[sample];
  void **pair = shape->events[sample];
  if (record_event(ptsz, pair[0], r->stream) != CUDA_SUCCESS) {
    cudaGetLastError();
    conclude(shape, CHOSE_STATIC, REASON_EVENTS);
    return launch_entry(r, rules_entry(shape->table));
  }
  const void *function = entry ? r->variant : r->original;
  size_t bytes = entry ? r->variant_bytes : r->shared_bytes;
  int status = r->launch(function, r->grid, r->block, r->arguments, bytes, r->stream);
  if (status != CUDA_SUCCESS) {
    cudaGetLastError();
    conclude(shape, entry ? CHOSE_ORIGINAL : CHOSE_STATIC,
             entry ? REASON_VARIANT_FAILED : REASON_ORIGINAL_FAILED);
    return launch_entry(r, !entry);
  }
  if (record_event(ptsz, pair[1], r->stream) != CUDA_SUCCESS) {
    cudaGetLastError();
    conclude(shape, CHOSE_STATIC, REASON_EVENTS);
  } else {
    __atomic_store_n(&shape->step, sample + 2, __ATOMIC_RELAXED);
  }
  return status;
}

/* The next step of a shape's trial (its launch's stream is not being
 * captured, the thread's capture mode
 * relaxed); the rules let this launch run the variant. Before the launch,
 * only what it needs; after it, the reading and the events. Returns the
 * launch's status. */
static int trial_step(int ptsz, struct shape *shape, const struct launch_request *r) {
  /* Before any event is touched: the context its events and the variant's
   * attributes were made in is still the current one (dispatch_context.c). */
  uint64_t context = current_context();
  renew_attributes(r->facts, r->original, context);
  if (shape->context && shape->context != context)
    restart_trial(shape);
  int reason;
  /* Samples completed since the last launch may decide what this one runs
   * (all of them, or a variant that can no longer win). */
  if (shape->read < issued(shape))
    read_samples(shape);
  if (__atomic_load_n(&shape->verdict, __ATOMIC_RELAXED) == UNDECIDED && shape->read == 0 &&
      __atomic_load_n(&shape->table->short_kernel, __ATOMIC_ACQUIRE))
    conclude(shape, CHOSE_ORIGINAL, REASON_KERNEL_SHORT);
  if (__atomic_load_n(&shape->verdict, __ATOMIC_RELAXED) == UNDECIDED &&
      shape->untimed >= UNTIMED_LIMIT)
    conclude(shape, CHOSE_STATIC, REASON_UNTIMED);
  int verdict = __atomic_load_n(&shape->verdict, __ATOMIC_RELAXED);
  int status;
  if (verdict != UNDECIDED || shape->step > TIMED) {
    status = launch_entry(r, verdict == CHOSE_VARIANT    ? 1
                             : verdict == CHOSE_ORIGINAL ? 0
                                                         : rules_entry(shape->table));
  } else if (shape->step == 0) {
    /* The warm-up of the entry the shape's first launch, the rules'
     * choice, did not run; then the first sample's events. */
    int warm = !rules_entry(shape->table);
    status = r->launch(warm ? r->variant : r->original, r->grid, r->block, r->arguments,
                       warm ? r->variant_bytes : r->shared_bytes, r->stream);
    if (status != CUDA_SUCCESS) {
      cudaGetLastError();
      conclude(shape, warm ? CHOSE_ORIGINAL : CHOSE_STATIC,
               warm ? REASON_VARIANT_FAILED : REASON_ORIGINAL_FAILED);
      status = launch_entry(r, !warm);
    } else if ((reason = prepare_events(shape, 0)) != REASON_NONE) {
      conclude(shape, CHOSE_STATIC, reason);
    } else {
      __atomic_store_n(&shape->step, 1, __ATOMIC_RELAXED);
    }
  } else {
    unsigned sample = shape->step - 1;
    status = sample_launch(ptsz, shape, r, sample);
    if (__atomic_load_n(&shape->verdict, __ATOMIC_RELAXED) == UNDECIDED) {
      read_samples(shape);
      if (__atomic_load_n(&shape->verdict, __ATOMIC_RELAXED) == UNDECIDED && sample + 1 < TIMED &&
          (reason = prepare_events(shape, sample + 1)) != REASON_NONE)
        conclude(shape, CHOSE_STATIC, reason);
    }
  }
  if (__atomic_load_n(&shape->verdict, __ATOMIC_RELAXED) != UNDECIDED)
    destroy_events(shape);
  return status;
}

static void release(struct shape *shape) { __atomic_store_n(&shape->owner, 0, __ATOMIC_RELEASE); }

/* A launch that owns its shape's trial: the next step where the launch
 * can be timed, else the rules' choice, untimed. The
 * trial's event calls are made with the thread's capture mode relaxed
 * (and restored): while another thread captures a stream in the global
 * mode, they would otherwise be refused as potentially unsafe and spoil
 * that capture; none touches a stream being captured (this launch's is
 * asked first, and its events are recorded nowhere else). */
static __attribute__((noinline)) int trial_launch(int ptsz, struct shape *shape,
                                                  const struct launch_request *r) {
  int capture = CAPTURE_STATUS_NONE;
  int status = ptsz ? cudaStreamIsCapturing_ptsz(r->stream, &capture)
                    : cudaStreamIsCapturing(r->stream, &capture);
  if (status != CUDA_SUCCESS)
    cudaGetLastError();
  int timeable = status == CUDA_SUCCESS && capture == CAPTURE_STATUS_NONE;
  int mode = CAPTURE_MODE_RELAXED;
  if (timeable && cudaThreadExchangeStreamCaptureMode(&mode) != CUDA_SUCCESS) {
    cudaGetLastError();
    timeable = 0;
  }
  if (!timeable) {
    __atomic_store_n(&shape->untimed, shape->untimed + 1, __ATOMIC_RELAXED);
    release(shape);
    return launch_entry(r, rules_entry(shape->table));
  }
  status = trial_step(ptsz, shape, r);
  /* Restoring the mode the call above returned cannot fail. */
  cudaThreadExchangeStreamCaptureMode(&mode);
  release(shape);
  return status;
}

/* The report, at exit: from what the tables hold, no runtime call. */
static void print_samples(FILE *out, const struct shape *shape, unsigned read) {
  for (int entry = 0; entry < 2; entry++) {
    fprintf(out, "%s", entry ? ", variant" : "original");
    unsigned printed = 0;
    for (unsigned i = 0; i < read; i++)
      if (sample_entry[i] == entry && ++printed)
        fprintf(out, " %.1f", (double)__atomic_load_n(&shape->ns[i], __ATOMIC_RELAXED) / 1e3);
    if (!printed)
      fprintf(out, " -");
  }
  fprintf(out, " us; ");
}

static void print_shape(FILE *out, const struct shape_table *table, const struct shape *shape) {
  const char *name = table->kernel->name ? table->kernel->name : "(unnamed kernel)";
  fprintf(out, "ferry-dispatch: %s device %d grid %ux%ux%u block %ux%ux%u dynamic %llu: ", name,
          table->device, shape->grid[0], shape->grid[1], shape->grid[2], shape->block[0],
          shape->block[1], shape->block[2], (unsigned long long)shape->shared_bytes);
  int verdict = __atomic_load_n(&shape->verdict, __ATOMIC_ACQUIRE);
  int reason = __atomic_load_n(&shape->reason, __ATOMIC_RELAXED);
  unsigned step = __atomic_load_n(&shape->step, __ATOMIC_RELAXED);
  unsigned read = __atomic_load_n(&shape->read, __ATOMIC_RELAXED);
  unsigned untimed = __atomic_load_n(&shape->untimed, __ATOMIC_RELAXED);
  const char *choice = verdict == CHOSE_VARIANT       ? "variant"
                       : verdict == CHOSE_ORIGINAL    ? "original"
                       : rules_entry(shape->table)    ? "the rules' choice (variant)"
                                                      : "the rules' choice (original)";
  fprintf(out, "%s; ", choice);
  if (read)
    print_samples(out, shape, read);
  switch (verdict == UNDECIDED ? REASON_NONE : reason) {
  case REASON_MEASURED: {
    uint64_t original = extreme_of(shape, 0, 1), variant = extreme_of(shape, 1, 0);
    double gain = original ? 100.0 * ((double)original - (double)variant) / (double)original : 0;
    unsigned each[2] = {0, 0}; /* samples read of each entry: one where the trial ended early */
    for (unsigned i = 0; i < read; i++)
      each[sample_entry[i]]++;
    fprintf(out, "the variant's %s is %.1f %% %s the original's %s (kept where %d %% below or more)\n",
            each[1] > 1 ? "slower sample" : "sample", gain >= 0 ? gain : -gain,
            gain >= 0 ? "below" : "above", each[0] > 1 ? "faster one" : "sample", MARGIN_PERCENT);
    return;
  }
  case REASON_SHORT:
    fprintf(out, "the original's sample is shorter than %d us: kept\n", SHORT_NS / 1000);
    return;
  case REASON_KERNEL_SHORT:
    fprintf(out, "another shape's original is shorter than %d us: kept, untimed\n",
            SHORT_NS / 1000);
    return;
  case REASON_VARIANT_FAILED:
    fprintf(out, "the variant's launch failed\n");
    return;
  case REASON_ORIGINAL_FAILED:
    fprintf(out, "the original's launch failed\n");
    return;
  case REASON_EVENTS:
    fprintf(out, "its events could not be created, recorded or read\n");
    return;
  case REASON_CONTEXT:
    fprintf(out, "the driver's cuCtxGetId or cuEventQuery is not at hand, so a reset could not be "
                 "told\n");
    return;
  case REASON_UNTIMED:
    fprintf(out, "%u launches could not be timed (stream capture, a reset)\n",
            untimed);
    return;
  default:
    break;
  }
  if (step == 0)
    fprintf(out, "launched once%s\n", untimed ? " and then only untimed" : "");
  else
    fprintf(out, "undecided at exit, %u of %d samples read\n", read, TIMED);
}

static void print_report(void) {
  const char *path = report_path;
  FILE *out = *path ? fopen(path, "a") : stderr;
  if (!out) {
    fprintf(stderr, "ferry: FERRY_DISPATCH_REPORT: cannot open %s\n", path);
    return;
  }
  int mode = __atomic_load_n(&mode_value, __ATOMIC_ACQUIRE);
  static const char *const names[] = {"measure", "measure", "model", "original", "variant"};
  fprintf(out, "ferry-dispatch: mode %s\n", names[mode]);
  /* In the order the tables were made (the list holds the newest first). */
  const struct shape_table *first = __atomic_load_n(&all_tables, __ATOMIC_ACQUIRE);
  size_t count = 0;
  for (const struct shape_table *table = first; table; table = table->next)
    count++;
  while (count--) {
    const struct shape_table *table = first;
    for (size_t i = 0; i < count; i++)
      table = table->next;
    for (unsigned i = 0; i < SHAPES; i++) {
      const struct shape *shape = &table->shapes[i];
      if (!__atomic_load_n(&shape->ready, __ATOMIC_ACQUIRE))
        break;
      print_shape(out, table, shape);
    }
    if (__atomic_load_n(&table->overflowed, __ATOMIC_RELAXED))
      fprintf(out, "ferry-dispatch: %s device %d: shapes past the first %d: %s\n",
              table->kernel->name ? table->kernel->name : "(unnamed kernel)", table->device,
              SHAPES,
              __atomic_load_n(&table->short_kernel, __ATOMIC_ACQUIRE)
                  ? "the original (the kernel is short)"
              : rules_entry(table) ? "the rules' choice (variant)"
                                   : "the rules' choice (original)");
  }
  if (out != stderr)
    fclose(out);
  else
    fflush(out);
}
