// Every form of ferry's memcpy_async, against a byte-for-byte reference.
//
// One launch per form; each block copies one case (source offset 0..15,
// destination offset 0..15, a size around every boundary the lowering has:
// 0, 1, 3, 4, 15, 16, 17, ... 4097) from a global buffer into a shared tile
// that was filled with a sentinel, waits as the form's protocol says, and
// writes the whole tile out. The host checks the copied range and that not
// one byte outside it changed.
//
// Built with -DFERRY_TEST_BULK (the sm_90a build), it also tests the TMA-only
// _bulk form.
//
// Usage: memcpy_async_test [--quick] [--forms a,b,...]
//   --quick  fewer cases (for compute-sanitizer)
//   --forms  only these forms (names as printed)
// Prints one PASS/FAIL line per form, exits non-zero on a failure.
#include <ferry_memcpy_async.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <cuda_runtime.h>

#define CHECK(call)                                                                                \
  do {                                                                                             \
    cudaError_t e_ = (call);                                                                       \
    if (e_ != cudaSuccess) {                                                                       \
      std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call, cudaGetErrorString(e_));  \
      std::exit(2);                                                                                \
    }                                                                                              \
  } while (0)

constexpr unsigned kTile = 4160;        // the largest size plus offset 15, rounded up
constexpr unsigned kThreads = 128;      // four warps; user groups are 64 threads
constexpr unsigned char kSentinel = 0xEE;

struct Case {
  unsigned source_offset, destination_offset, size;
};

enum Form {
  THREAD_BARRIER,        // (1) one thread copies the whole range
  THREAD_SLICES,         // (1) every thread copies its own slice
  BLOCK_BARRIER,         // (2) the whole block
  WARP_BARRIER,          // (2) each warp copies its quarter
  USER_GROUP_BARRIER,    // (2) two 64-thread groups, each its half
  THREAD_PIPELINE,       // (3) block pipeline, each thread its slice
  BLOCK_PIPELINE,        // (4) block pipeline, the whole block
  THREAD_SCOPE_PIPELINE, // (3) cuda::pipeline<thread_scope_thread>, each thread its slice
  ANNOTATED_BLOCK,       // (8) annotated source and destination, block, barrier
  ANNOTATED_THREAD,      // (5) annotated source, one thread, pipeline
  ALIGNED_BLOCK,         // aligned_size_t<16>: cases with 16-byte offsets and sizes only
  GLOBAL_DESTINATION,    // fallback: the destination is global memory
  BULK_BLOCK,            // _bulk (sm_90 only): 16-byte cases only
  FORM_COUNT
};

static const char *const form_names[FORM_COUNT] = {
    "thread_barrier", "thread_slices", "block_barrier", "warp_barrier", "user_group_barrier",
    "thread_pipeline", "block_pipeline", "thread_scope_pipeline", "annotated_block", "annotated_thread",
    "aligned_block", "global_destination", "bulk_block"};

// The part [begin, end) of n bytes that piece `i` of `pieces` copies.
__device__ void slice(unsigned n, unsigned i, unsigned pieces, unsigned *begin, unsigned *end) {
  *begin = (unsigned)((unsigned long long)n * i / pieces);
  *end = (unsigned)((unsigned long long)n * (i + 1) / pieces);
}

template <int F>
__global__ void copy_kernel(const Case *cases, const unsigned char *in, unsigned char *out,
                            unsigned char *global_tiles) {
  __shared__ alignas(128) unsigned char tile[kTile];
  __shared__ ferry_barrier_t bar;
  __shared__ FERRY_PIPELINE_SHARED_STATE(2) state;
  const Case c = cases[blockIdx.x];
  const unsigned t = threadIdx.x;
  unsigned char *destination = tile + c.destination_offset;
  const unsigned char *source = in + c.source_offset;
  for (unsigned i = t; i < kTile; i += blockDim.x)
    tile[i] = kSentinel;
  if (t == 0)
    ferry_barrier_init(&bar, blockDim.x);
  __syncthreads();
  unsigned begin, end;

  if (F == THREAD_BARRIER || F == THREAD_SLICES || F == BLOCK_BARRIER || F == WARP_BARRIER ||
      F == USER_GROUP_BARRIER || F == ANNOTATED_BLOCK || F == ALIGNED_BLOCK || F == BULK_BLOCK) {
    if (F == THREAD_BARRIER && t == 0)
      ferry_memcpy_async(destination, source, c.size, &bar);
    if (F == THREAD_SLICES) {
      slice(c.size, t, blockDim.x, &begin, &end);
      ferry_memcpy_async(destination + begin, source + begin, end - begin, &bar);
    }
    if (F == BLOCK_BARRIER)
      ferry_memcpy_async_group(FERRY_GROUP_BLOCK, destination, source, c.size, &bar);
    if (F == WARP_BARRIER) {
      slice(c.size, t / 32, blockDim.x / 32, &begin, &end);
      ferry_memcpy_async_group(FERRY_GROUP_WARP, destination + begin, source + begin, end - begin, &bar);
    }
    if (F == USER_GROUP_BARRIER) {
      slice(c.size, t / 64, blockDim.x / 64, &begin, &end);
      ferry_memcpy_async_group(FERRY_GROUP(t % 64, 64), destination + begin, source + begin, end - begin,
                               &bar);
    }
    if (F == ANNOTATED_BLOCK)
      ferry_memcpy_async_group_annotated(FERRY_GROUP_BLOCK, destination, ferry_access_property_global(),
                                         source, ferry_access_property_streaming(), c.size, &bar);
    if (F == ALIGNED_BLOCK)
      ferry_memcpy_async_group_aligned(FERRY_GROUP_BLOCK, destination, source, c.size, 16, &bar);
#ifdef FERRY_TEST_BULK
    if (F == BULK_BLOCK)
      ferry_memcpy_async_group_bulk(FERRY_GROUP_BLOCK, destination, source, c.size, &bar);
#endif
    ferry_barrier_arrive_and_wait(&bar);
  }

  if (F == THREAD_PIPELINE || F == BLOCK_PIPELINE || F == ANNOTATED_THREAD) {
    ferry_pipeline_t pipe = FERRY_PIPELINE_MAKE_BLOCK(&state);
    ferry_pipeline_producer_acquire(&pipe);
    if (F == THREAD_PIPELINE) {
      slice(c.size, t, blockDim.x, &begin, &end);
      ferry_memcpy_async_pipeline(destination + begin, source + begin, end - begin, &pipe);
    }
    if (F == BLOCK_PIPELINE)
      ferry_memcpy_async_group_pipeline(FERRY_GROUP_BLOCK, destination, source, c.size, &pipe);
    if (F == ANNOTATED_THREAD && t == 0)
      ferry_memcpy_async_pipeline_annotated(destination, ferry_access_property_global(), source,
                                            ferry_access_property_persisting(), c.size, &pipe);
    ferry_pipeline_producer_commit(&pipe);
    ferry_pipeline_consumer_wait(&pipe);
    ferry_pipeline_consumer_release(&pipe);
  }

  if (F == THREAD_SCOPE_PIPELINE) {
    ferry_thread_pipeline_t pipe = ferry_thread_pipeline_make();
    ferry_thread_pipeline_producer_acquire(&pipe);
    slice(c.size, t, blockDim.x, &begin, &end);
    ferry_memcpy_async_thread_pipeline(destination + begin, source + begin, end - begin, &pipe);
    ferry_thread_pipeline_producer_commit(&pipe);
    ferry_thread_pipeline_consumer_wait(&pipe);
    ferry_thread_pipeline_consumer_release(&pipe);
    __syncthreads(); // the other threads' slices
  }

  if (F == GLOBAL_DESTINATION) {
    unsigned char *global_tile = global_tiles + (size_t)blockIdx.x * kTile;
    for (unsigned i = t; i < kTile; i += blockDim.x)
      global_tile[i] = kSentinel;
    __syncthreads();
    ferry_memcpy_async_group(FERRY_GROUP_BLOCK, global_tile + c.destination_offset, source, c.size, &bar);
    ferry_barrier_arrive_and_wait(&bar);
    for (unsigned i = t; i < kTile; i += blockDim.x)
      out[(size_t)blockIdx.x * kTile + i] = global_tile[i];
    return;
  }

  for (unsigned i = t; i < kTile; i += blockDim.x)
    out[(size_t)blockIdx.x * kTile + i] = tile[i];
}

using Kernel = void (*)(const Case *, const unsigned char *, unsigned char *, unsigned char *);
template <int... F> struct KernelTable {
  static constexpr Kernel kernels[] = {copy_kernel<F>...};
};
static const Kernel *kernels =
    KernelTable<0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12>::kernels;

static std::vector<Case> make_cases(Form form, bool quick) {
  static const unsigned sizes[] = {0,   1,   3,   4,   7,   8,   15,  16,   17,   31,   32,   33,  48, 63,
                                   64,  65,  127, 128, 129, 255, 256, 257,  511,  512,  1023, 1024, 1025,
                                   2047, 2048, 4095, 4096, 4097};
  static const unsigned quick_sizes[] = {0, 1, 3, 16, 17, 64, 129, 1024, 4097};
  const bool sixteen_only = form == ALIGNED_BLOCK || form == BULK_BLOCK;
  std::vector<Case> cases;
  const unsigned *list = quick ? quick_sizes : sizes;
  const size_t count = quick ? sizeof quick_sizes / sizeof *quick_sizes : sizeof sizes / sizeof *sizes;
  for (unsigned s = 0; s < 16; s++)
    for (unsigned d = 0; d < 16; d++) {
      if (quick && (s % 5 != 0 && s != 15) ) continue; // 0, 5, 10, 15
      if (quick && (d % 4 != 3 && d != 0)) continue;   // 0, 3, 7, 11, 15
      for (size_t i = 0; i < count; i++) {
        Case c = {s, d, list[i]};
        if (sixteen_only && (s % 16 || d % 16 || c.size % 16))
          continue;
        cases.push_back(c);
      }
    }
  if (sixteen_only) // 16-byte cases at every 16-byte size up to the tile
    for (unsigned size = 0; size <= 4096; size += quick ? 1024 : 16)
      cases.push_back({0, 0, size});
  return cases;
}

static bool run_form(Form form, bool quick, const unsigned char *device_in,
                     const std::vector<unsigned char> &host_in) {
  std::vector<Case> cases = make_cases(form, quick);
  Case *device_cases;
  unsigned char *device_out, *device_global;
  size_t bytes = cases.size() * kTile;
  CHECK(cudaMalloc(&device_cases, cases.size() * sizeof(Case)));
  CHECK(cudaMalloc(&device_out, bytes));
  CHECK(cudaMalloc(&device_global, bytes));
  CHECK(cudaMemcpy(device_cases, cases.data(), cases.size() * sizeof(Case), cudaMemcpyHostToDevice));
  CHECK(cudaMemset(device_out, 0, bytes));
  kernels[form]<<<(unsigned)cases.size(), kThreads>>>(device_cases, device_in, device_out, device_global);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  std::vector<unsigned char> out(bytes);
  CHECK(cudaMemcpy(out.data(), device_out, bytes, cudaMemcpyDeviceToHost));
  unsigned bad_cases = 0;
  for (size_t k = 0; k < cases.size(); k++) {
    const Case &c = cases[k];
    for (unsigned i = 0; i < kTile; i++) {
      bool inside = i >= c.destination_offset && i < c.destination_offset + c.size;
      unsigned char want = inside ? host_in[c.source_offset + i - c.destination_offset] : kSentinel;
      if (out[k * kTile + i] != want) {
        if (bad_cases++ < 3)
          std::printf("  %s: source offset %u, destination offset %u, size %u: byte %u is 0x%02x, want 0x%02x\n",
                      form_names[form], c.source_offset, c.destination_offset, c.size, i,
                      out[k * kTile + i], want);
        break;
      }
    }
  }
  CHECK(cudaFree(device_cases));
  CHECK(cudaFree(device_out));
  CHECK(cudaFree(device_global));
  std::printf("%s %s: %zu cases, %u wrong\n", bad_cases ? "FAIL" : "PASS", form_names[form], cases.size(),
              bad_cases);
  return bad_cases == 0;
}

int main(int argc, char **argv) {
  bool quick = false;
  std::string forms;
  for (int i = 1; i < argc; i++) {
    if (!std::strcmp(argv[i], "--quick"))
      quick = true;
    else if (!std::strcmp(argv[i], "--forms") && i + 1 < argc)
      forms = std::string(",") + argv[++i] + ",";
    else {
      std::fprintf(stderr, "usage: %s [--quick] [--forms a,b,...]\n", argv[0]);
      return 2;
    }
  }
  std::vector<unsigned char> host_in(kTile + 64);
  uint64_t state = 0x1234567ull;
  for (auto &byte : host_in) {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    byte = (unsigned char)(state >> 56);
    if (byte == kSentinel)
      byte = 0x11;
  }
  unsigned char *device_in;
  CHECK(cudaMalloc(&device_in, host_in.size()));
  CHECK(cudaMemcpy(device_in, host_in.data(), host_in.size(), cudaMemcpyHostToDevice));
  cudaDeviceProp properties;
  CHECK(cudaGetDeviceProperties(&properties, 0));
  int failed = 0;
  for (int f = 0; f < FORM_COUNT; f++) {
    if (!forms.empty() && forms.find("," + std::string(form_names[f]) + ",") == std::string::npos)
      continue;
#ifdef FERRY_TEST_BULK
    if (f == BULK_BLOCK && properties.major < 9)
      continue;
#else
    if (f == BULK_BLOCK) // the TMA-only form exists in the sm_90a build alone
      continue;
#endif
    failed += !run_form((Form)f, quick, device_in, host_in);
  }
  CHECK(cudaFree(device_in));
  return failed ? 1 : 0;
}
