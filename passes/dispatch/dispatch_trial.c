/* A launch shape's trial: part of the dispatch runtime's one translation
 * unit (#included by dispatch_runtime.c after dispatch_measure.c, whose
 * opening comment says how a shape is measured, and which defines the
 * shape, its table and the launch request). Here: the trial's events, its
 * samples and how they are read, the verdict, and each step of the trial
 * as the launch that owns it takes it. */

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
 * dropped untouched, with the samples, and the trial starts again, with
 * the original's warm-up (no launch of the new context ran it yet; the
 * variants' first samples may run cold: that only favours the original).
 * This launch is that warm-up.
 * Counted among the untimed launches, so that a program resetting at
 * every step ends the trial. */
static void restart_trial(struct shape *shape) {
  for (unsigned i = 0; i <= SPARE; i++)
    shape->events[i][0] = shape->events[i][1] = NULL;
  shape->context = 0;
  __atomic_store_n(&shape->read, 0, __ATOMIC_RELAXED);
  __atomic_store_n(&shape->step, 0, __ATOMIC_RELAXED);
  __atomic_store_n(&shape->untimed, shape->untimed + 1, __ATOMIC_RELAXED);
}

/* Restarts the trial where the shape holds events of a context other than
 * `context`, the current one (a reset since they were made); 1 where it
 * did. */
static int restarted_after_reset(struct shape *shape, uint64_t context) {
  if (!shape->context || shape->context == context)
    return 0;
  restart_trial(shape);
  return 1;
}

/* Publishes the trial's verdict; its owner destroys the events after its
 * launch. */
static void conclude(struct shape *shape, int verdict, int reason) {
  __atomic_store_n(&shape->reason, reason, __ATOMIC_RELAXED);
  __atomic_store_n(&shape->verdict, verdict, __ATOMIC_RELEASE);
}

/* The shape's schedule: its timed launches, the entry of each, and the
 * step of its first sample (after the original's warm-up). The shape's
 * entries are written with its key, before it was published. */
static unsigned timed_launches(const struct shape *shape) { return shape->entries * SAMPLES; }
static int entry_of(const struct shape *shape, unsigned sample) {
  unsigned entries = shape->entries;
  return shape->order[sample < entries ? sample : 2 * entries - 1 - sample];
}
enum { FIRST_SAMPLE_STEP = 1 /* step 0: the original's warm-up */ };

/* The fastest (slowest: 0) of an entry's samples read. */
static uint64_t extreme_of(const struct shape *shape, int entry, int fastest) {
  uint64_t best = 0;
  int found = 0;
  unsigned read = __atomic_load_n(&shape->read, __ATOMIC_RELAXED);
  for (unsigned i = 0; i < read; i++)
    if (entry_of(shape, i) == entry) {
      uint64_t ns = __atomic_load_n(&shape->ns[i], __ATOMIC_RELAXED);
      if (!found || (fastest ? ns < best : ns > best))
        best = ns;
      found = 1;
    }
  return best;
}

/* A variant entry's slower sample at least MARGIN_PERCENT below the
 * original's faster one (of the samples read; each entry has one). */
static int entry_wins(const struct shape *shape, int entry) {
  return extreme_of(shape, entry, 0) * 100 <= extreme_of(shape, 0, 1) * (100 - MARGIN_PERCENT);
}

/* The verdict of the samples read (one of each entry at least): of the
 * variant entries that win, the one whose slower sample is the faster
 * (the earlier in the shape's order on a tie: the variant first); else
 * the original. */
static int measured_verdict(const struct shape *shape) {
  int verdict = CHOSE_ORIGINAL;
  uint64_t best = 0;
  for (unsigned k = 1; k < shape->entries; k++) {
    int entry = shape->order[k];
    uint64_t slower = extreme_of(shape, entry, 0);
    if (entry_wins(shape, entry) && (verdict == CHOSE_ORIGINAL || slower < best)) {
      verdict = chose_entry[entry];
      best = slower;
    }
  }
  return verdict;
}

/* Moves a pair of events from one slot of a shape to another (empty). */
static void move_pair(void **to, void **from) {
  to[0] = from[0];
  to[1] = from[1];
  from[0] = from[1] = NULL;
}

/* Samples launched. */
static unsigned issued(const struct shape *shape) {
  return shape->step > FIRST_SAMPLE_STEP ? shape->step - FIRST_SAMPLE_STEP : 0;
}

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
    /* Once every entry has a sample and no variant entry wins, none
     * ever will: a later sample can only lower the original's fastest or
     * raise a variant's slowest. The whole trial would keep the original
     * too; stopping here spares the program the variants' other samples. */
    if (i + 1 >= shape->entries /* the first of each entry */ &&
        measured_verdict(shape) == CHOSE_ORIGINAL) {
      conclude(shape, CHOSE_ORIGINAL, REASON_MEASURED);
      return;
    }
  }
  if (shape->read == timed_launches(shape))
    conclude(shape, measured_verdict(shape), REASON_MEASURED);
}

/* Gives sample `sample` its pair of events: the spare, or two made in the
 * context of those the shape holds (the current one: timed_step). Returns
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

/* One launch of an entry for the trial, a warm-up or a sample's; *ran:
 * whether that entry ran it. Where its launch fails, the error is
 * cleared, the trial stops, and another entry runs the launch: where the
 * variant failed, the original, kept; where an entry only a trial runs
 * failed, the rules' choice, kept; where the original failed, the
 * variant, with the rules' choice kept. Returns the status of the launch
 * that ran. */
static int trial_entry_launch(struct shape *shape, const struct launch_request *r, int entry,
                              int *ran) {
  int status = r->launch(entry_handle(r, entry), r->grid, r->block, r->arguments,
                         entry_bytes(r, entry), r->stream);
  *ran = status == CUDA_SUCCESS;
  if (*ran)
    return status;
  cudaGetLastError();
  static const int failed[ENTRIES] = {REASON_ORIGINAL_FAILED, REASON_VARIANT_FAILED,
                                      REASON_ALTERNATIVE_FAILED, REASON_VERSIONED_FAILED};
  conclude(shape, entry == ENTRY_VARIANT ? CHOSE_ORIGINAL : CHOSE_STATIC, failed[entry]);
  return launch_entry(r, entry == ENTRY_ORIGINAL  ? ENTRY_VARIANT
                         : entry == ENTRY_VARIANT ? ENTRY_ORIGINAL
                                                  : rules_entry(shape->table));
}

/* One timed launch of sample `sample` (its events prepared). Returns the
 * launch's status; the trial stops where an event cannot be recorded or
 * the entry's launch fails (the other entry then runs it). */
static int sample_launch(int ptsz, struct shape *shape, const struct launch_request *r,
                         unsigned sample) {
  int entry = entry_of(shape, sample);
  void **pair = shape->events[sample];
  if (record_event(ptsz, pair[0], r->stream) != CUDA_SUCCESS) {
    cudaGetLastError();
    conclude(shape, CHOSE_STATIC, REASON_EVENTS);
    return launch_entry(r, rules_entry(shape->table));
  }
  int ran;
  int status = trial_entry_launch(shape, r, entry, &ran);
  if (!ran)
    return status;
  if (record_event(ptsz, pair[1], r->stream) != CUDA_SUCCESS) {
    cudaGetLastError();
    conclude(shape, CHOSE_STATIC, REASON_EVENTS);
  } else {
    __atomic_store_n(&shape->step, FIRST_SAMPLE_STEP + sample + 1, __ATOMIC_RELAXED);
  }
  return status;
}

/* After a launch of the trial, with the thread's capture mode relaxed
 * and the events' context checked: the samples completed read, the next
 * sample's events made where every sample launched is read (a pair read
 * is used again), and, once the trial is decided, its events destroyed. */
static void after_launch(struct shape *shape) {
  int reason;
  if (shape->read < issued(shape))
    read_samples(shape);
  unsigned next = issued(shape);
  if (__atomic_load_n(&shape->verdict, __ATOMIC_RELAXED) == UNDECIDED &&
      shape->step >= FIRST_SAMPLE_STEP && shape->read == next && next < timed_launches(shape) &&
      !shape->events[next][0] && (reason = prepare_events(shape, next)) != REASON_NONE)
    conclude(shape, CHOSE_STATIC, reason);
  if (__atomic_load_n(&shape->verdict, __ATOMIC_RELAXED) != UNDECIDED)
    destroy_events(shape);
}

/* The trial's next timed step, a warm-up or a sample (its launch's stream
 * is not being captured, the thread's capture mode relaxed): before the
 * launch, only what it needs (the context asked, the start event); after
 * it, the rest. Returns the launch's status. */
static int timed_step(int ptsz, struct shape *shape, const struct launch_request *r) {
  /* Before any event is touched: the context its events and the variant's
   * attributes were made in is still the current one (dispatch_context.c). */
  uint64_t context = current_context();
  renew_attributes(r->facts, r->original, context);
  restarted_after_reset(shape, context);
  int status;
  if (shape->step < FIRST_SAMPLE_STEP) {
    /* The original's warm-up; after it, the first sample's events (made
     * after a launch, while the GPU works). */
    int ran;
    status = trial_entry_launch(shape, r, ENTRY_ORIGINAL, &ran);
    if (ran)
      __atomic_store_n(&shape->step, shape->step + 1, __ATOMIC_RELAXED);
  } else {
    /* Its events: after_launch made them when the last sample was read
     * (trial_launch times a sample only then; a reset restarts at the
     * warm-up above). */
    status = sample_launch(ptsz, shape, r, issued(shape));
  }
  after_launch(shape);
  return status;
}

/* A launch of the trial that is not timed: the verdict reached with no
 * runtime call, else the rules' choice, as every untimed launch (where a
 * sample is unread: the kernel as written would cost a program that
 * launches the shape a dozen times the gain of a variant the rules chose,
 * which every sample's untimed launch would delay: bench/real's
 * correlation and tensorcore-gemm at 1.00x, not 4.7x and 1.26x). After it,
 * the samples completed are read (the context asked first: a reset
 * restarts the trial) and the next step prepared, with the thread's
 * capture mode relaxed. */
static int untimed_step(struct shape *shape, const struct launch_request *r) {
  int entry = entry_chosen(__atomic_load_n(&shape->verdict, __ATOMIC_RELAXED));
  int status = launch_entry(r, entry >= 0 ? entry : rules_entry(shape->table));
  int mode = relax_capture_mode();
  if (mode >= 0) {
    if (!restarted_after_reset(shape, current_context()))
      after_launch(shape);
    restore_capture_mode(mode);
  }
  return status;
}

static void release(struct shape *shape) { __atomic_store_n(&shape->owner, 0, __ATOMIC_RELEASE); }

/* A launch that owns its shape's trial. Nothing is read before a launch:
 * reading a sample there (the driver's query and cudaEventElapsedTime)
 * costs the program 5-7 us of an idle GPU where it waits for the launch
 * (Rodinia's backprop on an H200, whose host makes a runtime call in 1-4
 * us). So a launch that finds a sample launched before and not yet read
 * runs the rules' choice, untimed, and reads it after its launch, while
 * the GPU works; the next launch then runs what that reading decided. A
 * launch that finds every sample read takes the next step where it can
 * be timed, else the rules' choice, untimed. The trial's event calls are
 * made with the thread's capture mode relaxed (and restored): while
 * another thread captures a stream in the global mode, they would
 * otherwise be refused as potentially unsafe and spoil that capture; none
 * touches a stream being captured (this launch's is asked first, and its
 * events are recorded nowhere else). */
static __attribute__((noinline)) int trial_launch(int ptsz, struct shape *shape,
                                                  const struct launch_request *r) {
  if (__atomic_load_n(&shape->verdict, __ATOMIC_RELAXED) == UNDECIDED && shape->read == 0 &&
      __atomic_load_n(&shape->table->short_kernel, __ATOMIC_ACQUIRE))
    conclude(shape, CHOSE_ORIGINAL, REASON_KERNEL_SHORT);
  if (__atomic_load_n(&shape->verdict, __ATOMIC_RELAXED) == UNDECIDED &&
      shape->untimed >= UNTIMED_LIMIT)
    conclude(shape, CHOSE_STATIC, REASON_UNTIMED);
  int status;
  if (__atomic_load_n(&shape->verdict, __ATOMIC_RELAXED) != UNDECIDED ||
      shape->read < issued(shape)) {
    status = untimed_step(shape, r);
    release(shape);
    return status;
  }
  int capture = CAPTURE_STATUS_NONE;
  status = ptsz ? cudaStreamIsCapturing_ptsz(r->stream, &capture)
                : cudaStreamIsCapturing(r->stream, &capture);
  if (status != CUDA_SUCCESS)
    cudaGetLastError();
  int mode = status == CUDA_SUCCESS && capture == CAPTURE_STATUS_NONE ? relax_capture_mode() : -1;
  if (mode < 0) {
    __atomic_store_n(&shape->untimed, shape->untimed + 1, __ATOMIC_RELAXED);
    release(shape);
    return launch_entry(r, rules_entry(shape->table));
  }
  status = timed_step(ptsz, shape, r);
  restore_capture_mode(mode);
  release(shape);
  return status;
}
