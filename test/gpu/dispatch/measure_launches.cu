// The measured dispatch on the GPU (passes/dispatch/dispatch_measure.c):
// every launch gives the plain build's bytes, and each launch shape
// settles on the entry the mode says. Run as
//   measure_launches OUTFILE EXPECT [small] [serial] [bench]
// EXPECT: plain (always the kernel as written), measure (the default:
// each shape settles on its faster entry), rules (FERRY_DISPATCH=model:
// the variant wherever it can launch, but a trial variant, K__ferry_trial,
// never), variant (FERRY_DISPATCH=variant: a trial variant too), original
// (FERRY_DISPATCH=original), any (under a sanitizer, whose slowdown is not
// the GPU's own: no expectation on the entries). `small`: small problems
// (for the sanitizers). `serial`: the 4 host threads of
// threads_and_streams take turns (racecheck cannot follow 4 threads
// launching into the legacy default stream at once: it hangs, or reports
// failing to track a launch, for the plain build too). `bench`: the host's
// cost of a shape's first ten launches, for the trial's cost.
#include "../harness.cuh"

#include <algorithm>
#include <chrono>
#include <string>
#include <thread>

const void *launch_record_last();

static std::string expect;
static bool small, serial;
static int failures;

// The seeds' loop with an extern __shared__ tile of one block's bytes: at
// one block a multiprocessor its ring variant is several times faster.
__global__ void seed_copy(int *__restrict__ out, const int *__restrict__ in, int batches) {
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

// The same copy, then a chain of dependent look-ups in a 64 KiB table that
// the kernel as written keeps in L1 (it asks for the most L1, and needs
// little shared memory). Its launch gives 14 KiB of dynamic shared memory,
// of which the ring variant takes 16 stages, 224 KiB: the L1 left (at most
// 32 KiB) no longer holds the table, and the variant is slower.
constexpr unsigned kTableWords = 16384;
__global__ void table_walk(unsigned *__restrict__ out, const unsigned *__restrict__ in,
                           const unsigned *__restrict__ table, int batches, int lookups) {
  extern __shared__ unsigned words[];
  unsigned i = threadIdx.x;
  size_t grid_size = (size_t)gridDim.x * blockDim.x;
  for (int batch = 0; batch < batches; batch++) {
    size_t block_batch = blockIdx.x * blockDim.x + grid_size * batch;
    words[i] = in[block_batch + i];
    __syncthreads();
    unsigned acc = words[i];
    for (int k = 0; k < lookups; k++)
      acc = table[(acc + (unsigned)k) & (kTableWords - 1)] ^ (acc >> 1);
    out[block_batch + i] = acc;
    __syncthreads();
  }
}

static bool ran_variant(const void *kernel) { return launch_record_last() != kernel; }

// Whether EXPECT has the variant run wherever it can launch, the trial
// variant aside.
static bool rules_run_variants() { return expect == "rules" || expect == "variant"; }

// Two single-stage 4-byte copies a thread: its variant is K__ferry_trial
// (cost_model.h), which runs only where a trial timed it faster.
__global__ void pair_copy(int *__restrict__ out, const int *__restrict__ in) {
  __shared__ int s[256], r[256];
  unsigned t = threadIdx.x;
  size_t base = (size_t)blockIdx.x * 256;
  s[t] = in[base + t];
  r[t] = in[base + 255 - t];
  __syncthreads();
  out[base + t] = s[255 - t] * 3 + r[t ^ 1];
}

static void fill(std::vector<int> &v, harness::Rng &rng) {
  for (int &x : v)
    x = rng.nonzero_int(1000);
}

static std::vector<int> seed_reference(const std::vector<int> &in, size_t blocks, size_t threads,
                                       size_t batches) {
  std::vector<int> want(in.size());
  for (size_t b = 0; b < batches; b++)
    for (size_t k = 0; k < blocks; k++)
      for (size_t t = 0; t < threads; t++) {
        size_t base = (b * blocks + k) * threads;
        want[base + t] = in[base + t] * 3 + in[base + (t + 1) % threads];
      }
  return want;
}

static int multiprocessors() {
  int device, count;
  CHECK(cudaGetDevice(&device));
  CHECK(cudaDeviceGetAttribute(&count, cudaDevAttrMultiProcessorCount, device));
  return count;
}

// `launches` launches of one shape of seed_copy, each checked; then the
// entry the last ran against what EXPECT says of a kernel whose variant is
// faster.
static void settle_faster(harness::Rng &rng, harness::Output &out) {
  const int blocks = small ? 8 : multiprocessors(), threads = 256, batches = small ? 2 : 480;
  size_t n = (size_t)blocks * threads * batches;
  std::vector<int> in(n);
  fill(in, rng);
  std::vector<int> want = seed_reference(in, blocks, threads, batches);
  int *d_in = harness::device_copy(in);
  int *d_out = harness::device_poisoned<int>(n);
  for (int launch = 0; launch < 12; launch++) {
    CHECK(cudaMemset(d_out, harness::kPoisonByte, n * sizeof(int)));
    seed_copy<<<blocks, threads, threads * sizeof(int)>>>(d_out, d_in, batches);
    CHECK_LAUNCH();
    std::vector<int> got = harness::host_copy(d_out, n);
    failures += harness::count_mismatches("seed_copy", got, want) ? 1 : 0;
    if (launch == 11)
      out.append(got);
  }
  bool variant = ran_variant((const void *)seed_copy);
  bool want_variant = expect == "measure" || rules_run_variants();
  std::printf("measure: seed_copy at 1 block a multiprocessor settled on the %s\n",
              variant ? "variant" : "original");
  if (expect != "any" && variant != want_variant) {
    std::printf("FAIL seed_copy: expected the %s\n", want_variant ? "variant" : "original");
    failures++;
  }
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_out));
}

// table_walk, launched 12 times: under measure it settles on the original
// (its variant is slower).
static void settle_original(harness::Rng &rng, harness::Output &out) {
  const int blocks = small ? 8 : multiprocessors(), threads = 256;
  const int batches = small ? 2 : 64, work = small ? 8 : 512;
  size_t n = (size_t)blocks * threads * batches;
  std::vector<unsigned> in(n), lookup(kTableWords);
  for (unsigned &x : in)
    x = (unsigned)rng.next();
  for (unsigned &x : lookup)
    x = (unsigned)rng.next();
  unsigned *d_in = harness::device_copy(in);
  unsigned *d_table = harness::device_copy(lookup);
  unsigned *d_out = harness::device_poisoned<unsigned>(n);
  const void *kernel = (const void *)table_walk;
  // The most L1 for the kernel as written (the dispatch gives its variant
  // the same preference).
  CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributePreferredSharedMemoryCarveout, 0));
  std::vector<unsigned> first;
  for (int launch = 0; launch < 12; launch++) {
    CHECK(cudaMemset(d_out, harness::kPoisonByte, n * sizeof(unsigned)));
    table_walk<<<blocks, threads, 14 * 1024>>>(d_out, d_in, d_table, batches, work);
    CHECK_LAUNCH();
    std::vector<unsigned> got = harness::host_copy(d_out, n);
    if (launch == 0)
      first = got;
    else if (got != first) {
      std::printf("FAIL table_walk: launch %d differs from the first\n", launch);
      failures++;
    }
  }
  out.append(first);
  bool variant = ran_variant(kernel);
  bool want_variant = rules_run_variants();
  std::printf("measure: table_walk settled on the %s\n", variant ? "variant" : "original");
  if (expect != "any" && variant != want_variant) {
    std::printf("FAIL table_walk: expected the %s\n", want_variant ? "variant" : "original");
    failures++;
  }
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_table));
  CHECK(cudaFree(d_out));
}

// Launches captured into a graph, then the graph replayed: a shape seen
// before the capture (mid-trial), and a shape first launched in the
// capture. Outputs after each replay as the plain build's.
static void capture_and_replay(harness::Rng &rng, harness::Output &out) {
  const int threads = 128, batches = 3;
  cudaStream_t stream;
  CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  for (int blocks : {small ? 4 : 20, small ? 6 : 24}) {
    size_t n = (size_t)blocks * threads * batches;
    std::vector<int> in(n);
    fill(in, rng);
    std::vector<int> want = seed_reference(in, blocks, threads, batches);
    int *d_in = harness::device_copy(in);
    int *d_out[3];
    for (int *&p : d_out)
      p = harness::device_poisoned<int>(n);
    if (blocks == 20) {
      // Before the capture: the shape's first launches (the rules' choice,
      // then the original's warm-up).
      for (int i = 0; i < 2; i++)
        seed_copy<<<blocks, threads, threads * sizeof(int), stream>>>(d_out[0], d_in, batches);
      CHECK(cudaStreamSynchronize(stream));
      CHECK(cudaMemset(d_out[0], harness::kPoisonByte, n * sizeof(int)));
    }
    cudaGraph_t graph;
    CHECK(cudaStreamBeginCapture(stream, cudaStreamCaptureModeGlobal));
    for (int i = 0; i < 3; i++)
      seed_copy<<<blocks, threads, threads * sizeof(int), stream>>>(d_out[i], d_in, batches);
    CHECK(cudaGetLastError());
    CHECK(cudaStreamEndCapture(stream, &graph));
    cudaGraphExec_t exec;
    CHECK(cudaGraphInstantiate(&exec, graph, 0));
    for (int replay = 0; replay < 3; replay++) {
      CHECK(cudaGraphLaunch(exec, stream));
      CHECK(cudaStreamSynchronize(stream));
      for (int i = 0; i < 3; i++) {
        std::vector<int> got = harness::host_copy(d_out[i], n);
        char what[96];
        std::snprintf(what, sizeof what, "graph of %d blocks, replay %d, launch %d", blocks, replay, i);
        failures += harness::count_mismatches(what, got, want) ? 1 : 0;
        if (replay == 2)
          out.append(got);
        CHECK(cudaMemset(d_out[i], harness::kPoisonByte, n * sizeof(int)));
      }
    }
    std::printf("measure: a graph of 3 captured launches of %d blocks replayed 3 times\n", blocks);
    CHECK(cudaGraphExecDestroy(exec));
    CHECK(cudaGraphDestroy(graph));
    for (int *p : d_out)
      CHECK(cudaFree(p));
    CHECK(cudaFree(d_in));
  }
  CHECK(cudaStreamDestroy(stream));
}

// pair_copy (a trial variant): 12 launches of one shape, then 2 captured
// into a graph of a shape not launched before, the graph replayed; each
// output checked. The entries: FERRY_DISPATCH=model and a launch under
// capture run the kernel as written (no trial decides), =variant the
// variant; under measure the 12 settle on either.
static void trial_variant(harness::Rng &rng, harness::Output &out) {
  const int threads = 256;
  cudaStream_t stream;
  CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  for (int captured = 0; captured < 2; captured++) {
    int blocks = (small ? 8 : 4 * multiprocessors()) + captured;
    size_t n = (size_t)blocks * threads;
    std::vector<int> in(n), want(n);
    fill(in, rng);
    for (size_t b = 0; b < (size_t)blocks; b++)
      for (size_t t = 0; t < (size_t)threads; t++)
        want[b * threads + t] = in[b * threads + 255 - t] * 3 + in[b * threads + 255 - (t ^ 1)];
    int *d_in = harness::device_copy(in);
    int *d_out = harness::device_poisoned<int>(n);
    cudaGraph_t graph;
    cudaGraphExec_t exec;
    if (captured)
      CHECK(cudaStreamBeginCapture(stream, cudaStreamCaptureModeGlobal));
    // The stream is non-blocking: it is synchronized before each copy out.
    for (int launch = 0; launch < (captured ? 2 : 12); launch++) {
      pair_copy<<<blocks, threads, 0, stream>>>(d_out, d_in);
      CHECK(cudaGetLastError());
      if (!captured) {
        CHECK(cudaStreamSynchronize(stream));
        std::vector<int> got = harness::host_copy(d_out, n);
        failures += harness::count_mismatches("pair_copy", got, want) ? 1 : 0;
        CHECK(cudaMemset(d_out, harness::kPoisonByte, n * sizeof(int)));
        CHECK(cudaDeviceSynchronize());
      }
    }
    bool variant = ran_variant((const void *)pair_copy);
    if (captured) {
      CHECK(cudaStreamEndCapture(stream, &graph));
      CHECK(cudaGraphInstantiate(&exec, graph, 0));
      for (int replay = 0; replay < 2; replay++) {
        CHECK(cudaGraphLaunch(exec, stream));
        CHECK(cudaStreamSynchronize(stream));
        std::vector<int> got = harness::host_copy(d_out, n);
        failures += harness::count_mismatches("pair_copy graph", got, want) ? 1 : 0;
        if (replay == 1)
          out.append(got);
        CHECK(cudaMemset(d_out, harness::kPoisonByte, n * sizeof(int)));
        CHECK(cudaDeviceSynchronize());
      }
      CHECK(cudaGraphExecDestroy(exec));
      CHECK(cudaGraphDestroy(graph));
    }
    const char *what = captured ? "pair_copy (trial variant) captured in a graph"
                                : "pair_copy (trial variant), 12 launches,";
    std::printf("measure: %s ran the %s\n", what, variant ? "variant" : "original");
    bool known = expect != "any" && (expect != "measure" || captured);
    bool want_variant = expect == "variant";
    if (known && variant != want_variant) {
      std::printf("FAIL %s: expected the %s\n", what, want_variant ? "variant" : "original");
      failures++;
    }
    CHECK(cudaFree(d_in));
    CHECK(cudaFree(d_out));
  }
  CHECK(cudaStreamDestroy(stream));
}

// 4 host threads, each launching seed_copy in a shape of its own (and one
// they share) into 2 streams: its default stream (per thread in a
// per-thread-stream build) and one it creates, 24 launches each (8 when
// small), without waiting between launches. Every output checked.
static void threads_and_streams(harness::Rng &rng, harness::Output &out) {
  const int threads = 256, batches = small ? 2 : 40;
  std::vector<std::vector<int>> inputs(4), results(8);
  for (auto &in : inputs) {
    in.resize((size_t)(64 + 3) * threads * batches);
    fill(in, rng);
  }
  int thread_failures[4] = {0, 0, 0, 0};
  auto work = [&](int t) {
    // Its own shape, and the shared one (fewer blocks when small: the
    // sanitizers run every launch alone).
    int blocks_of[2] = {small ? 2 + t : 60 + t, small ? 6 : 64};
    size_t most = (size_t)67 * threads * batches;
    int *d_in = harness::device_copy(inputs[t]);
    cudaStream_t streams[2] = {0, nullptr};
    CHECK(cudaStreamCreateWithFlags(&streams[1], cudaStreamNonBlocking));
    int *d_out[2][2];
    for (auto &row : d_out)
      for (int *&p : row)
        p = harness::device_poisoned<int>(most);
    for (int launch = 0; launch < (small ? 8 : 24); launch++)
      for (int s = 0; s < 2; s++) {
        int shape = launch % 2, blocks = blocks_of[shape];
        seed_copy<<<blocks, threads, threads * sizeof(int), streams[s]>>>(d_out[s][shape], d_in,
                                                                          batches);
        if (cudaGetLastError() != cudaSuccess)
          thread_failures[t]++;
      }
    for (int s = 0; s < 2; s++) {
      CHECK(cudaStreamSynchronize(streams[s]));
      for (int shape = 0; shape < 2; shape++) {
        int blocks = blocks_of[shape];
        size_t n = (size_t)blocks * threads * batches;
        std::vector<int> in(inputs[t].begin(), inputs[t].begin() + n);
        std::vector<int> got = harness::host_copy(d_out[s][shape], n);
        char what[96];
        std::snprintf(what, sizeof what, "thread %d stream %d grid %d", t, s, blocks);
        thread_failures[t] += harness::count_mismatches(what, got, seed_reference(in, blocks, threads, batches)) ? 1 : 0;
        if (s == 1)
          results[t * 2 + shape] = got;
      }
    }
    for (auto &row : d_out)
      for (int *p : row)
        CHECK(cudaFree(p));
    CHECK(cudaFree(d_in));
    CHECK(cudaStreamDestroy(streams[1]));
  };
  std::vector<std::thread> pool;
  for (int t = 0; t < 4; t++) {
    pool.emplace_back(work, t);
    if (serial)
      pool.back().join();
  }
  for (auto &thread : pool)
    if (thread.joinable())
      thread.join();
  for (int t = 0; t < 4; t++)
    failures += thread_failures[t];
  for (auto &r : results)
    out.append(r);
  std::printf("measure: 4 threads x 2 streams, 24 launches each in 2 shapes\n");
}

__global__ void tiny(int *__restrict__ out, const int *__restrict__ in) {
  __shared__ int s[32], r[32];
  s[threadIdx.x] = in[threadIdx.x];
  r[threadIdx.x] = in[31 - threadIdx.x]; // two copies: a lone one stays plain (cost_model.c)
  __syncthreads();
  out[threadIdx.x] = s[31 - threadIdx.x] + r[threadIdx.x ^ 1];
}

// The host's time for a shape's first ten launches, launched back to
// back; 16 shapes, each drained before the next. Under measure the first
// shape's trial ends at its first sample (the kernel is short: SHORT_NS)
// and the later shapes run the original untimed.
static void bench_trial() {
  int *d_in, *d_out;
  CHECK(cudaMalloc(&d_in, 64 * sizeof(int)));
  CHECK(cudaMalloc(&d_out, 64 * 32 * sizeof(int)));
  CHECK(cudaMemset(d_in, 0, 64 * sizeof(int)));
  tiny<<<1, 32>>>(d_out, d_in); // the device's facts learned
  CHECK_LAUNCH();
  std::vector<double> per_shape;
  for (int shape = 0; shape < 15; shape++) {
    auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < 10; i++)
      tiny<<<2 + shape, 32>>>(d_out, d_in);
    auto end = std::chrono::steady_clock::now();
    CHECK_LAUNCH();
    per_shape.push_back(std::chrono::duration<double, std::micro>(end - start).count());
    // Once drained, the eleventh launch reads what the tenth could not.
    tiny<<<2 + shape, 32>>>(d_out, d_in);
    CHECK_LAUNCH();
  }
  std::sort(per_shape.begin(), per_shape.end());
  std::printf("bench: %s: a shape's first ten launches of a tiny kernel: median %.1f us on the "
              "host (min %.1f, max %.1f), 15 shapes\n",
              expect.c_str(), per_shape[7], per_shape[0], per_shape[14]);
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_out));
}

int main(int argc, char **argv) {
  if (argc < 3)
    return harness::usage(argv[0]);
  expect = argv[2];
  for (int a = 3; a < argc; a++) {
    if (std::string(argv[a]) == "small")
      small = true;
    if (std::string(argv[a]) == "serial")
      serial = true;
    if (std::string(argv[a]) == "bench") {
      bench_trial();
      return 0;
    }
  }
  harness::Rng rng(0x3EA5);
  harness::Output out;
  settle_faster(rng, out);
  settle_original(rng, out);
  capture_and_replay(rng, out);
  trial_variant(rng, out);
  threads_and_streams(rng, out);
  return harness::finish("measure_launches", out, argv[1], failures);
}
