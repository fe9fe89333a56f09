// The launch dispatch, end to end: every launch gives the same bytes as the
// plain build, none fails where the plain build's succeeds (nor succeeds
// where it fails), and the entry that ran is the one expected. Run as
//   dispatch_launches OUTFILE plain|ferry   [bench]
// where the second argument says which entries the launches may run:
// plain: always the kernel as written; ferry: the variant where the
// dispatch's rules let it (FERRY_DISPATCH=model or variant); any: no
// expectation (the measured dispatch, which may keep either).
#include "../harness.cuh"

#include <algorithm>
#include <chrono>
#include <string>

const void *launch_record_last();
unsigned long long launch_record_count();
cudaError_t launch_from_other_unit(const void *kernel, dim3 grid, dim3 block, void **arguments,
                                   size_t shared);

static std::string mode;
static int failures;

// Which entry ran the last launch of `kernel`.
static void expect_entry(const char *what, const void *kernel, bool variant_expected) {
  bool variant = launch_record_last() != kernel;
  bool want = variant_expected && mode == "ferry";
  std::printf("dispatch: %s ran the %s\n", what, variant ? "variant" : "original");
  if (mode != "any" && variant != want) {
    std::printf("FAIL %s: expected the %s\n", what, want ? "variant" : "original");
    failures++;
  }
}

// The seeds' loop with an extern __shared__ tile sized for one block.
__global__ void seed_extern(int *__restrict__ out, const int *__restrict__ in, int batches) {
  extern __shared__ int shared[];
  unsigned i = threadIdx.x;
  size_t grid_size = (size_t)gridDim.x * blockDim.x;
  for (int batch = 0; batch < batches; batch++) {
    size_t block_batch = blockIdx.x * blockDim.x + grid_size * batch;
    shared[i] = in[block_batch + i];
    __syncthreads();
    out[block_batch + i] = shared[i] * 3 + shared[(i + 1) % blockDim.x];
    __syncthreads();
  }
}

// A static tile that ferry rings (its shared memory grows) beside dynamic
// shared memory the launch sizes: launched at the 48 KiB limit and beyond.
__global__ void __launch_bounds__(256) static_ring(float *__restrict__ out,
                                                   const float *__restrict__ in, int batches,
                                                   unsigned scratch_words) {
  __shared__ float tile[256];
  extern __shared__ float scratch[];
  unsigned i = threadIdx.x;
  // The dynamic memory is used too: its last word, written and read back.
  if (i == 0 && scratch_words)
    scratch[scratch_words - 1] = 1.0f;
  __syncthreads();
  float bias = scratch_words ? scratch[scratch_words - 1] : 1.0f;
  size_t grid_size = (size_t)gridDim.x * blockDim.x;
  for (int batch = 0; batch < batches; batch++) {
    size_t block_batch = blockIdx.x * blockDim.x + grid_size * batch;
    tile[i] = in[block_batch + i];
    __syncthreads();
    out[block_batch + i] = tile[i] * 2.0f + tile[(i + 1) % blockDim.x] + bias;
    __syncthreads();
  }
}

// Nothing to convert: no variant; its registered variant is missing from
// the image, which must be harmless.
__global__ void plain_kernel(int *out) { out[blockIdx.x * blockDim.x + threadIdx.x] = threadIdx.x; }

// Tiny, for the launch cost.
__global__ void tiny(int *__restrict__ out, const int *__restrict__ in) {
  __shared__ int s[32], r[32];
  s[threadIdx.x] = in[threadIdx.x];
  r[threadIdx.x] = in[31 - threadIdx.x]; // two copies: a lone one stays plain (cost_model.c)
  __syncthreads();
  out[threadIdx.x] = s[31 - threadIdx.x] + r[threadIdx.x ^ 1];
}

template <typename T>
static void fill(std::vector<T> &v, harness::Rng &rng) {
  for (T &x : v)
    x = (T)(rng.nonzero_int(1000));
}

// Launches seed_extern (through the dispatch, or through `entry` directly
// when given: the variant a dispatched launch ran, whose ring takes as many
// stages as the launch's bytes hold, down to one) with `bytes` of dynamic
// shared memory (0: one block's), and checks the result.
static void run_seed(harness::Rng &rng, harness::Output &out, int threads, int batches,
                     bool through_other_unit, size_t bytes = 0, const void *entry = nullptr,
                     bool variant_expected = true) {
  const int blocks = 132;
  size_t n = (size_t)blocks * threads * batches;
  std::vector<int> in(n);
  fill(in, rng);
  int *d_in = harness::device_copy(in);
  int *d_out = harness::device_poisoned<int>(n);
  if (!bytes)
    bytes = threads * sizeof(int);
  if (through_other_unit) {
    void *arguments[] = {&d_out, &d_in, &batches};
    CHECK(launch_from_other_unit((const void *)seed_extern, blocks, threads, arguments, bytes));
  } else if (entry) {
    void *arguments[] = {&d_out, &d_in, &batches};
    CHECK(cudaLaunchKernel(entry, dim3(blocks), dim3(threads), arguments, bytes, 0));
  } else {
    seed_extern<<<blocks, threads, bytes>>>(d_out, d_in, batches);
  }
  CHECK_LAUNCH();
  char what[160];
  std::snprintf(what, sizeof what, "seed_extern threads=%d batches=%d bytes=%zu%s", threads, batches,
                bytes,
                through_other_unit ? " (pointer from another unit)"
                : entry            ? " (the variant launched directly)"
                                   : "");
  if (!entry)
    expect_entry(what, (const void *)seed_extern, !through_other_unit && variant_expected);
  std::vector<int> got = harness::host_copy(d_out, n), want(n);
  for (size_t b = 0; b < (size_t)batches; b++)
    for (size_t k = 0; k < blocks; k++)
      for (size_t t = 0; t < (size_t)threads; t++) {
        size_t base = (b * blocks + k) * threads;
        want[base + t] = in[base + t] * 3 + in[base + (t + 1) % threads];
      }
  failures += harness::count_mismatches(what, got, want) ? 1 : 0;
  out.append(got);
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_out));
}

// Launches static_ring with `dynamic` bytes; `expect_error` when the
// original itself cannot launch so (the ferry build must fail the same way).
static void run_static_ring(harness::Rng &rng, harness::Output &out, size_t dynamic,
                            bool variant_expected, bool expect_error, const char *label,
                            int blocks = 132) {
  const int threads = 256, batches = 24;
  size_t n = (size_t)blocks * threads * batches;
  std::vector<float> in(n);
  for (float &x : in)
    x = rng.nonzero_float();
  float *d_in = harness::device_copy(in);
  float *d_out = harness::device_poisoned<float>(n);
  unsigned words = (unsigned)(dynamic / sizeof(float));
  static_ring<<<blocks, threads, dynamic>>>(d_out, d_in, batches, words);
  cudaError_t status = cudaGetLastError();
  char what[160];
  std::snprintf(what, sizeof what, "static_ring %s (%zu dynamic bytes)", label, dynamic);
  std::printf("dispatch: %s: launch %s\n", what, cudaGetErrorString(status));
  int failed_launch = status != cudaSuccess;
  out.append(std::vector<int>{failed_launch});
  if (failed_launch != (int)expect_error) {
    std::printf("FAIL %s: the launch %s\n", what, failed_launch ? "failed" : "succeeded");
    failures++;
  }
  if (!failed_launch) {
    CHECK(cudaDeviceSynchronize());
    expect_entry(what, (const void *)static_ring, variant_expected);
    std::vector<float> got = harness::host_copy(d_out, n), want(n);
    for (size_t b = 0; b < (size_t)batches; b++)
      for (size_t k = 0; k < blocks; k++)
        for (size_t t = 0; t < (size_t)threads; t++) {
          size_t base = (b * blocks + k) * threads;
          want[base + t] = in[base + t] * 2.0f + in[base + (t + 1) % threads] + 1.0f;
        }
    failures += harness::count_mismatches(what, got, want) ? 1 : 0;
    out.append(got);
  }
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_out));
}

// The seeds' loop over 256 MiB in and out, extern tile of one block's
// bytes, 256 threads a block, at 1/2/4/8 blocks a multiprocessor.
static void bench_seed() {
  int device, multiprocessors;
  CHECK(cudaGetDevice(&device));
  CHECK(cudaDeviceGetAttribute(&multiprocessors, cudaDevAttrMultiProcessorCount, device));
  const size_t n = 64u << 20;
  int *d_in, *d_out;
  CHECK(cudaMalloc(&d_in, n * sizeof(int)));
  CHECK(cudaMalloc(&d_out, n * sizeof(int)));
  CHECK(cudaMemset(d_in, 1, n * sizeof(int)));
  cudaEvent_t start, stop;
  CHECK(cudaEventCreate(&start));
  CHECK(cudaEventCreate(&stop));
  for (int per_sm : {1, 2, 4, 8}) {
    int blocks = per_sm * multiprocessors, threads = 256;
    int batches = (int)(n / ((size_t)blocks * threads));
    std::vector<float> ms;
    for (int rep = 0; rep < 7; rep++) {
      CHECK(cudaEventRecord(start));
      seed_extern<<<blocks, threads, threads * sizeof(int)>>>(d_out, d_in, batches);
      CHECK(cudaEventRecord(stop));
      CHECK(cudaEventSynchronize(stop));
      float t;
      CHECK(cudaEventElapsedTime(&t, start, stop));
      ms.push_back(t);
    }
    CHECK_LAUNCH();
    std::sort(ms.begin(), ms.end());
    std::printf("bench: %s: seed_extern %d block(s) a multiprocessor: median %.3f ms (%s)\n",
                mode.c_str(), per_sm, ms[3],
                launch_record_last() == (const void *)seed_extern ? "original" : "variant");
  }
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_out));
}

// What the dispatch asks the runtime at each launch.
static void bench_runtime_calls() {
  const int count = 100000;
  int device;
  auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < count; i++)
    (void)cudaPeekAtLastError();
  auto middle = std::chrono::steady_clock::now();
  for (int i = 0; i < count; i++)
    (void)cudaGetDevice(&device);
  auto end = std::chrono::steady_clock::now();
  std::printf("bench: %s: cudaPeekAtLastError %.1f ns, cudaGetDevice %.1f ns a call\n",
              mode.c_str(), std::chrono::duration<double, std::nano>(middle - start).count() / count,
              std::chrono::duration<double, std::nano>(end - middle).count() / count);
}

// Each launch timed on the host; the queue is drained every `drain`
// launches (a full queue would time the GPU instead).
static void bench_launches(int drain) {
  int *d_in, *d_out;
  CHECK(cudaMalloc(&d_in, 32 * sizeof(int)));
  CHECK(cudaMalloc(&d_out, 32 * sizeof(int)));
  CHECK(cudaMemset(d_in, 0, 32 * sizeof(int)));
  tiny<<<1, 32>>>(d_out, d_in);
  CHECK_LAUNCH();
  const int count = 100000;
  std::vector<double> ns(count);
  for (int i = 0; i < count; i++) {
    auto start = std::chrono::steady_clock::now();
    tiny<<<1, 32>>>(d_out, d_in);
    ns[i] = std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - start).count();
    if (i % drain == drain - 1)
      CHECK(cudaDeviceSynchronize());
  }
  CHECK_LAUNCH();
  std::sort(ns.begin(), ns.end());
  std::printf("bench: %s: %d launches of a tiny kernel (drained every %d), median %.0f ns per "
              "launch (p10 %.0f, p90 %.0f), last ran the %s\n",
              mode.c_str(), count, drain, ns[count / 2], ns[count / 10], ns[count * 9 / 10],
              launch_record_last() == (const void *)tiny ? "original" : "variant");
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_out));
}

int main(int argc, char **argv) {
  if (argc < 3)
    return harness::usage(argv[0]);
  mode = argv[2];
  if (argc > 3 && std::string(argv[3]) == "bench") {
    bench_launches(512);
    bench_launches(16);
    bench_runtime_calls();
    bench_seed();
    return 0;
  }
  harness::Rng rng(0xD15A);
  harness::Output out;
  int device;
  CHECK(cudaGetDevice(&device));
  int optin = 0;
  CHECK(cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, device));

  // A kernel without a variant, first: its variant's registration is harmless.
  int *d_plain = harness::device_poisoned<int>(256);
  plain_kernel<<<2, 128>>>(d_plain);
  CHECK_LAUNCH();
  expect_entry("plain_kernel", (const void *)plain_kernel, false);
  out.append(harness::host_copy(d_plain, 256));
  CHECK(cudaFree(d_plain));

  for (int threads : {256, 128, 96})
    for (int batches : {1, 7, 40})
      run_seed(rng, out, threads, batches, false);
  run_seed(rng, out, 256, 7, true);
  // The variant that ran, launched directly with fewer bytes than the host
  // gives it: its ring takes 1 stage (the loop as written: slot 0 where the
  // kernel has its tile), 2, 4, 8 or 16, as the bytes hold slots of the
  // tile's extent for the block (1 KiB for 256 threads, 384 bytes for 96).
  run_seed(rng, out, 256, 40, false);
  const void *ring_entry = launch_record_last();
  for (int batches : {1, 7})
    for (size_t bytes : {1024, 2048, 3072, 4096 + 16, 8192, 16384, 40 * 1024})
      run_seed(rng, out, 256, batches, false, bytes, ring_entry);
  for (size_t bytes : {1024, 16384})
    run_seed(rng, out, 256, 40, false, bytes, ring_entry);
  for (size_t bytes : {384, 800, 1536, 6144})
    run_seed(rng, out, 96, 7, false, bytes, ring_entry);
  // Through the dispatch at exactly the 48 KiB limit (the variant asks for
  // stages of it, under its own opt-in), and with a tile so large that two
  // stages would exceed the device's limit: the original runs.
  run_seed(rng, out, 256, 7, false, 48 * 1024);
  CHECK(cudaFuncSetAttribute((const void *)seed_extern,
                             cudaFuncAttributeMaxDynamicSharedMemorySize, optin));
  run_seed(rng, out, 256, 7, false, (size_t)optin / 2 + 1024, nullptr, false);

  cudaFuncAttributes attributes;
  CHECK(cudaFuncGetAttributes(&attributes, (const void *)static_ring));
  size_t original_static = attributes.sharedSizeBytes;
  size_t default_dynamic = 48 * 1024 - original_static;
  run_static_ring(rng, out, 0, true, false, "no dynamic memory");
  run_static_ring(rng, out, default_dynamic, true, false, "at the 48 KiB limit");
  run_static_ring(rng, out, default_dynamic + 4, false, true, "past the limit, no opt-in");
  size_t above = 100 * 1024;
  CHECK(cudaFuncSetAttribute((const void *)static_ring, cudaFuncAttributeMaxDynamicSharedMemorySize,
                             (int)above));
  run_static_ring(rng, out, above, true, false, "100 KiB with the program's opt-in");
  run_static_ring(rng, out, above + 4, false, true, "past the program's opt-in");
  // Two blocks a multiprocessor hold 100 KiB each as written, one with the
  // variant's ring: the original runs.
  int multiprocessors = 0;
  CHECK(cudaDeviceGetAttribute(&multiprocessors, cudaDevAttrMultiProcessorCount, device));
  run_static_ring(rng, out, above, false, false, "100 KiB, two blocks a multiprocessor",
                  2 * multiprocessors);
  size_t most = (size_t)optin - original_static;
  CHECK(cudaFuncSetAttribute((const void *)static_ring, cudaFuncAttributeMaxDynamicSharedMemorySize,
                             (int)most));
  // The original's whole opt-in limit: the variant's ring no longer fits.
  run_static_ring(rng, out, most, false, false, "the device's opt-in limit");
  std::printf("dispatch: %llu launches recorded\n", launch_record_count());
  return harness::finish("dispatch_launches", out, argv[1], failures);
}
