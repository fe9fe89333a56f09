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
 *   - the original runs once untimed before its first sample, its
 *     warm-up, since a first run cold (caches) would favour the variant:
 *     a trial variant's first launch is that warm-up, another variant's
 *     second launch. After the warm-up's launch, while the GPU works,
 *     the first sample's events are made (made before a launch, they cost
 *     the program 10-40 us of an idle GPU: Rodinia's backprop on an
 *     H200). The variants get no warm-up: prepare() has loaded each
 *     (cudaFuncGetAttributes loads a lazily loaded kernel), and a
 *     variant's first sample run cold can only favour the original. A
 *     trial variant that loses thus runs once, not twice (backprop: a
 *     variant 5 % slower, in a program timing 12 runs of 0.25 ms);
 *   - the next four are timed, original, variant, variant, original, each
 *     between a pair of events recorded in the launch's own stream;
 *   - the variant is kept only where its slower sample is at least 2 %
 *     below the original's faster one, else the original. A noisy sample
 *     can only keep the original, and a clock that drifts either way over
 *     the four favours the original (its samples are the first and last);
 *   - one sample is in flight at a time, and nothing is read before a
 *     launch: a launch that finds the last sample unread runs the
 *     rules' choice, untimed, and reads it after its launch; the next
 *     launch runs what that reading decided;
 *   - the trial ends as soon as the samples read settle it: once the
 *     variant does not win over the samples read, no later sample can
 *     make it (the whole trial would keep the original as well), so a
 *     slower variant runs one sample, not two;
 *   - an original whose first sample is shorter than SHORT_NS is kept at
 *     once, and the kernel's shapes met later on that device run the
 *     original untimed (see SHORT_NS).
 * A kernel with entries the rules never choose (dispatch.h: the second
 * variant, K__ferry_alt, the kernel converted another way; the third
 * entry, K__ferry_ver, the versioning alone) has three or four entries
 * where the checks let those run the shape as they let the variant: the
 * first launch runs the rules' choice, the original's warm-up follows
 * where that was the variant; the samples run each entry
 * once in that order (original, variant, then the others), then once in
 * the reverse order: o v a a v o with three entries, o v a w w a v o with
 * four, so that a clock drifting over the trial favours no variant entry
 * over the original. Each variant entry is judged against the original
 * by the rule above, and of those that win, the one whose slower sample
 * is the faster is kept (the earlier in that order on a tie). The trial
 * ends once none can win. An entry that cannot run the shape is left out
 * of its trial: a shape none of them can run is measured with two
 * entries, as above, and costs what it cost without them.
 * A trial costs the program at most one warm-up and eight samples
 * (four entries), six samples with three, four with two; and
 * what runs before a sample's launch: the capture query, the capture
 * mode, the context's id and one event record (7 us of host time on the
 * H200 machine's host, whose runtime calls take 1-4 us each; ~2 us on an
 * H100's). Nothing else runs before a launch: making and destroying
 * events and reading samples (the driver's query and
 * cudaEventElapsedTime, 5-7 us there) run after the launch, while the
 * GPU works, where a program that waits for its kernel (Rodinia's
 * backprop, timing each run from an idle GPU) does not see them. Samples
 * are read without blocking (the
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
  TIMED = ENTRIES * SAMPLES, /* timed launches in all, at most */
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
/* What a measured shape runs. STATIC: the rules' choice (the trial
 * stopped, or never started); else the entry chosen (chose_entry). */
enum verdict {
  UNDECIDED,
  CHOSE_VARIANT,
  CHOSE_ORIGINAL,
  CHOSE_STATIC,
  CHOSE_ALTERNATIVE,
  CHOSE_VERSIONED
};
static const int chose_entry[ENTRIES] = {CHOSE_ORIGINAL, CHOSE_VARIANT, CHOSE_ALTERNATIVE,
                                         CHOSE_VERSIONED};
/* The entry a verdict chose, or -1 (UNDECIDED, STATIC). */
static int entry_chosen(int verdict) {
  for (int entry = 0; entry < ENTRIES; entry++)
    if (chose_entry[entry] == verdict)
      return entry;
  return -1;
}
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
  REASON_ALTERNATIVE_FAILED, /* the alternative's launch failed */
  REASON_VERSIONED_FAILED,   /* the versioning alone's launch failed */
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
  /* The entries its trial measures, written with the key: `entries` of
   * them in `order`, the original and the variant first, then those only
   * a trial runs that can run the shape. Each entry's first sample comes
   * in that order, before any entry's second (entry_of): the trial can
   * end once the first of each is read. */
  unsigned entries;
  unsigned char order[ENTRIES];
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

/* The entry the rules choose for the table's kernel on its device (1: the
 * variant; 0 for a K__ferry_trial variant). Set by prepare() before the
 * device's state was published, which a launch read before its shape. */
static int rules_entry(const struct shape_table *table) {
  return !table->kernel->devices[table->device].trial;
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

/* What measured() answers besides an entry (enum entry). */
enum { MEASURED_STATIC = -1, MEASURED_PENDING = -2 };

/* For a launch the rules let run the variant (measure mode), and the
 * entries only a trial runs of `trial_only` (bit i: entry
 * FIRST_TRIAL_ONLY + i): which entry it runs, measured the fastest.
 * MEASURED_STATIC: the rules' choice. MEASURED_PENDING: the rules' choice
 * this time, the choice not yet known; *trial is then set if this launch
 * owns the shape's next step. */
static int measured(const struct ferry_dispatch_kernel *kernel, int device,
                    struct device_facts *facts, ferry_dim3 grid, ferry_dim3 block,
                    size_t shared_bytes, unsigned trial_only, struct shape **trial) {
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
      return short_kernel ? ENTRY_ORIGINAL : MEASURED_STATIC;
    }
    /* A new shape: added by one launch at a time (not waited for). Its
     * first launch runs the rules' choice, untimed; where that is the
     * original (a trial variant's), as the trial's first step, the
     * original's warm-up, whose events are made after it; where the
     * kernel is short, the original, with no trial. */
    int expected = 0;
    if (!__atomic_compare_exchange_n(&table->inserting, &expected, 1, 0, __ATOMIC_ACQUIRE,
                                     __ATOMIC_RELAXED))
      return short_kernel ? ENTRY_ORIGINAL : MEASURED_PENDING;
    shape = find_shape(table, grid, block, shared_bytes, &free_slot);
    if (!shape && free_slot) {
      keep_configuration(free_slot->grid, free_slot->block, &free_slot->shared_bytes, grid, block,
                         shared_bytes);
      free_slot->table = table;
      free_slot->order[0] = ENTRY_ORIGINAL;
      free_slot->order[1] = ENTRY_VARIANT;
      free_slot->entries = 2;
      for (int i = 0; i < TRIAL_ONLY_ENTRIES; i++)
        if (trial_only & 1u << i)
          free_slot->order[free_slot->entries++] = (unsigned char)(FIRST_TRIAL_ONLY + i);
      if (short_kernel) {
        free_slot->reason = REASON_KERNEL_SHORT;
        free_slot->verdict = CHOSE_ORIGINAL;
      }
      __atomic_store_n(&free_slot->ready, 1, __ATOMIC_RELEASE);
    }
    __atomic_store_n(&table->inserting, 0, __ATOMIC_RELEASE);
    if (!shape) {
      if (short_kernel)
        return ENTRY_ORIGINAL;
      if (!free_slot)
        return MEASURED_STATIC;
      if (rules_entry(table) != ENTRY_ORIGINAL)
        return MEASURED_PENDING;
      shape = free_slot;
    }
  }
  int verdict = __atomic_load_n(&shape->verdict, __ATOMIC_ACQUIRE);
  if (verdict == CHOSE_STATIC)
    return MEASURED_STATIC;
  if (verdict != UNDECIDED)
    return entry_chosen(verdict);
  int expected = 0;
  if (__atomic_compare_exchange_n(&shape->owner, &expected, 1, 0, __ATOMIC_ACQUIRE,
                                  __ATOMIC_RELAXED))
    *trial = shape;
  return MEASURED_PENDING;
}

/* What a trial launch was asked to run: the launch's arguments, and the
 * entries with their dynamic shared memory (those only a trial runs are
 * facts->trial_only's; each takes the variant's bytes or the launch's:
 * takes_variant_bytes). */
struct launch_request {
  launch_call *launch;
  const void *original, *variant;
  struct device_facts *facts; /* the device's, where the variant may run */
  ferry_dim3 grid, block;
  void **arguments;
  size_t shared_bytes, variant_bytes;
  void *stream;
};

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

/* After the launch of a variant (`variant`: the variant or an entry only
 * a trial runs, with `bytes` of dynamic shared memory) failed with
 * `status`, which the last-error slot holds. An
 * error of the stream is the program's: left there, and returned, as its
 * own launch would (one failed launch, as in the plain build). Else the
 * error is cleared; where the device's context changed since the
 * variants' attributes were set (a reset), they are set again and the
 * variant launched once more; else, or where that fails too, the
 * original. */
static __attribute__((noinline, cold)) int launch_after_failure(const struct launch_request *r,
                                                                const void *variant, size_t bytes,
                                                                int status) {
  if (stream_error(status))
    return status;
  cudaGetLastError();
  if (renew_attributes(r->facts, r->original, current_context())) {
    status = r->launch(variant, r->grid, r->block, r->arguments, bytes, r->stream);
    if (status == CUDA_SUCCESS || stream_error(status))
      return status;
    cudaGetLastError();
  }
  return r->launch(r->original, r->grid, r->block, r->arguments, r->shared_bytes, r->stream);
}

/* An entry's handle and dynamic shared memory, for a trial's launch. */
static const void *entry_handle(const struct launch_request *r, int entry) {
  return entry == ENTRY_ORIGINAL  ? r->original
         : entry == ENTRY_VARIANT ? r->variant
                                  : r->facts->trial_only[entry - FIRST_TRIAL_ONLY].handle;
}
static size_t entry_bytes(const struct launch_request *r, int entry) {
  return takes_variant_bytes[entry] ? r->variant_bytes : r->shared_bytes;
}

/* Launches one entry (enum entry); where a variant's launch fails,
 * launch_after_failure. */
static inline int launch_entry(const struct launch_request *r, int entry) {
  if (entry != ENTRY_ORIGINAL) {
    const void *variant = entry_handle(r, entry);
    size_t bytes = entry_bytes(r, entry);
    int status = r->launch(variant, r->grid, r->block, r->arguments, bytes, r->stream);
    if (__builtin_expect(status == CUDA_SUCCESS, 1))
      return status;
    return launch_after_failure(r, variant, bytes, status);
  }
  return r->launch(r->original, r->grid, r->block, r->arguments, r->shared_bytes, r->stream);
}
