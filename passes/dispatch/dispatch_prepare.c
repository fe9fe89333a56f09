/* What a kernel's entries may do on a device, learned at the kernel's
 * first launch there (prepare): part of the dispatch runtime's one
 * translation unit (#included by dispatch_runtime.c, which declares the
 * CUDA runtime calls, the kernel record and the per-device facts, and
 * whose opening comment states the rules these facts serve). */

static int same_clusters(const struct function_attributes *a, const struct function_attributes *b) {
  return a->cluster_dim_must_be_set == b->cluster_dim_must_be_set &&
         a->required_cluster_width == b->required_cluster_width &&
         a->required_cluster_height == b->required_cluster_height &&
         a->required_cluster_depth == b->required_cluster_depth &&
         a->cluster_scheduling_policy_preference == b->cluster_scheduling_policy_preference &&
         a->non_portable_cluster_size_allowed == b->non_portable_cluster_size_allowed;
}

/* Raises a variant's dynamic shared memory limit to the device's opt-in
 * limit, where it is below (the raised limit in *raised), and gives it the
 * original's carveout; returns its dynamic shared memory limit. A call that
 * fails has its error cleared. */
static uint64_t set_limits(const void *handle, const struct function_attributes *variant,
                           const struct function_attributes *original, int optin, int *raised) {
  uint64_t dynamic_limit = (uint64_t)(variant->max_dynamic_shared_size_bytes > 0
                                          ? variant->max_dynamic_shared_size_bytes
                                          : 0);
  if ((uint64_t)optin > variant->shared_size_bytes + dynamic_limit) {
    int limit = optin - (int)variant->shared_size_bytes;
    if (cudaFuncSetAttribute(handle, FUNCTION_ATTRIBUTE_MAX_DYNAMIC_SHARED, limit) ==
        CUDA_SUCCESS) {
      dynamic_limit = (uint64_t)limit;
      *raised = limit;
    } else
      cudaGetLastError();
  }
  /* The carveout only steers performance; the program's choice carries over. */
  if (original->preferred_shmem_carveout != variant->preferred_shmem_carveout &&
      cudaFuncSetAttribute(handle, FUNCTION_ATTRIBUTE_CARVEOUT,
                           original->preferred_shmem_carveout) != CUDA_SUCCESS)
    cudaGetLastError();
  return dynamic_limit;
}

/* Learns what the variant may do on `device`, and the entries only a
 * trial runs; the last-error slot is clear on entry, and left clear. */
static enum device_state prepare(const struct ferry_dispatch_kernel *kernel, int device,
                                 struct device_facts *facts) {
  struct function_attributes original = {0}, variant = {0};
  int optin = 0, default_limit = 0, multiprocessors = 0, sm_shared = 0, reserve = 0;
  int sm_threads = 0, sm_blocks = 0;
  /* The image for this device has one of the variants (or none): the
   * others' queries fail, and their errors are cleared; the last one
   * registered is queried below. */
  const void *handles[3] = {kernel->variant, kernel->ring_variant, kernel->trial_variant};
  int registered = 0, kind = -1;
  for (int k = 0; k < 3; k++)
    registered += handles[k] != NULL;
  for (int k = 0; k < 3 && kind < 0; k++) {
    if (!handles[k])
      continue;
    if (--registered == 0 || cudaFuncGetAttributes(&variant, handles[k]) == CUDA_SUCCESS)
      kind = k;
    else
      cudaGetLastError();
  }
  const void *handle = kind >= 0 ? handles[kind] : NULL;
  if (!handle || cudaFuncGetAttributes(&original, kernel->original) != CUDA_SUCCESS ||
      cudaFuncGetAttributes(&variant, handle) != CUDA_SUCCESS ||
      cudaDeviceGetAttribute(&optin, DEVICE_ATTRIBUTE_SHARED_PER_BLOCK_OPTIN, device) !=
          CUDA_SUCCESS ||
      cudaDeviceGetAttribute(&default_limit, DEVICE_ATTRIBUTE_SHARED_PER_BLOCK, device) !=
          CUDA_SUCCESS ||
      cudaDeviceGetAttribute(&multiprocessors, DEVICE_ATTRIBUTE_MULTIPROCESSORS, device) !=
          CUDA_SUCCESS ||
      cudaDeviceGetAttribute(&sm_shared, DEVICE_ATTRIBUTE_SHARED_PER_SM, device) !=
          CUDA_SUCCESS ||
      cudaDeviceGetAttribute(&reserve, DEVICE_ATTRIBUTE_RESERVED_PER_BLOCK, device) !=
          CUDA_SUCCESS ||
      cudaDeviceGetAttribute(&sm_threads, DEVICE_ATTRIBUTE_THREADS_PER_SM, device) !=
          CUDA_SUCCESS ||
      cudaDeviceGetAttribute(&sm_blocks, DEVICE_ATTRIBUTE_BLOCKS_PER_SM, device) != CUDA_SUCCESS) {
    cudaGetLastError(); /* no variant in this device's image, or no device */
    return ORIGINAL;
  }
  if (!same_clusters(&original, &variant) || optin < default_limit || multiprocessors <= 0 ||
      sm_shared <= 0 || reserve < 0 || sm_threads <= 0 || sm_blocks <= 0)
    return ORIGINAL;
  uint64_t dynamic_limit = set_limits(handle, &variant, &original, optin, &facts->raised_limit);
  /* Each entry only a trial runs, where this image has it and its
   * clusters are the original's; else the trial goes without it. */
  const void *const trial_only[TRIAL_ONLY_ENTRIES] = {kernel->alternative, kernel->versioned};
  for (int i = 0; i < TRIAL_ONLY_ENTRIES; i++) {
    struct function_attributes attributes = {0};
    struct trial_only_facts *entry = &facts->trial_only[i];
    if (!trial_only[i])
      continue;
    if (cudaFuncGetAttributes(&attributes, trial_only[i]) != CUDA_SUCCESS) {
      cudaGetLastError();
    } else if (same_clusters(&original, &attributes)) {
      entry->dynamic_limit =
          set_limits(trial_only[i], &attributes, &original, optin, &entry->raised_limit);
      entry->threads = attributes.max_threads_per_block;
      entry->static_bytes = attributes.shared_size_bytes;
      entry->handle = trial_only[i];
    }
  }
  facts->variant = handle;
  facts->ring = kind == 1;
  facts->trial = kind == 2;
  facts->variant_threads = variant.max_threads_per_block;
  facts->original_static = original.shared_size_bytes;
  facts->variant_static = variant.shared_size_bytes;
  facts->variant_dynamic_limit = dynamic_limit;
  facts->default_limit = (uint64_t)default_limit;
  facts->multiprocessors = (uint64_t)multiprocessors;
  facts->sm_shared = (uint64_t)sm_shared;
  facts->sm_threads = (uint64_t)sm_threads;
  facts->sm_blocks = (uint64_t)sm_blocks;
  facts->block_reserve = (uint64_t)reserve;
  __atomic_store_n(&facts->context, current_context(), __ATOMIC_RELEASE);
  return VARIANT;
}
