/* The measured dispatch's report (FERRY_DISPATCH_REPORT, read by
 * dispatch_measure.c): part of the dispatch runtime's one translation unit
 * (#included by dispatch_runtime.c last). Printed at exit from what the
 * shape tables hold, with no runtime call (the runtime may be torn down
 * by then). */

/* The entries' names, as the report says them. */
static const char *const entry_names[ENTRIES] = {"original", "variant", "alternative",
                                                  "versioning"};

static void print_samples(FILE *out, const struct shape *shape, unsigned read) {
  for (unsigned k = 0; k < shape->entries; k++) {
    int entry = shape->order[k];
    fprintf(out, "%s%s", k ? ", " : "", entry_names[entry]);
    unsigned printed = 0;
    for (unsigned i = 0; i < read; i++)
      if (entry_of(shape, i) == entry && ++printed)
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
  int chosen = entry_chosen(verdict);
  const char *choice = chosen >= 0                 ? entry_names[chosen]
                       : rules_entry(shape->table) ? "the rules' choice (variant)"
                                                   : "the rules' choice (original)";
  fprintf(out, "%s; ", choice);
  if (read)
    print_samples(out, shape, read);
  switch (verdict == UNDECIDED ? REASON_NONE : reason) {
  case REASON_MEASURED: {
    /* Each variant entry's slower sample against the original's faster. */
    unsigned each[ENTRIES] = {0}; /* samples read of each entry: one where the trial ended early */
    for (unsigned i = 0; i < read; i++)
      each[entry_of(shape, i)]++;
    uint64_t original = extreme_of(shape, 0, 1);
    for (unsigned k = 1; k < shape->entries; k++) {
      int entry = shape->order[k];
      uint64_t variant = extreme_of(shape, entry, 0);
      double gain =
          original ? 100.0 * ((double)original - (double)variant) / (double)original : 0;
      fprintf(out, "%sthe %s's %s is %.1f %% %s the original's %s", k > 1 ? "; " : "",
              entry_names[entry], each[entry] > 1 ? "slower sample" : "sample",
              gain >= 0 ? gain : -gain, gain >= 0 ? "below" : "above",
              each[0] > 1 ? "faster one" : "sample");
    }
    fprintf(out, " (kept where %d %% below or more)\n", MARGIN_PERCENT);
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
  case REASON_ALTERNATIVE_FAILED:
    fprintf(out, "the alternative's launch failed\n");
    return;
  case REASON_VERSIONED_FAILED:
    fprintf(out, "the versioning's launch failed\n");
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
  /* A trial variant's first launch is its trial's first step (the
   * original's warm-up); another variant's is no step. */
  if (step <= (rules_entry(shape->table) == ENTRY_ORIGINAL ? 1u : 0u))
    fprintf(out, "launched once%s\n", untimed ? " and then only untimed" : "");
  else
    fprintf(out, "undecided at exit, %u of %u samples read\n", read, timed_launches(shape));
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
