/* The host half of the launch dispatch: what each launch of a kernel with a
 * variant runs (see passes/dispatch_host.c, which links this file, compiled
 * to LLVM bitcode when ferry is built, into every host module whose kernels
 * it dispatches, with internal linkage; the user adds nothing).
 *
 * Each launch runs the variant (ferry's converted kernel) only where it can
 * launch wherever the original could, and the original otherwise:
 *   - the device image has the variant (a host compile cannot know which
 *     kernels its device compiles converted: cudaFuncGetAttributes on the
 *     variant fails when the image for this device lacks it);
 *   - the launch's threads fit the variant's own limit (its registers);
 *   - its dynamic shared memory fits beside the variant's static shared
 *     memory within the device's opt-in limit (the variant's attribute is
 *     raised to that limit once);
 *   - a launch that needs more than the default 48 KiB on the original
 *     runs the variant only when the program's own
 *     cudaFuncAttributeMaxDynamicSharedMemorySize on the original allows
 *     it (else the original fails exactly as the plain build would);
 *   - the variant's larger shared memory does not lower the blocks a
 *     multiprocessor holds below what the launch would have there with
 *     the original (its grid spread over the multiprocessors, as many as
 *     the multiprocessor's threads and block slots allow);
 *   - the original has no cluster setting the variant lacks.
 * A variant whose extern __shared__ tile's ring takes its stages from the
 * launch (K__ferry_ring, dispatch.h) is given S times the launch's dynamic
 * shared memory (16-byte rounded; where the launch gives none, the
 * kernel's static shared memory: a static array's ring there, whose
 * kernel has no other shared array), S the most stages, a power of two up to
 * 16 (64 where the launch has one block a multiprocessor), that keep the
 * rules above (its limit, and the blocks a multiprocessor holds); the
 * original runs where S would be below 2. The
 * variant itself stays right with any bytes (pipeline_dynamic.h).
 * What is learned of a kernel on a device is queried once and cached, and
 * so is the choice made for the last launch configuration of a kernel on a
 * device: a launch like the one before costs a comparison, no runtime call.
 * Should the variant's launch still fail, the error is cleared and the
 * original is launched: the program sees the original's result; but an
 * error of the launch's stream (an unknown handle, a spoiled capture),
 * which the original's launch would meet too, is left as the program's
 * (launch_after_failure, dispatch_measure.c).
 *
 * The runtime's last-error slot is the program's: the dispatch's own
 * queries (a kernel's first launch on a device, a launch past 48 KiB) are
 * made only when nothing is pending there, and what they cause is cleared.
 * The one exception would be a variant launch that fails although every
 * check above passed: its error is cleared, and with it an earlier one the
 * program had not read yet. Asking at every launch instead cost 50-80 ns a
 * launch (cudaPeekAtLastError, H100); the checks leave that case to faults
 * the original's launch would meet too.
 *
 * A kernel's first launch on a device learns it with the thread's capture
 * mode relaxed (and restored), so that a stream another thread captures in
 * the global mode is not spoiled by these queries. A cudaDeviceReset kills
 * what the dispatch set or made in the device's context: it is told by the
 * context's id and handled where it matters, never at a recorded launch
 * (dispatch_context.c).
 *
 * Where these rules let the variant run, it need not be the faster: by
 * default (FERRY_DISPATCH=measure) each launch shape of a kernel on a
 * device is timed with both entries over its first launches, and the
 * faster kept (dispatch_measure.c). FERRY_DISPATCH=model runs the rules'
 * choice alone: the variant wherever the rules above let it, but a
 * K__ferry_trial variant (dispatch.h: its copies are ones the cost model
 * found no faster untimed) never; =original the kernels as written;
 * =variant the variant wherever the rules above let it, a trial variant
 * too.
 *
 * A kernel may have entries that only a trial runs: a second variant,
 * the alternative (K__ferry_alt, dispatch.h: the kernel converted another
 * way), and a third entry, the versioning alone (K__ferry_ver: the kernel
 * as written with its loops alias-versioned). Each runs only where a trial
 * timed it fastest: under measure, where the rules above let the variant
 * run the launch and let it run the launch as they let the variant (its
 * own registers and static shared memory; the alternative with the
 * variant's dynamic bytes, its ring being the variant's; the versioning
 * alone with the launch's own, as the kernel as written), each launch
 * shape is timed with those entries beside the original and the variant;
 * never under model, variant or original, which run what they ran
 * without them. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../support/loop_limits.h"

/* The CUDA runtime's ABI, declared here so that ferry builds without CUDA's
 * headers: the enumerators' values are fixed by the runtime's API. */
typedef struct {
  unsigned x, y, z;
} ferry_dim3;
enum {
  CUDA_SUCCESS = 0,
  DEVICE_ATTRIBUTE_SHARED_PER_BLOCK = 8,        /* cudaDevAttrMaxSharedMemoryPerBlock */
  DEVICE_ATTRIBUTE_MULTIPROCESSORS = 16,        /* cudaDevAttrMultiProcessorCount */
  DEVICE_ATTRIBUTE_SHARED_PER_SM = 81,          /* cudaDevAttrMaxSharedMemoryPerMultiprocessor */
  DEVICE_ATTRIBUTE_THREADS_PER_SM = 39,         /* cudaDevAttrMaxThreadsPerMultiProcessor */
  DEVICE_ATTRIBUTE_BLOCKS_PER_SM = 106,         /* cudaDevAttrMaxBlocksPerMultiprocessor */
  DEVICE_ATTRIBUTE_RESERVED_PER_BLOCK = 111,    /* cudaDevAttrReservedSharedMemoryPerBlock */
  DEVICE_ATTRIBUTE_SHARED_PER_BLOCK_OPTIN = 97, /* cudaDevAttrMaxSharedMemoryPerBlockOptin */
  FUNCTION_ATTRIBUTE_MAX_DYNAMIC_SHARED = 8,     /* cudaFuncAttributeMaxDynamicSharedMemorySize */
  FUNCTION_ATTRIBUTE_CARVEOUT = 9,              /* cudaFuncAttributePreferredSharedMemoryCarveout */
};
/* cudaFuncAttributes as of CUDA 12 and 13, with room for what a later
 * runtime may add: only the fields named here are read. */
struct function_attributes {
  size_t shared_size_bytes, const_size_bytes, local_size_bytes;
  int max_threads_per_block, num_regs, ptx_version, binary_version, cache_mode_ca;
  int max_dynamic_shared_size_bytes, preferred_shmem_carveout;
  int cluster_dim_must_be_set, required_cluster_width, required_cluster_height,
      required_cluster_depth, cluster_scheduling_policy_preference,
      non_portable_cluster_size_allowed;
  int reserved[128];
};
int cudaGetDevice(int *device);
int cudaGetDeviceCount(int *count);
int cudaDeviceGetAttribute(int *value, int attribute, int device);
int cudaFuncGetAttributes(struct function_attributes *attributes, const void *function);
int cudaFuncSetAttribute(const void *function, int attribute, int value);
int cudaPeekAtLastError(void);
int cudaGetLastError(void);
int cudaLaunchKernel(const void *function, ferry_dim3 grid, ferry_dim3 block, void **arguments,
                     size_t shared_bytes, void *stream);
int cudaLaunchKernel_ptsz(const void *function, ferry_dim3 grid, ferry_dim3 block,
                          void **arguments, size_t shared_bytes, void *stream);
/* For the measurement (dispatch_measure.c): an event is a handle; the
 * per-thread-stream forms (_ptsz) take the stream as a launch of the
 * per-thread default stream does. */
enum {
  CUDA_ERROR_NOT_READY = 600, /* cudaErrorNotReady */
  CAPTURE_STATUS_NONE = 0,    /* cudaStreamCaptureStatusNone */
  CAPTURE_MODE_RELAXED = 2,   /* cudaStreamCaptureModeRelaxed */
};
int cudaEventCreateWithFlags(void **event, unsigned flags);
int cudaEventDestroy(void *event);
int cudaEventRecord(void *event, void *stream);
int cudaEventRecord_ptsz(void *event, void *stream);
int cudaEventElapsedTime(float *ms, void *start, void *end);
int cudaStreamIsCapturing(void *stream, int *status);
int cudaStreamIsCapturing_ptsz(void *stream, int *status);
int cudaThreadExchangeStreamCaptureMode(int *mode);

enum { DEVICES = 32 }; /* a device numbered higher runs the originals */

/* A kernel's entries, as a launch's choice and a trial name them: the
 * kernel as written, its variant (K__ferry, K__ferry_ring or
 * K__ferry_trial), then the entries only a trial runs (dispatch.h): the
 * alternative (K__ferry_alt) and the versioning alone (K__ferry_ver). */
enum entry { ENTRY_ORIGINAL, ENTRY_VARIANT, ENTRY_ALTERNATIVE, ENTRY_VERSIONED, ENTRIES };
enum { FIRST_TRIAL_ONLY = ENTRY_ALTERNATIVE, TRIAL_ONLY_ENTRIES = ENTRIES - FIRST_TRIAL_ONLY };
/* Whether an entry launches with the variant's dynamic shared memory (its
 * launch ring's stages, where it has one) or the launch's own. */
static const unsigned char takes_variant_bytes[ENTRIES] = {0, 1, 1, 0};
enum device_state { UNKNOWN, PREPARING, VARIANT, ORIGINAL };

/* A launch configuration and what runs it. Written under a sequence count,
 * odd while an entry is written, so that a launch reads either one whole
 * entry or none: a launch that finds the count odd or changed decides
 * afresh. Every field is read and written atomically. */
struct decision {
  unsigned sequence;
  unsigned grid[3], block[3];
  uint64_t shared_bytes;
  uint64_t variant_bytes; /* the dynamic shared memory the variant gets */
  int variant;            /* the entry that runs it (enum entry) */
};

/* What an entry only a trial runs may do on one device, as for the
 * variant below; its handle NULL where this device's image lacks it. */
struct trial_only_facts {
  const void *handle;
  int threads;
  uint64_t static_bytes;
  uint64_t dynamic_limit;
  int raised_limit;
};

/* What a kernel's variant may do on one device. */
struct device_facts {
  int state; /* enum device_state, read and written atomically */
  const void *variant;     /* the handle of the variant this device's image has, */
  int ring;                /* which is K__ferry_ring, */
  int trial;               /* or K__ferry_trial (the rules choose the original) */
  int variant_threads;
  uint64_t original_static;
  uint64_t variant_static;
  uint64_t variant_dynamic_limit;
  uint64_t default_limit;
  uint64_t multiprocessors;
  uint64_t sm_shared;      /* shared memory of a multiprocessor */
  uint64_t sm_threads;     /* threads a multiprocessor holds */
  uint64_t sm_blocks;      /* blocks a multiprocessor holds */
  uint64_t block_reserve;  /* what the runtime reserves per block */
  int raised_limit;        /* the variant's dynamic shared memory limit prepare() set, or 0 */
  uint64_t context;        /* the context its attributes were set in (dispatch_context.c) */
  struct decision last;    /* the choice for the last configuration */
  struct shape_table *shapes; /* measured launch shapes (dispatch_measure.c) */
  /* The entries only a trial runs, by entry - FIRST_TRIAL_ONLY. */
  struct trial_only_facts trial_only[TRIAL_ONLY_ENTRIES];
};

/* One per kernel with a variant: the plugin makes one for each kernel
 * (its type taken from ferry_dispatch_kernel_layout below), the host
 * handles set (a variant no device code names: null), the rest zero. */
struct ferry_dispatch_kernel {
  const void *original;
  const void *variant;      /* K__ferry */
  const void *ring_variant; /* K__ferry_ring */
  const void *trial_variant; /* K__ferry_trial: the rules' choice is the original */
  const char *name;         /* the kernel's device name, for the report */
  struct device_facts devices[DEVICES];
  /* The entries only a trial runs (null where no device code names them):
   * after the devices, so that a record that names none is the kernel's
   * handles, its name and zeros. K__ferry_alt, the alternative: */
  const void *alternative;
  /* K__ferry_ver, the versioning alone: */
  const void *versioned;
};
struct ferry_dispatch_kernel ferry_dispatch_kernel_layout;

/* A runtime launch call: cudaLaunchKernel or cudaLaunchKernel_ptsz. */
typedef int launch_call(const void *, ferry_dim3, ferry_dim3, void **, size_t, void *);

/* A launch configuration's key (grid, block, dynamic bytes), as the last
 * configuration's record and the measured shapes keep it: each field read
 * and written atomically, relaxed (the caller orders the whole). */
static int same_configuration(const unsigned kept_grid[3], const unsigned kept_block[3],
                              const uint64_t *kept_bytes, ferry_dim3 grid, ferry_dim3 block,
                              size_t shared_bytes) {
  return __atomic_load_n(&kept_grid[0], __ATOMIC_RELAXED) == grid.x &&
         __atomic_load_n(&kept_grid[1], __ATOMIC_RELAXED) == grid.y &&
         __atomic_load_n(&kept_grid[2], __ATOMIC_RELAXED) == grid.z &&
         __atomic_load_n(&kept_block[0], __ATOMIC_RELAXED) == block.x &&
         __atomic_load_n(&kept_block[1], __ATOMIC_RELAXED) == block.y &&
         __atomic_load_n(&kept_block[2], __ATOMIC_RELAXED) == block.z &&
         __atomic_load_n(kept_bytes, __ATOMIC_RELAXED) == (uint64_t)shared_bytes;
}

static void keep_configuration(unsigned kept_grid[3], unsigned kept_block[3], uint64_t *kept_bytes,
                               ferry_dim3 grid, ferry_dim3 block, size_t shared_bytes) {
  __atomic_store_n(&kept_grid[0], grid.x, __ATOMIC_RELAXED);
  __atomic_store_n(&kept_grid[1], grid.y, __ATOMIC_RELAXED);
  __atomic_store_n(&kept_grid[2], grid.z, __ATOMIC_RELAXED);
  __atomic_store_n(&kept_block[0], block.x, __ATOMIC_RELAXED);
  __atomic_store_n(&kept_block[1], block.y, __ATOMIC_RELAXED);
  __atomic_store_n(&kept_block[2], block.z, __ATOMIC_RELAXED);
  __atomic_store_n(kept_bytes, (uint64_t)shared_bytes, __ATOMIC_RELAXED);
}

#include "dispatch_context.c"
#include "dispatch_measure.c"
#include "dispatch_trial.c"
#include "dispatch_report.c"
#include "dispatch_prepare.c"

/* The devices the process sees (they never change): with one, a launch
 * need not ask which is current. 0 until known. */
static int device_count;

/* Whether a launch with nothing recorded for its configuration may run
 * the variant, with what dynamic shared memory (*variant_bytes), which
 * entries only a trial runs may run it too (*trial_only: bit i for entry
 * FIRST_TRIAL_ONLY + i), and whether that answer holds for the next
 * launch of the same configuration (*lasting). */
static int decide(struct ferry_dispatch_kernel *kernel, struct device_facts *facts, int device,
                  ferry_dim3 grid, ferry_dim3 block, size_t shared_bytes,
                  uint64_t *variant_bytes, unsigned *trial_only, int *lasting) {
  *lasting = 0;
  *trial_only = 0;
  int state = __atomic_load_n(&facts->state, __ATOMIC_ACQUIRE);
  if (state == UNKNOWN) {
    /* One thread prepares; the others run the original meanwhile. */
    int expected = UNKNOWN;
    if (cudaPeekAtLastError() != CUDA_SUCCESS ||
        !__atomic_compare_exchange_n(&facts->state, &expected, PREPARING, 0, __ATOMIC_ACQUIRE,
                                     __ATOMIC_RELAXED))
      return 0;
    int mode = relax_capture_mode();
    state = prepare(kernel, device, facts);
    restore_capture_mode(mode);
    __atomic_store_n(&facts->state, state, __ATOMIC_RELEASE);
  }
  if (state == PREPARING)
    return 0;
  *lasting = 1; /* what follows depends on the configuration alone */
  if (state != VARIANT)
    return 0;
  uint64_t threads = (uint64_t)block.x * block.y * block.z;
  if (threads == 0 || threads > (uint64_t)facts->variant_threads)
    return 0;
  if (shared_bytes > facts->variant_dynamic_limit)
    return 0;
  /* Occupancy: the blocks a multiprocessor gets of this grid, as far as
   * its threads, its block slots and the original's shared memory let it
   * hold them, must still fit with the variant's shared memory. (Each
   * block's bytes are counted one more: never a division by zero.)
   * Without the thread and slot bounds, a grid of many small blocks (a
   * tiled SGEMM: 256 threads, 2 KiB a block, so 8 blocks a multiprocessor
   * whatever the shared memory) kept the original for a ring that leaves
   * room for 45 blocks: 1.00x legacy where the variant runs 1.17x. */
  uint64_t blocks = (uint64_t)grid.x * grid.y * grid.z;
  uint64_t wanted = (blocks + facts->multiprocessors - 1) / facts->multiprocessors;
  uint64_t thread_fit = facts->sm_threads / threads;
  if (thread_fit < wanted)
    wanted = thread_fit;
  if (facts->sm_blocks < wanted)
    wanted = facts->sm_blocks;
  uint64_t original_fit =
      facts->sm_shared / (facts->original_static + shared_bytes + facts->block_reserve + 1);
  uint64_t needed = wanted < original_fit ? wanted : original_fit;
  uint64_t bytes = shared_bytes;
  if (facts->ring) {
    /* The most stages of the launch's tile that keep the blocks, up to
     * FERRY_LAUNCH_MAX_STAGES for a block alone on its multiprocessor,
     * else FERRY_MAX_STAGES (loop_limits.h says why). (Below the limit,
     * a tile's 64 stages stay far from wrapping.) */
    uint64_t tile = ((shared_bytes ? (uint64_t)shared_bytes : facts->original_static) + 15) &
                    ~(uint64_t)15;
    uint64_t stages = needed == 1 ? FERRY_LAUNCH_MAX_STAGES : FERRY_MAX_STAGES;
    for (; stages >= 2; stages /= 2) {
      bytes = stages * tile;
      if (bytes <= facts->variant_dynamic_limit &&
          facts->sm_shared / (facts->variant_static + bytes + facts->block_reserve + 1) >= needed)
        break;
    }
    if (stages < 2 || tile == 0)
      return 0;
  }
  uint64_t variant_fit =
      facts->sm_shared / (facts->variant_static + bytes + facts->block_reserve + 1);
  if (variant_fit < needed)
    return 0;
  if (shared_bytes + facts->original_static > facts->default_limit) {
    /* The original launches only as far as the program raised its limit:
     * asked at each such launch, since the program may raise it at any time. */
    *lasting = 0;
    struct function_attributes original = {0};
    if (cudaPeekAtLastError() != CUDA_SUCCESS)
      return 0;
    if (cudaFuncGetAttributes(&original, kernel->original) != CUDA_SUCCESS) {
      cudaGetLastError();
      return 0;
    }
    if (original.max_dynamic_shared_size_bytes < 0 ||
        shared_bytes > (uint64_t)original.max_dynamic_shared_size_bytes)
      return 0;
  }
  *variant_bytes = bytes;
  /* The entries only a trial runs, each with its bytes (the variant's or
   * the launch's), under the same rules. */
  for (int i = 0; i < TRIAL_ONLY_ENTRIES; i++) {
    const struct trial_only_facts *entry = &facts->trial_only[i];
    uint64_t entry_bytes = takes_variant_bytes[FIRST_TRIAL_ONLY + i] ? bytes : shared_bytes;
    if (entry->handle && threads <= (uint64_t)entry->threads &&
        entry_bytes <= entry->dynamic_limit &&
        facts->sm_shared / (entry->static_bytes + entry_bytes + facts->block_reserve + 1) >=
            needed)
      *trial_only |= 1u << i;
  }
  return 1;
}

/* The choice recorded for this configuration: an entry (with its bytes
 * in *variant_bytes where it is not the original), or -1 if none. */
static int recalled(struct decision *last, ferry_dim3 grid, ferry_dim3 block, size_t shared_bytes,
                    uint64_t *variant_bytes) {
  unsigned before = __atomic_load_n(&last->sequence, __ATOMIC_ACQUIRE);
  if (before & 1)
    return -1;
  int same = same_configuration(last->grid, last->block, &last->shared_bytes, grid, block,
                                shared_bytes);
  int variant = __atomic_load_n(&last->variant, __ATOMIC_RELAXED);
  uint64_t bytes = __atomic_load_n(&last->variant_bytes, __ATOMIC_RELAXED);
  __atomic_thread_fence(__ATOMIC_ACQUIRE);
  /* 0 before anything is recorded: the entry is empty, not a configuration. */
  if (!before || __atomic_load_n(&last->sequence, __ATOMIC_RELAXED) != before || !same)
    return -1;
  *variant_bytes = bytes;
  return variant;
}

/* Records a choice; skipped when another launch is recording. */
static void record(struct decision *last, ferry_dim3 grid, ferry_dim3 block, size_t shared_bytes,
                   int variant, uint64_t variant_bytes) {
  unsigned before = __atomic_load_n(&last->sequence, __ATOMIC_RELAXED);
  if ((before & 1) || !__atomic_compare_exchange_n(&last->sequence, &before, before + 1, 0,
                                                   __ATOMIC_RELAXED, __ATOMIC_RELAXED))
    return;
  __atomic_thread_fence(__ATOMIC_RELEASE);
  keep_configuration(last->grid, last->block, &last->shared_bytes, grid, block, shared_bytes);
  __atomic_store_n(&last->variant, variant, __ATOMIC_RELAXED);
  __atomic_store_n(&last->variant_bytes, variant_bytes, __ATOMIC_RELAXED);
  /* Never 0 again once written (a wrap lands on 2): 0 marks "empty". */
  __atomic_store_n(&last->sequence, before + 2 ? before + 2 : 2, __ATOMIC_RELEASE);
}

/* The variant this launch may run, its dynamic shared memory in
 * *variant_bytes and the device's facts in *chosen; NULL: the original.
 * *trial: set where this launch takes its shape's next step of
 * measurement (it then owns the shape's trial). */
static const void *choose_variant(struct ferry_dispatch_kernel *kernel, ferry_dim3 grid,
                                  ferry_dim3 block, size_t shared_bytes, size_t *variant_bytes,
                                  struct device_facts **chosen, struct shape **trial) {
  int mode = dispatch_mode();
  if (mode == MODE_ORIGINAL)
    return NULL;
  int device = -1;
  int count = __atomic_load_n(&device_count, __ATOMIC_RELAXED);
  if (!count) {
    if (cudaPeekAtLastError() != CUDA_SUCCESS)
      return NULL;
    if (cudaGetDeviceCount(&count) != CUDA_SUCCESS || count <= 0) {
      cudaGetLastError();
      return NULL;
    }
    __atomic_store_n(&device_count, count, __ATOMIC_RELAXED);
  }
  if (count == 1)
    device = 0;
  else if (cudaGetDevice(&device) != CUDA_SUCCESS) {
    /* It fails only where a launch would: no device; the launch reports it. */
    return NULL;
  }
  if (device < 0 || device >= DEVICES)
    return NULL;
  struct device_facts *facts = &kernel->devices[device];
  uint64_t bytes = shared_bytes;
  int variant = recalled(&facts->last, grid, block, shared_bytes, &bytes);
  if (variant < 0) {
    int lasting;
    unsigned trial_only;
    variant =
        decide(kernel, facts, device, grid, block, shared_bytes, &bytes, &trial_only, &lasting);
    /* The checks allow the variant: which entry is faster, if known; the
     * rules' choice where not (a trial variant's: the original). */
    if (variant && mode == MODE_MEASURE) {
      int entry = measured(kernel, device, facts, grid, block, shared_bytes, trial_only, trial);
      if (entry == MEASURED_PENDING) {
        /* the rules' choice, unless this launch takes the trial's step */
        lasting = 0;
        variant = *trial || !facts->trial;
      } else if (entry == MEASURED_STATIC) {
        variant = !facts->trial;
      } else {
        variant = entry; /* measured fastest */
        if (entry >= FIRST_TRIAL_ONLY && !takes_variant_bytes[entry])
          bytes = shared_bytes;
      }
    } else if (variant && mode == MODE_MODEL) {
      variant = !facts->trial;
    }
    if (lasting)
      record(&facts->last, grid, block, shared_bytes, variant, bytes);
  }
  if (!variant)
    return NULL;
  *variant_bytes = (size_t)bytes;
  *chosen = facts;
  /* Written by prepare() before its state's release store, which
   * decide() read with acquire; a recorded choice follows that. */
  return variant == ENTRY_VARIANT ? facts->variant
                                  : facts->trial_only[variant - FIRST_TRIAL_ONLY].handle;
}

static ferry_dim3 dim3_of(uint64_t xy, uint32_t z) {
  ferry_dim3 d = {(unsigned)xy, (unsigned)(xy >> 32), z};
  return d;
}

/* The launch calls: the arguments of cudaLaunchKernel with the kernel's
 * record for its handle, each dim3 as clang passes it on x86-64 (x and y
 * in one 64-bit word, then z); `launch` is the runtime call the stub made.
 * Inlined into both entry points: a direct call of their runtime call;
 * `ptsz`: the per-thread-stream entry, whose events and capture queries
 * take the stream as its launches do. */
static inline __attribute__((always_inline)) int
dispatch(int ptsz, launch_call *launch, struct ferry_dispatch_kernel *kernel, uint64_t grid_xy,
         uint32_t grid_z, uint64_t block_xy, uint32_t block_z, void **arguments,
         size_t shared_bytes, void *stream) {
  ferry_dim3 grid = dim3_of(grid_xy, grid_z), block = dim3_of(block_xy, block_z);
  size_t bytes = shared_bytes;
  struct device_facts *facts = NULL;
  struct shape *trial = NULL;
  const void *variant = choose_variant(kernel, grid, block, shared_bytes, &bytes, &facts, &trial);
  /* The trial's launch and the variant's failed launch, out of line, take
   * the launch's whole request; the others, their runtime call alone. */
#define REQUEST                                                                                    \
  {launch, kernel->original, variant, facts, grid, block, arguments, shared_bytes, bytes, stream}
  if (__builtin_expect(trial != NULL, 0)) {
    struct launch_request request = REQUEST;
    return trial_launch(ptsz, trial, &request);
  }
  if (variant) {
    int status = launch(variant, grid, block, arguments, bytes, stream);
    if (__builtin_expect(status == CUDA_SUCCESS, 1))
      return status;
    struct launch_request request = REQUEST;
    return launch_after_failure(&request, variant, bytes, status);
  }
#undef REQUEST
  return launch(kernel->original, grid, block, arguments, shared_bytes, stream);
}

__attribute__((noinline)) int ferry_dispatch_launch(struct ferry_dispatch_kernel *kernel,
                                                    uint64_t grid_xy, uint32_t grid_z,
                                                    uint64_t block_xy, uint32_t block_z,
                                                    void **arguments, size_t shared_bytes,
                                                    void *stream) {
  return dispatch(0, cudaLaunchKernel, kernel, grid_xy, grid_z, block_xy, block_z, arguments,
                  shared_bytes, stream);
}

__attribute__((noinline)) int ferry_dispatch_launch_ptsz(struct ferry_dispatch_kernel *kernel,
                                                         uint64_t grid_xy, uint32_t grid_z,
                                                         uint64_t block_xy, uint32_t block_z,
                                                         void **arguments, size_t shared_bytes,
                                                         void *stream) {
  return dispatch(1, cudaLaunchKernel_ptsz, kernel, grid_xy, grid_z, block_xy, block_z, arguments,
                  shared_bytes, stream);
}
