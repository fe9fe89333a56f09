// expect: cp.async
// expect-remark: staged the copy's load
//
// Staged copies (issue 34) on laplace3d's shape: three planes of a tile and
// its halo rotate in shared memory (`u[0] = u[1]; u[1] = u[2]; if (k < nz-1)
// u[2] = in[idx]`), a barrier, then compute, a barrier. The next plane's
// loads (the thread's node and, for two halo threads, a neighbour's) are
// issued 7 planes ahead into slots of the thread's own. Plane counts 0, 1,
// 2, 7, 8, 9 and 40 (the prologue, S-1, S, S+1 and a long run), blocks of
// 32, 96 and 256 threads (the ring's size), and 512 (past it: the check
// before the loop runs it as written); and one launch whose output overlaps
// its input three planes on, so that a store writes what a later plane
// loads: the range check fails and the loop as written runs. Then a
// read-back destination (the loaded value used again before the barrier)
// and a reused one (written again before the barrier), under a guard, for
// the same plane counts. Products are by powers of two only, so that a
// contracted fma rounds as the CPU does. Every output is checked against a
// CPU reference.
#include "harness.cuh"

enum { MAX_BLOCK = 512 };

__global__ void planes(float *out, const float *in, int nz, int nx) {
  __shared__ float u[3][MAX_BLOCK + 2];
  int t = threadIdx.x, g = blockIdx.x * blockDim.x + t;
  for (int i = t; i < 3 * (MAX_BLOCK + 2); i += blockDim.x) /* cells no thread loads: 0 */
    (&u[0][0])[i] = 0.0f;
  __syncthreads();
  bool active = g < nx;
  int h = t == 0 ? 0 : (int)blockDim.x + 1;
  int hg = t == 0 ? (int)(blockIdx.x * blockDim.x) - 1 : (int)((blockIdx.x + 1) * blockDim.x);
  bool halo = t < 2 && hg >= 0 && hg < nx;
  int idx = g, hidx = hg;
  if (active) u[2][t + 1] = in[idx];
  if (halo) u[2][h] = in[hidx];
  for (int k = 0; k < nz; k++) {
    if (active) {
      idx += nx;
      u[0][t + 1] = u[1][t + 1];
      u[1][t + 1] = u[2][t + 1];
      if (k < nz - 1)
        u[2][t + 1] = in[idx];
    }
    if (halo) {
      hidx += nx;
      u[0][h] = u[1][h];
      u[1][h] = u[2][h];
      if (k < nz - 1)
        u[2][h] = in[hidx];
    }
    __syncthreads();
    if (active)
      out[k * nx + g] = u[0][t + 1] + 2.0f * u[1][t] + 4.0f * u[1][t + 2] + 8.0f * u[2][t + 1];
    __syncthreads();
  }
}

// The loaded value read back before the barrier, and the destination
// written again before it (where the value is negative), both under
// `g < n`; the compute reads a neighbour's element after the barrier.
__global__ void read_back(float *out, const float *in, int nz, int n) {
  __shared__ float s[MAX_BLOCK];
  int t = threadIdx.x, g = blockIdx.x * blockDim.x + t;
  s[t] = 0.0f;
  __syncthreads();
  float acc = 0.0f;
  for (int k = 0; k < nz; k++) {
    if (g < n) {
      s[t] = in[k * n + g];
      acc += s[t];
    }
    __syncthreads();
    acc += s[(t + 1) % blockDim.x];
    __syncthreads();
  }
  if (g < n)
    out[g] = acc;
}

__global__ void reused(float *out, const float *in, int nz, int n) {
  __shared__ float s[MAX_BLOCK];
  int t = threadIdx.x, g = blockIdx.x * blockDim.x + t;
  s[t] = 0.0f;
  __syncthreads();
  float acc = 0.0f;
  for (int k = 0; k < nz; k++) {
    if (g < n) {
      s[t] = in[k * n + g];
      if (in[g] < 0.0f)
        s[t] = 0.5f;
    }
    __syncthreads();
    acc += s[(t + 1) % blockDim.x];
    __syncthreads();
  }
  if (g < n)
    out[g] = acc;
}

// Both on the CPU: `reuse` selects the reused destination's kernel.
static std::vector<float> neighbours(const std::vector<float> &in, int nz, int n, int block,
                                     bool reuse) {
  std::vector<float> out(n);
  for (int g = 0; g < n; g++) {
    int b = g / block, t = g % block, next = b * block + (t + 1) % block;
    float acc = 0.0f;
    for (int k = 0; k < nz; k++) {
      if (!reuse)
        acc += in[(size_t)k * n + g];
      float v = 0.0f;
      if (next < n)
        v = reuse && in[next] < 0.0f ? 0.5f : in[(size_t)k * n + next];
      acc += v;
    }
    out[g] = acc;
  }
  return out;
}

// The loop as written, on the CPU, in one buffer: the input at `in`, the
// output at `out` (which may overlap it); cells outside the grid read 0.
static void simulate(std::vector<float> &buffer, size_t in, size_t out, int nz, int nx) {
  std::vector<float> u0(nx, 0.0f), u1(nx, 0.0f), u2(nx);
  for (int g = 0; g < nx; g++)
    u2[g] = buffer[in + g];
  for (int k = 0; k < nz; k++) {
    u0 = u1;
    u1 = u2;
    if (k < nz - 1)
      for (int g = 0; g < nx; g++)
        u2[g] = buffer[in + (size_t)(k + 1) * nx + g];
    for (int g = 0; g < nx; g++) {
      float left = g ? u1[g - 1] : 0.0f, right = g + 1 < nx ? u1[g + 1] : 0.0f;
      buffer[out + (size_t)k * nx + g] = u0[g] + 2.0f * left + 4.0f * right + 8.0f * u2[g];
    }
  }
}

int main(int argc, char **argv) {
  if (argc != 2)
    return harness::usage(argv[0]);
  harness::Rng rng(0x57A6);
  harness::Output out;
  int failures = 0;
  const int nx = 1000;
  for (int block : {32, 96, 256, 512})
    for (int nz : {0, 1, 2, 7, 8, 9, 40}) {
      size_t planes_in = (size_t)(nz ? nz : 1) * nx, outputs = (size_t)nz * nx;
      std::vector<float> buffer(planes_in + outputs);
      for (size_t i = 0; i < planes_in; i++)
        buffer[i] = rng.nonzero_float();
      std::vector<float> want = buffer;
      simulate(want, 0, planes_in, nz, nx);
      float *d = harness::device_copy(buffer);
      planes<<<(nx + block - 1) / block, block>>>(d + planes_in, d, nz, nx);
      CHECK_LAUNCH();
      std::vector<float> got = harness::host_copy(d, buffer.size());
      char what[64];
      std::snprintf(what, sizeof what, "planes block=%d nz=%d", block, nz);
      failures += harness::count_mismatches(what, got, want) != 0;
      out.append(got);
      CHECK(cudaFree(d));
    }
  for (int reuse = 0; reuse < 2; reuse++)
    for (int block : {32, 96, 256, 512})
      for (int nz : {0, 1, 2, 7, 8, 9, 40}) {
        const int n = 1000;
        std::vector<float> in((size_t)(nz ? nz : 1) * n);
        for (float &v : in)
          v = rng.nonzero_float();
        std::vector<float> want = neighbours(in, nz, n, block, reuse);
        float *d_in = harness::device_copy(in), *d_out = harness::device_poisoned<float>(n);
        if (reuse)
          reused<<<(n + block - 1) / block, block>>>(d_out, d_in, nz, n);
        else
          read_back<<<(n + block - 1) / block, block>>>(d_out, d_in, nz, n);
        CHECK_LAUNCH();
        std::vector<float> got = harness::host_copy(d_out, n);
        char what[64];
        std::snprintf(what, sizeof what, "%s block=%d nz=%d", reuse ? "reused" : "read_back",
                      block, nz);
        failures += harness::count_mismatches(what, got, want) != 0;
        out.append(got);
        CHECK(cudaFree(d_in));
        CHECK(cudaFree(d_out));
      }
  // Overlap: one block, its output three planes on in its own input, so
  // that a store writes what a later plane loads.
  {
    const int n = 64, nz = 12;
    std::vector<float> buffer((size_t)(nz + 3) * n);
    for (float &v : buffer)
      v = rng.nonzero_float();
    std::vector<float> want = buffer;
    simulate(want, 0, 3 * (size_t)n, nz, n);
    float *d = harness::device_copy(buffer);
    planes<<<1, n>>>(d + 3 * n, d, nz, n);
    CHECK_LAUNCH();
    std::vector<float> got = harness::host_copy(d, buffer.size());
    failures += harness::count_mismatches("planes overlapping", got, want) != 0;
    out.append(got);
    CHECK(cudaFree(d));
  }
  return harness::finish("staged_rotation", out, argv[1], failures);
}
