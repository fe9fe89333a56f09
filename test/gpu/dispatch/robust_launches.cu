// The launch dispatch against what a host program may do with the CUDA
// runtime (passes/dispatch/dispatch_context.c, dispatch_measure.c): every
// launch gives the plain build's bytes, and every error the program meets
// is the one the plain build meets, read as often. Run as
//   robust_launches OUTFILE CASE [small]
// CASE, one a process (an exit case ends the process):
//   reset        cudaDeviceReset before a shape's trial, during it (a sample
//                in flight), and after its decision; buffers made again;
//   reset-large  a shape whose ring variant needs the raised dynamic shared
//                memory limit (64 KiB), decided, then a reset;
//   devices      every device in turn, cudaSetDevice between launches of one
//                shape, a reset of the last device midway, and a
//                cudaSetDevice past the last (its error read once);
//   exit         a trial pending at exit (a sample in flight);
//   exit-reset   the same, then cudaDeviceReset at the end of main, as the
//                CUDA samples do;
//   capture      4 threads launching into their own streams while 3 others
//                capture graphs (global, thread-local, relaxed modes), all
//                from one start; every capture must end cleanly, every
//                output right, the graphs replayed after;
//   errors       launches the program makes fail (too many threads a
//                block, too much dynamic shared memory, past 48 KiB without
//                the attribute, into a capture the program spoiled), and an
//                error of its own pending across launches: each read once.
// The error codes read go to the output file, so that the ferry build must
// meet exactly the plain build's. `small`: small problems (sanitizers).
#include "../harness.cuh"

#include <atomic>
#include <string>
#include <thread>

static bool small;
static int failures;

// A copy into an extern __shared__ tile of one block's bytes: ferry gives
// it a ring variant whose stages come from the launch (K__ferry_ring).
__global__ void tile_copy(int *__restrict__ out, const int *__restrict__ in, int batches) {
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

// One launch shape of tile_copy with its buffers (on the device current
// when made) and its CPU reference.
struct Problem {
  int blocks, threads, batches;
  std::vector<int> in, want;
  int *d_in = nullptr, *d_out = nullptr;
  size_t size() const { return (size_t)blocks * threads * batches; }
  void make(harness::Rng &rng) {
    in.resize(size());
    for (int &x : in)
      x = rng.nonzero_int(1000);
    want.resize(size());
    for (int b = 0; b < batches; b++)
      for (int k = 0; k < blocks; k++)
        for (int t = 0; t < threads; t++) {
          size_t base = ((size_t)b * blocks + k) * threads;
          want[base + t] = in[base + t] * 3 + in[base + (t + 1) % threads];
        }
    allocate();
  }
  // After a reset: the old buffers died with the context.
  void allocate() {
    d_in = harness::device_copy(in);
    d_out = harness::device_poisoned<int>(size());
  }
  void release() {
    CHECK(cudaFree(d_in));
    CHECK(cudaFree(d_out));
  }
  void launch(cudaStream_t stream = 0) const {
    tile_copy<<<blocks, threads, threads * sizeof(int), stream>>>(d_out, d_in, batches);
  }
  // Checks the output (the stream synchronized), then poisons it again.
  void check(const char *what, harness::Output *out, cudaStream_t stream = 0) const {
    CHECK(cudaStreamSynchronize(stream));
    std::vector<int> got = harness::host_copy(d_out, size());
    failures += harness::count_mismatches(what, got, want) ? 1 : 0;
    if (out)
      out->append(got);
    CHECK(cudaMemset(d_out, harness::kPoisonByte, size() * sizeof(int)));
  }
};

static int multiprocessors() {
  int device, count;
  CHECK(cudaGetDevice(&device));
  CHECK(cudaDeviceGetAttribute(&count, cudaDevAttrMultiProcessorCount, device));
  return count;
}

// A shape of one block a multiprocessor (where its ring variant pays, so
// that under measure the trial runs to its end), `extra` blocks more.
static Problem shape(harness::Rng &rng, int extra, int threads = 256) {
  Problem p;
  p.blocks = (small ? 8 : multiprocessors()) + extra;
  p.threads = threads;
  p.batches = small ? 4 : 160;
  p.make(rng);
  return p;
}

// `count` launches, each checked; the last one's output kept.
static void launches(Problem &p, const char *what, int count, harness::Output &out) {
  for (int i = 0; i < count; i++) {
    p.launch();
    CHECK(cudaGetLastError());
    char label[96];
    std::snprintf(label, sizeof label, "%s, launch %d", what, i);
    p.check(label, i == count - 1 ? &out : nullptr);
  }
}

// The id of the current context (cuCtxGetId), 0 where unknown: what the
// dispatch tells a reset by. Printed only as changed or not.
static unsigned long long context_id() {
  void *function = nullptr;
  cudaDriverEntryPointQueryResult found;
  unsigned long long id = 0;
  if (cudaGetDriverEntryPointByVersion("cuCtxGetId", &function, 12000, cudaEnableDefault, &found) !=
          cudaSuccess ||
      found != cudaDriverEntryPointSuccess || !function)
    return 0;
  auto get_id = (int (*)(void *, unsigned long long *))function;
  return get_id(nullptr, &id) == 0 ? id : 0;
}

static void reset_case(harness::Rng &rng, harness::Output &out) {
  // Before: the kernel's first launch learns the device; the reset; the
  // shape's trial then runs in the new context.
  Problem before = shape(rng, 0);
  launches(before, "before the reset", 1, out);
  unsigned long long id = context_id();
  CHECK(cudaDeviceReset());
  before.allocate();
  std::printf("robust: the context's id %s across cudaDeviceReset\n",
              !id ? "is unknown" : id != context_id() ? "changed" : "stayed");
  launches(before, "after a reset before the trial", 10, out);
  // During: the first launch, the warm-up, a sample left in flight; the
  // reset (the sample's events die with the context); then the shape again.
  Problem during = shape(rng, 1);
  launches(during, "before a reset during the trial", 2, out);
  during.launch();
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceReset());
  during.allocate();
  launches(during, "after a reset during the trial", 10, out);
  // After the decision (10 launches settle it): a reset, then the shape.
  CHECK(cudaDeviceReset());
  during.allocate();
  launches(during, "after a reset after the decision", 3, out);
  Problem other = shape(rng, 2);
  launches(other, "a new shape after three resets", 8, out);
  std::printf("robust: reset before, during and after a trial\n");
}

static void reset_large_case(harness::Rng &rng, harness::Output &out) {
  // 1024 threads: a 4 KiB tile, of which the ring variant takes up to 16
  // stages, past the default 48 KiB.
  Problem large = shape(rng, 0, 1024);
  launches(large, "64 KiB ring before the reset", 10, out);
  // The program's own limit raised, and whether a reset keeps it (printed:
  // the plain build's answer is the runtime's).
  CHECK(cudaFuncSetAttribute((const void *)tile_copy, cudaFuncAttributeMaxDynamicSharedMemorySize,
                             64 * 1024));
  CHECK(cudaDeviceReset());
  cudaFuncAttributes attributes;
  CHECK(cudaFuncGetAttributes(&attributes, (const void *)tile_copy));
  std::printf("robust: after cudaDeviceReset the program's dynamic shared memory limit is %s\n",
              attributes.maxDynamicSharedSizeBytes >= 64 * 1024 ? "kept" : "lost");
  large.allocate();
  launches(large, "64 KiB ring after the reset", 4, out);
  std::printf("robust: a shape past 48 KiB decided, then a reset\n");
}

static void devices_case(harness::Rng &rng, harness::Output &out) {
  int count = 0;
  CHECK(cudaGetDeviceCount(&count));
  std::vector<Problem> problems;
  for (int d = 0; d < count; d++) {
    CHECK(cudaSetDevice(d));
    problems.push_back(shape(rng, 0));
  }
  for (int round = 0; round < 12; round++) {
    if (round == 6) {
      // A reset of the last device midway: its state goes, the others' stay.
      CHECK(cudaSetDevice(count - 1));
      CHECK(cudaDeviceReset());
      problems[count - 1].allocate();
    }
    for (int d = 0; d < count; d++) {
      CHECK(cudaSetDevice(d));
      problems[d].launch();
      CHECK(cudaGetLastError());
      char label[64];
      std::snprintf(label, sizeof label, "device %d, round %d", d, round);
      problems[d].check(label, round == 11 ? &out : nullptr);
    }
  }
  // Past the last device: the program's error, read once; the current
  // device stays, and launches there go on.
  int codes[3] = {cudaSetDevice(count), cudaGetLastError(), cudaGetLastError()};
  out.append(codes, sizeof codes);
  std::printf("robust: %d device%s; cudaSetDevice(%d): %d, read as %d then %d\n", count,
              count == 1 ? " (the paths of several run with one)" : "s", count, codes[0], codes[1],
              codes[2]);
  if (codes[2] != cudaSuccess) {
    std::printf("FAIL cudaSetDevice(%d): %d, read as %d then %d\n", count, codes[0], codes[1],
                codes[2]);
    failures++;
  }
  launches(problems[count - 1], "the current device after a failed cudaSetDevice", 2, out);
  for (int d = 0; d < count; d++) {
    CHECK(cudaSetDevice(d));
    problems[d].release();
  }
  std::printf("robust: launches across the devices, cudaSetDevice between them\n");
}

// A sample in flight at exit: three launches checked, two more left
// running (the trial's warm-up and first samples), the output written,
// then (exit-reset) cudaDeviceReset.
static int exit_case(harness::Rng &rng, harness::Output &out, const char *path, bool reset) {
  Problem p = shape(rng, 0);
  launches(p, "before exit", 3, out);
  p.launch();
  p.launch();
  CHECK(cudaGetLastError());
  std::printf("robust: a trial pending at exit%s\n", reset ? ", then cudaDeviceReset" : "");
  int status = harness::finish("robust_launches", out, path, failures);
  if (reset)
    CHECK(cudaDeviceReset());
  return status;
}

static void capture_case(harness::Rng &rng, harness::Output &out) {
  // The kernel as written loaded before any capture, as a careful program
  // does (lazy loading); the dispatch's first launch, which learns the
  // device and its variant, comes in the threads.
  cudaFuncAttributes attributes;
  CHECK(cudaFuncGetAttributes(&attributes, (const void *)tile_copy));
  constexpr int kLaunchers = 4, kCapturers = 3, kGraphs = 4;
  const cudaStreamCaptureMode modes[kCapturers] = {
      cudaStreamCaptureModeGlobal, cudaStreamCaptureModeThreadLocal, cudaStreamCaptureModeRelaxed};
  // Each launcher: a shape of its own and one all share; each capturer: the
  // shared shape and one of its own, into buffers of its own.
  std::vector<Problem> launched, captured;
  for (int t = 0; t < kLaunchers; t++)
    for (int s = 0; s < 2; s++)
      launched.push_back(shape(rng, s ? 0 : 1 + t));
  for (int c = 0; c < kCapturers; c++)
    for (int s = 0; s < 2; s++)
      captured.push_back(shape(rng, s ? 0 : 1 + kLaunchers + c));
  std::vector<cudaStream_t> streams(kLaunchers + kCapturers);
  for (cudaStream_t &s : streams)
    CHECK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  std::vector<cudaGraph_t> graphs(kCapturers * kGraphs, nullptr);
  int capture_errors[kCapturers] = {0, 0, 0}, launch_errors[kLaunchers] = {0, 0, 0, 0};
  std::atomic<int> waiting{kLaunchers + kCapturers};
  auto start_together = [&] {
    waiting--;
    while (waiting.load() > 0)
      std::this_thread::yield();
  };
  std::vector<std::thread> pool;
  for (int t = 0; t < kLaunchers; t++)
    pool.emplace_back([&, t] {
      start_together();
      // Launches alone between the start and the join: nothing of the
      // program's own that a global capture elsewhere would refuse.
      for (int i = 0; i < (small ? 8 : 24); i++) {
        launched[2 * t + i % 2].launch(streams[t]);
        if (cudaGetLastError() != cudaSuccess)
          launch_errors[t]++;
      }
    });
  for (int c = 0; c < kCapturers; c++)
    pool.emplace_back([&, c] {
      cudaStream_t stream = streams[kLaunchers + c];
      start_together();
      for (int g = 0; g < kGraphs; g++) {
        if (cudaStreamBeginCapture(stream, modes[c]) != cudaSuccess) {
          capture_errors[c]++;
          continue;
        }
        for (int s = 0; s < 2; s++)
          captured[2 * c + s].launch(stream);
        if (cudaGetLastError() != cudaSuccess)
          capture_errors[c]++;
        if (cudaStreamEndCapture(stream, &graphs[c * kGraphs + g]) != cudaSuccess)
          capture_errors[c]++;
      }
    });
  for (std::thread &thread : pool)
    thread.join();
  for (int t = 0; t < kLaunchers; t++) {
    if (launch_errors[t]) {
      std::printf("FAIL launcher %d: %d launches failed\n", t, launch_errors[t]);
      failures++;
    }
    for (int s = 0; s < 2; s++) {
      char label[64];
      std::snprintf(label, sizeof label, "launcher %d, shape %d", t, s);
      launched[2 * t + s].check(label, &out, streams[t]);
    }
  }
  for (int c = 0; c < kCapturers; c++) {
    if (capture_errors[c]) {
      std::printf("FAIL capturer %d (mode %d): %d capture calls failed\n", c, (int)modes[c],
                  capture_errors[c]);
      failures++;
    }
    for (int g = 0; g < kGraphs; g++) {
      cudaGraph_t graph = graphs[c * kGraphs + g];
      if (!graph)
        continue;
      cudaGraphExec_t exec;
      CHECK(cudaGraphInstantiate(&exec, graph, 0));
      CHECK(cudaGraphLaunch(exec, streams[kLaunchers + c]));
      for (int s = 0; s < 2; s++) {
        char label[64];
        std::snprintf(label, sizeof label, "capturer %d, graph %d, shape %d", c, g, s);
        captured[2 * c + s].check(label, g == kGraphs - 1 ? &out : nullptr,
                                  streams[kLaunchers + c]);
      }
      CHECK(cudaGraphExecDestroy(exec));
      CHECK(cudaGraphDestroy(graph));
    }
  }
  for (cudaStream_t s : streams)
    CHECK(cudaStreamDestroy(s));
  for (Problem &p : launched)
    p.release();
  for (Problem &p : captured)
    p.release();
  std::printf("robust: %d threads launching while %d capture graphs\n", kLaunchers, kCapturers);
}

// Reads the error a failed call left: cudaPeekAtLastError, then
// cudaGetLastError, then cudaGetLastError again (clear by then): the three
// codes go to the output, and the last must be success.
static void read_error(const char *what, int returned, harness::Output &out) {
  int codes[4] = {returned, cudaPeekAtLastError(), cudaGetLastError(), cudaGetLastError()};
  out.append(codes, sizeof codes);
  std::printf("robust: %s: returned %d, read %d, %d, %d\n", what, codes[0], codes[1], codes[2],
              codes[3]);
  if (codes[3] != cudaSuccess || codes[1] != codes[2]) {
    std::printf("FAIL %s: the error is not read exactly once\n", what);
    failures++;
  }
}

static void errors_case(harness::Rng &rng, harness::Output &out) {
  Problem p = shape(rng, 0);
  // The shape's first launches: the device learned, a trial under way.
  launches(p, "before the errors", 3, out);
  tile_copy<<<p.blocks, 2048, 2048 * sizeof(int)>>>(p.d_out, p.d_in, p.batches);
  read_error("2048 threads a block", 0, out);
  tile_copy<<<p.blocks, p.threads, 512 * 1024>>>(p.d_out, p.d_in, p.batches);
  read_error("512 KiB of dynamic shared memory", 0, out);
  tile_copy<<<p.blocks, p.threads, 64 * 1024>>>(p.d_out, p.d_in, p.batches);
  read_error("64 KiB of dynamic shared memory, the attribute not raised", 0, out);
  // A capture the program spoils (a synchronization of the capturing
  // stream), then a launch of the shape into it.
  cudaStream_t stream;
  CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  CHECK(cudaStreamBeginCapture(stream, cudaStreamCaptureModeRelaxed));
  read_error("a synchronization of a capturing stream", cudaStreamSynchronize(stream), out);
  p.launch(stream);
  read_error("a launch into the spoiled capture", 0, out);
  cudaGraph_t graph = nullptr;
  read_error("the end of the spoiled capture", cudaStreamEndCapture(stream, &graph), out);
  if (graph)
    CHECK(cudaGraphDestroy(graph));
  CHECK(cudaStreamDestroy(stream));
  // An error of the program's own pending across launches of the shape
  // (the trial waits): still the one read, once.
  void *huge = nullptr;
  int returned = cudaMalloc(&huge, (size_t)1 << 60);
  for (int i = 0; i < 6; i++)
    p.launch();
  read_error("an allocation's error pending across 6 launches", returned, out);
  p.check("the launches behind the pending error", &out);
  launches(p, "after the errors", 6, out);
  p.release();
}

int main(int argc, char **argv) {
  if (argc < 3)
    return harness::usage(argv[0]);
  std::string which = argv[2];
  small = argc > 3 && std::string(argv[3]) == "small";
  harness::Rng rng(0x5E7);
  harness::Output out;
  if (which == "reset")
    reset_case(rng, out);
  else if (which == "reset-large")
    reset_large_case(rng, out);
  else if (which == "devices")
    devices_case(rng, out);
  else if (which == "exit" || which == "exit-reset")
    return exit_case(rng, out, argv[1], which == "exit-reset");
  else if (which == "capture")
    capture_case(rng, out);
  else if (which == "errors")
    errors_case(rng, out);
  else
    return harness::usage(argv[0]);
  return harness::finish("robust_launches", out, argv[1], failures);
}
