/* The context the dispatch's runtime objects live in: part of the dispatch
 * runtime's one translation unit (#included by dispatch_runtime.c before
 * dispatch_measure.c).
 *
 * A program may call cudaDeviceReset (or the driver's
 * cuDevicePrimaryCtxReset) at any time: the device's primary context is
 * destroyed with all that was made in it, and the runtime makes a new one
 * at its next call, registering the program's kernels in it again (their
 * host handles stay). What the dispatch made in the dead context is gone:
 *   - a trial's events. An event of a destroyed context must never reach
 *     the runtime again: the driver reads memory the reset freed (a
 *     segmentation fault), or destroys an event the program has since
 *     made at the same address;
 *   - the attributes prepare() set on the variant (its dynamic shared
 *     memory limit raised to the device's opt-in limit, the original's
 *     carveout), without which a launch past the default limit fails.
 * What the dispatch learned of the device (its limits, the variant's
 * registers and static shared memory) holds in the new context.
 *
 * A context is known by its id (cuCtxGetId, CUDA 12.0): unique for the
 * life of the process, where the primary context's handle stays the same
 * across a reset. The id of the calling thread's current context (never of
 * a stored handle, which may be dead) is asked:
 *   - before each step of a trial whose events the shape holds: where it
 *     changed, the events are dropped unread and untouched, and the trial
 *     starts again in the new context (dispatch_trial.c);
 *   - where a variant's launch fails: if the device's context changed since
 *     the variant's attributes were set, they are set again, once, and the
 *     variant launched again;
 *   - when the device's facts are learned (prepare), and with a trial's
 *     first events.
 * Never at a launch whose choice is recorded: a launch after the decision
 * costs what it did. So a reset is noticed at the next trial step of a
 * shape, or at the first launch of a recorded variant that fails without
 * its attributes (that launch is retried; a sanitizer sees its error).
 * Where the driver cannot tell the context (no cuCtxGetId: a driver older
 * than CUDA 12), no trial runs: the rules' choice stands.
 *
 * The trial reads its samples with the driver's cuEventQuery (a runtime
 * event is the driver's): its "not ready", the common answer, leaves the
 * runtime's last-error slot as it is, so that an error the program has not
 * read yet stays there, untouched and unread by the dispatch. */

/* cuCtxGetId and cuEventQuery. The driver's calls leave the runtime's
 * last-error slot as it is. */
typedef int context_id_call(void *context, unsigned long long *id);
typedef int event_query_call(void *event);
/* Weak: a runtime before CUDA 12.5 lacks the first, a later one may drop
 * the second (deprecated in CUDA 13); where neither is linked, no id. */
int cudaGetDriverEntryPointByVersion(const char *symbol, void **function, unsigned version,
                                     unsigned long long flags, int *found)
    __attribute__((weak));
int cudaGetDriverEntryPoint(const char *symbol, void **function, unsigned long long flags,
                            int *found) __attribute__((weak));
enum {
  ENTRY_POINT_FOUND = 0,         /* cudaDriverEntryPointSuccess */
  ENTRY_POINT_DEFAULT = 0,       /* cudaEnableDefault */
  CONTEXT_ID_VERSION = 12000,    /* the CUDA version that has cuCtxGetId */
};

/* The driver's functions, looked up at the first need; then read alone. */
static context_id_call *context_id_function;
static event_query_call *event_query_function;
static int driver_looked_up;

/* The driver function `symbol` of CUDA 12.0's API, or NULL (its error
 * cleared). The last-error slot is clear on entry, and left clear. */
static void *driver_function(const char *symbol) {
  void *function = NULL;
  int found = -1, status = CUDA_SUCCESS;
  if (cudaGetDriverEntryPointByVersion)
    status = cudaGetDriverEntryPointByVersion(symbol, &function, CONTEXT_ID_VERSION,
                                              ENTRY_POINT_DEFAULT, &found);
  else if (cudaGetDriverEntryPoint)
    status = cudaGetDriverEntryPoint(symbol, &function, ENTRY_POINT_DEFAULT, &found);
  if (status != CUDA_SUCCESS) {
    cudaGetLastError();
    return NULL;
  }
  return found == ENTRY_POINT_FOUND ? function : NULL;
}

/* Looks the driver's functions up, once (racing lookups find the same).
 * Called first where the last-error slot is clear (prepare). */
static void driver_lookup(void) {
  if (__atomic_load_n(&driver_looked_up, __ATOMIC_ACQUIRE))
    return;
  __atomic_store_n(&context_id_function, (context_id_call *)driver_function("cuCtxGetId"),
                   __ATOMIC_RELAXED);
  __atomic_store_n(&event_query_function, (event_query_call *)driver_function("cuEventQuery"),
                   __ATOMIC_RELAXED);
  __atomic_store_n(&driver_looked_up, 1, __ATOMIC_RELEASE);
}

/* Whether a trial can run: the driver tells its context and answers its
 * event queries. */
static int driver_at_hand(void) {
  driver_lookup();
  return __atomic_load_n(&context_id_function, __ATOMIC_RELAXED) &&
         __atomic_load_n(&event_query_function, __ATOMIC_RELAXED);
}

/* The id of the calling thread's current context; 0 where it cannot be
 * told (no cuCtxGetId, or no live current context: right after a reset,
 * before the runtime's next call makes the new one). */
static uint64_t current_context(void) {
  driver_lookup();
  context_id_call *call = __atomic_load_n(&context_id_function, __ATOMIC_RELAXED);
  unsigned long long id = 0;
  if (!call || call(NULL, &id) != CUDA_SUCCESS)
    return 0;
  return (uint64_t)id;
}

/* cuEventQuery of an event of the current context (driver_at_hand):
 * CUDA_SUCCESS, CUDA_ERROR_NOT_READY, or an error; the runtime's last-error
 * slot untouched. */
static int query_event(void *event) {
  return __atomic_load_n(&event_query_function, __ATOMIC_RELAXED)(event);
}

/* The thread's stream capture mode made relaxed, for the dispatch's own
 * queries: while a stream is captured in the global mode (by this thread
 * or another), a call the runtime deems potentially unsafe is refused
 * from a thread in a stricter mode, and spoils that capture. Returns the
 * mode to restore, or -1 where it could not be changed (its error
 * cleared). */
static int relax_capture_mode(void) {
  int mode = CAPTURE_MODE_RELAXED;
  if (cudaThreadExchangeStreamCaptureMode(&mode) != CUDA_SUCCESS) {
    cudaGetLastError();
    return -1;
  }
  return mode;
}

static void restore_capture_mode(int mode) {
  if (mode >= 0) /* restoring a mode the runtime returned cannot fail */
    cudaThreadExchangeStreamCaptureMode(&mode);
}

/* Sets on a variant (`handle`: the variant or an entry only a trial runs) the
 * attributes prepare() chose: its dynamic shared memory limit raised
 * (where it was: `raised_limit`), and the carveout the original prefers
 * now. A call that fails has its error cleared (and with it one the
 * program left unread: the exception dispatch_measure.c's "Errors"
 * states). */
static void set_attributes(const void *handle, int raised_limit, const void *original) {
  if (raised_limit &&
      cudaFuncSetAttribute(handle, FUNCTION_ATTRIBUTE_MAX_DYNAMIC_SHARED, raised_limit) !=
          CUDA_SUCCESS)
    cudaGetLastError();
  /* The carveout only steers performance; the program's choice carries over. */
  struct function_attributes original_attributes = {0}, variant_attributes = {0};
  if (cudaFuncGetAttributes(&original_attributes, original) != CUDA_SUCCESS ||
      cudaFuncGetAttributes(&variant_attributes, handle) != CUDA_SUCCESS) {
    cudaGetLastError();
    return;
  }
  if (original_attributes.preferred_shmem_carveout !=
          variant_attributes.preferred_shmem_carveout &&
      cudaFuncSetAttribute(handle, FUNCTION_ATTRIBUTE_CARVEOUT,
                           original_attributes.preferred_shmem_carveout) != CUDA_SUCCESS)
    cudaGetLastError();
}

static void set_variant_attributes(const struct device_facts *facts, const void *original) {
  set_attributes(facts->variant, facts->raised_limit, original);
  for (int i = 0; i < TRIAL_ONLY_ENTRIES; i++)
    if (facts->trial_only[i].handle)
      set_attributes(facts->trial_only[i].handle, facts->trial_only[i].raised_limit, original);
}

/* Where the device's context is not the one the variant's attributes were
 * set in (a reset), sets them again, once per context (the launch that
 * moves facts->context to `now`), and returns 1; else 0. `now`: the
 * current context, 0 where unknown (then nothing is done). The device's
 * state is VARIANT. */
static int renew_attributes(struct device_facts *facts, const void *original, uint64_t now) {
  uint64_t before = __atomic_load_n(&facts->context, __ATOMIC_ACQUIRE);
  if (!now || now == before ||
      !__atomic_compare_exchange_n(&facts->context, &before, now, 0, __ATOMIC_ACQ_REL,
                                   __ATOMIC_ACQUIRE))
    return 0;
  int mode = relax_capture_mode();
  set_variant_attributes(facts, original);
  restore_capture_mode(mode);
  return 1;
}
