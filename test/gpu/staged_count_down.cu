// expect: cp.async
// expect-remark: staged the copy's load
//
// Staged copies (issue 34) in loops counted other than up by a constant:
// - laplace3d's rotating planes walked from the top, `for (k = nz - 1; k
//   >= 0; k--)`, the next plane loaded under `if (k > 0)`, then a barrier,
//   the compute, a barrier: the issue of iteration i+7 is the counter 7
//   steps further down, zero-filled where that iteration does not run;
// - HeCBench's scan's shape, a 64-bit grid-stride loop (`b += gridDim.x`)
//   whose rows rotate through shared memory;
// - HeCBench's mdh's shape, `j += size` with the step clamped in the
//   iteration that leaves (`if (j + size > n) size = n - j`).
// Plane and row counts 0, 1, 2, 7, 8, 9 and 40 (the prologue, S-1, S,
// S+1 and a long run), blocks of 32, 96 and 256 threads (the ring's
// size), and 512 where the shared arrays allow it (past the ring: the
// check before the loop runs it as written); grids of 1, 3 and 7 blocks
// for the grid-stride loop; and one launch of the count-down planes whose
// output overlaps its input three planes on, so that a store writes what
// a later (lower) plane loads: the range check fails and the loop as
// written runs. Products are by powers of two only, so that a contracted
// fma rounds as the CPU does. Every output is checked against a CPU
// reference.
#include "harness.cuh"

enum { MAX_BLOCK = 512, ROW = 256 };

__global__ void planes_down(float *out, const float *in, int nz, int nx) {
  __shared__ float u[3][MAX_BLOCK + 2];
  int t = threadIdx.x, g = blockIdx.x * blockDim.x + t;
  for (int i = t; i < 3 * (MAX_BLOCK + 2); i += blockDim.x) /* cells no thread loads: 0 */
    (&u[0][0])[i] = 0.0f;
  __syncthreads();
  bool active = g < nx;
  int h = t == 0 ? 0 : (int)blockDim.x + 1;
  int hg = t == 0 ? (int)(blockIdx.x * blockDim.x) - 1 : (int)((blockIdx.x + 1) * blockDim.x);
  bool halo = t < 2 && hg >= 0 && hg < nx;
  int idx = (nz - 1) * nx + g, hidx = (nz - 1) * nx + hg;
  if (active && nz > 0) u[2][t + 1] = in[idx];
  if (halo && nz > 0) u[2][h] = in[hidx];
  for (int k = nz - 1; k >= 0; k--) {
    if (active) {
      idx -= nx;
      u[0][t + 1] = u[1][t + 1];
      u[1][t + 1] = u[2][t + 1];
      if (k > 0)
        u[2][t + 1] = in[idx];
    }
    if (halo) {
      hidx -= nx;
      u[0][h] = u[1][h];
      u[1][h] = u[2][h];
      if (k > 0)
        u[2][h] = in[hidx];
    }
    __syncthreads();
    if (active)
      out[k * nx + g] = u[0][t + 1] + 2.0f * u[1][t] + 4.0f * u[1][t + 2] + 8.0f * u[2][t + 1];
    __syncthreads();
  }
}

// Rows of ROW floats, block b taking rows b, b + gridDim.x, ...: each row
// is added to the one before it (in that block's walk) shifted by one.
__global__ void grid_rows(float *__restrict__ out, const float *__restrict__ in, long rows) {
  __shared__ float s[2][ROW];
  int t = threadIdx.x;
  s[0][t] = 0.0f;
  s[1][t] = 0.0f;
  __syncthreads();
  for (long b = blockIdx.x; b < rows; b += gridDim.x) {
    s[0][t] = s[1][t];
    s[1][t] = in[b * ROW + t];
    __syncthreads();
    out[b * ROW + t] = s[0][(t + 1) % blockDim.x] + 2.0f * s[1][t];
    __syncthreads();
  }
}

// Each thread sums a[i] + 2 b[i] over all i < n, tile by tile, as mdh's
// kernels sum over atoms (dynamic shared memory: 2 * blockDim.x floats).
__global__ void clamped_tiles(float *__restrict__ out, const float *__restrict__ a,
                              const float *__restrict__ b, int n) {
  extern __shared__ float sh[];
  int t = threadIdx.x, size = blockDim.x;
  float v = 0.0f;
  for (int j = 0; j < n; j += size) {
    if ((j + size) > n)
      size = n - j;
    if ((j + t) < n) {
      sh[t] = a[j + t];
      sh[t + size] = b[j + t];
    }
    __syncthreads();
    for (int i = 0; i < size; i++)
      v += sh[i] + 2.0f * sh[i + size];
    __syncthreads();
  }
  out[blockIdx.x * blockDim.x + t] = v;
}

// The loop as written, on the CPU, in one buffer: the input at `in`, the
// output at `out` (which may overlap it); cells outside the grid read 0.
static void simulate_down(std::vector<float> &buffer, size_t in, size_t out, int nz, int nx) {
  std::vector<float> u0(nx, 0.0f), u1(nx, 0.0f), u2(nx, 0.0f);
  if (nz > 0)
    for (int g = 0; g < nx; g++)
      u2[g] = buffer[in + (size_t)(nz - 1) * nx + g];
  for (int k = nz - 1; k >= 0; k--) {
    u0 = u1;
    u1 = u2;
    if (k > 0)
      for (int g = 0; g < nx; g++)
        u2[g] = buffer[in + (size_t)(k - 1) * nx + g];
    for (int g = 0; g < nx; g++) {
      float left = g ? u1[g - 1] : 0.0f, right = g + 1 < nx ? u1[g + 1] : 0.0f;
      buffer[out + (size_t)k * nx + g] = u0[g] + 2.0f * left + 4.0f * right + 8.0f * u2[g];
    }
  }
}

static std::vector<float> rows_reference(const std::vector<float> &in, long rows, int grid,
                                         int block) {
  std::vector<float> out((size_t)rows * ROW, 0.0f);
  for (int x = 0; x < grid; x++) {
    std::vector<float> s0(ROW, 0.0f), s1(ROW, 0.0f);
    for (long b = x; b < rows; b += grid) {
      s0 = s1;
      for (int t = 0; t < block; t++)
        s1[t] = in[(size_t)b * ROW + t];
      for (int t = 0; t < block; t++)
        out[(size_t)b * ROW + t] = s0[(t + 1) % block] + 2.0f * s1[t];
    }
  }
  return out;
}

int main(int argc, char **argv) {
  if (argc != 2)
    return harness::usage(argv[0]);
  harness::Rng rng(0xC0D0);
  harness::Output out;
  int failures = 0;
  const int counts[] = {0, 1, 2, 7, 8, 9, 40};
  const int nx = 1000;
  for (int block : {32, 96, 256, 512})
    for (int nz : counts) {
      size_t planes_in = (size_t)(nz ? nz : 1) * nx, outputs = (size_t)nz * nx;
      std::vector<float> buffer(planes_in + outputs);
      for (size_t i = 0; i < planes_in; i++)
        buffer[i] = rng.nonzero_float();
      std::vector<float> want = buffer;
      simulate_down(want, 0, planes_in, nz, nx);
      float *d = harness::device_copy(buffer);
      planes_down<<<(nx + block - 1) / block, block>>>(d + planes_in, d, nz, nx);
      CHECK_LAUNCH();
      std::vector<float> got = harness::host_copy(d, buffer.size());
      char what[64];
      std::snprintf(what, sizeof what, "planes_down block=%d nz=%d", block, nz);
      failures += harness::count_mismatches(what, got, want) != 0;
      out.append(got);
      CHECK(cudaFree(d));
    }
  // Overlap: one block, its input three planes on in its own output, so
  // that the store of plane k writes what plane k - 2's load reads.
  {
    const int n = 64, nz = 12;
    std::vector<float> buffer((size_t)(nz + 3) * n);
    for (float &v : buffer)
      v = rng.nonzero_float();
    std::vector<float> want = buffer;
    simulate_down(want, 3 * (size_t)n, 0, nz, n);
    float *d = harness::device_copy(buffer);
    planes_down<<<1, n>>>(d, d + 3 * n, nz, n);
    CHECK_LAUNCH();
    std::vector<float> got = harness::host_copy(d, buffer.size());
    failures += harness::count_mismatches("planes_down overlapping", got, want) != 0;
    out.append(got);
    CHECK(cudaFree(d));
  }
  for (int block : {32, 96, 256})
    for (int grid : {1, 3, 7})
      for (int rows : counts) {
        std::vector<float> in((size_t)(rows ? rows : 1) * ROW);
        for (float &v : in)
          v = rng.nonzero_float();
        std::vector<float> want = rows_reference(in, rows, grid, block);
        // Cells no thread writes (t >= block) keep the reference's 0.
        std::vector<float> zero((size_t)rows * ROW, 0.0f);
        float *d_in = harness::device_copy(in);
        float *d_out = rows ? harness::device_copy(zero) : nullptr;
        grid_rows<<<grid, block>>>(d_out, d_in, rows);
        CHECK_LAUNCH();
        std::vector<float> got = rows ? harness::host_copy(d_out, want.size()) : want;
        char what[64];
        std::snprintf(what, sizeof what, "grid_rows block=%d grid=%d rows=%d", block, grid, rows);
        failures += harness::count_mismatches(what, got, want) != 0;
        out.append(got);
        CHECK(cudaFree(d_in));
        if (d_out)
          CHECK(cudaFree(d_out));
      }
  for (int block : {32, 96, 256, 512})
    for (int n : {0, 1, 31, 100, 1000, 2047, 5000}) {
      std::vector<float> a(n ? n : 1), b(n ? n : 1);
      for (int i = 0; i < n; i++) {
        a[i] = rng.nonzero_float();
        b[i] = rng.nonzero_float();
      }
      std::vector<float> want(2 * block);
      for (int g = 0; g < 2 * block; g++) {
        float v = 0.0f;
        for (int j = 0; j < n; j += block)
          for (int i = j; i < n && i < j + block; i++)
            v += a[i] + 2.0f * b[i];
        want[g] = v;
      }
      float *d_a = harness::device_copy(a), *d_b = harness::device_copy(b);
      float *d_out = harness::device_poisoned<float>(2 * block);
      clamped_tiles<<<2, block, 2 * block * sizeof(float)>>>(d_out, d_a, d_b, n);
      CHECK_LAUNCH();
      std::vector<float> got = harness::host_copy(d_out, 2 * block);
      char what[64];
      std::snprintf(what, sizeof what, "clamped_tiles block=%d n=%d", block, n);
      failures += harness::count_mismatches(what, got, want) != 0;
      out.append(got);
      CHECK(cudaFree(d_a));
      CHECK(cudaFree(d_b));
      CHECK(cudaFree(d_out));
    }
  return harness::finish("staged_count_down", out, argv[1], failures);
}
