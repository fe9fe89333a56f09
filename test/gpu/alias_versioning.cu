// expect: no cp.async
// expect-remark: versioned this loop on a run-time check, per thread
//
// Alias versioning (issue 32): a triangle of column dot products
// accumulated in global memory through a pointer that may alias the
// matrix, with run-time bounds in both dimensions. The variant versions the
// inner loop on a per-thread check that the accumulator's bytes miss the
// matrix's: the accumulator in a register where they do, the loop as
// written where they do not. Launched with buffers apart (every thread's
// check holds) and with the output overlapping the matrix (the check fails:
// one thread, so that the loop as written, reading what it wrote, is the
// program's one defined result), against a CPU reference that accumulates
// in the same order with the same fused multiply-add.
//
// With a second argument `time`, it also times the triangle at 512 x 512
// (apart), printing "alias_versioning: triangle N.NNN ms": run the plain and
// the plugin build to compare.
#include "harness.cuh"

#include <cmath>
#include <string>

__global__ void triangle(float *out, const float *a, int rows, int cols) {
  int j1 = blockIdx.x * blockDim.x + threadIdx.x;
  if (j1 < cols)
    for (int j2 = j1; j2 < cols; j2++) {
      out[j1 * cols + j2] = 0.0f;
      for (int i = 0; i < rows; i++)
        out[j1 * cols + j2] += a[i * cols + j1] * a[i * cols + j2];
    }
}

// The kernel's loops, in its order, on the host; `out` may overlap `a`.
static void reference(float *out, const float *a, int rows, int cols, int threads) {
  for (int j1 = 0; j1 < cols && j1 < threads; j1++)
    for (int j2 = j1; j2 < cols; j2++) {
      out[j1 * cols + j2] = 0.0f;
      for (int i = 0; i < rows; i++)
        out[j1 * cols + j2] = std::fmaf(a[i * cols + j1], a[i * cols + j2], out[j1 * cols + j2]);
    }
}

// Apart: out and a separate allocations, one thread per column.
static int apart(harness::Rng &rng, harness::Output &out, int rows, int cols) {
  std::vector<float> a((size_t)rows * cols);
  for (float &v : a)
    v = rng.nonzero_float();
  float *d_a = harness::device_copy(a);
  float *d_out = harness::device_poisoned<float>((size_t)cols * cols);
  triangle<<<(cols + 31) / 32, 32>>>(d_out, d_a, rows, cols);
  CHECK_LAUNCH();
  std::vector<float> got = harness::host_copy(d_out, (size_t)cols * cols), want(got.size());
  std::memset(want.data(), harness::kPoisonByte, want.size() * sizeof(float));
  reference(want.data(), a.data(), rows, cols, cols);
  char what[64];
  std::snprintf(what, sizeof what, "triangle apart rows=%d cols=%d", rows, cols);
  int failures = harness::count_mismatches(what, got, want) ? 1 : 0;
  out.append(got);
  CHECK(cudaFree(d_a));
  CHECK(cudaFree(d_out));
  return failures;
}

// Overlapping: one buffer, the output `shift` floats into the matrix, one
// thread (column 0), which reads back what it wrote.
static int overlapping(harness::Rng &rng, harness::Output &out, int rows, int cols, int shift) {
  size_t total = (size_t)rows * cols + (size_t)cols * cols;
  std::vector<float> buffer(total);
  for (float &v : buffer)
    v = rng.nonzero_float();
  float *d_buffer = harness::device_copy(buffer);
  triangle<<<1, 1>>>(d_buffer + shift, d_buffer, rows, cols);
  CHECK_LAUNCH();
  std::vector<float> got = harness::host_copy(d_buffer, total), want = buffer;
  reference(want.data() + shift, want.data(), rows, cols, 1);
  char what[64];
  std::snprintf(what, sizeof what, "triangle overlapping rows=%d cols=%d shift=%d", rows, cols,
                shift);
  int failures = harness::count_mismatches(what, got, want) ? 1 : 0;
  out.append(got);
  CHECK(cudaFree(d_buffer));
  return failures;
}

static void time_triangle(harness::Rng &rng, int rows, int cols) {
  std::vector<float> a((size_t)rows * cols);
  for (float &v : a)
    v = rng.nonzero_float();
  float *d_a = harness::device_copy(a);
  float *d_out = harness::device_poisoned<float>((size_t)cols * cols);
  cudaEvent_t start, stop;
  CHECK(cudaEventCreate(&start));
  CHECK(cudaEventCreate(&stop));
  float best = 1e30f;
  for (int round = 0; round < 12; round++) { // the dispatch's trial takes the first ones
    CHECK(cudaEventRecord(start));
    triangle<<<(cols + 255) / 256, 256>>>(d_out, d_a, rows, cols);
    CHECK(cudaEventRecord(stop));
    CHECK_LAUNCH();
    float ms;
    CHECK(cudaEventElapsedTime(&ms, start, stop));
    if (round >= 8 && ms < best)
      best = ms;
  }
  std::printf("alias_versioning: triangle %.3f ms\n", best);
  CHECK(cudaEventDestroy(start));
  CHECK(cudaEventDestroy(stop));
  CHECK(cudaFree(d_a));
  CHECK(cudaFree(d_out));
}

int main(int argc, char **argv) {
  if (argc != 2 && !(argc == 3 && std::string(argv[2]) == "time"))
    return harness::usage(argv[0]);
  harness::Rng rng(0xA11A5E5);
  harness::Output out;
  int failures = 0;
  failures += apart(rng, out, 96, 80);
  failures += apart(rng, out, 7, 33);
  failures += overlapping(rng, out, 24, 20, 0);   // the output is the matrix
  failures += overlapping(rng, out, 24, 20, 130); // the output's rows inside it
  failures += overlapping(rng, out, 24, 20, 480); // just past it: the check holds
  if (argc == 3)
    time_triangle(rng, 512, 512);
  if (!out.write(argv[1]))
    failures++;
  std::printf("alias_versioning: %d failures\n", failures);
  return failures ? 1 : 0;
}
