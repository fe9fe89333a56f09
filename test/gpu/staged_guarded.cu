// expect: cp.async
// expect-remark: staged the copy's load
//
// Staged guarded copies (issue 34): the stored value is the load where a
// guard holds and zero elsewhere, and the thread writes the destination
// again before the barrier (where its own first element is negative), so
// the copy is refused and its load staged: issued 7 planes ahead, the slot
// zero-filled where the guard fails, the merge taking the slot's value.
// The phi form (threads at or past m store zero; m below n, so that a
// block holds both) and the select form (odd planes only). Plane counts 0,
// 1, 2, 7, 8, 9 and 40; blocks of 32, 96 and 256 threads, and 512 (past
// the ring's size: the check before the loop runs it as written). Every
// output is checked against a CPU reference.
#include "harness.cuh"

enum { MAX_BLOCK = 512 };

__global__ void guarded_phi(float *out, const float *in, int nz, int n, int m) {
  __shared__ float s[MAX_BLOCK];
  int t = threadIdx.x, g = blockIdx.x * blockDim.x + t;
  s[t] = 0.0f;
  __syncthreads();
  float acc = 0.0f;
  for (int k = 0; k < nz; k++) {
    if (g < n) {
      s[t] = g < m ? in[k * n + g] : 0.0f;
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

__global__ void guarded_select(float *out, const float *in, int nz, int n) {
  __shared__ float s[MAX_BLOCK];
  int t = threadIdx.x, g = blockIdx.x * blockDim.x + t;
  s[t] = 0.0f;
  __syncthreads();
  float acc = 0.0f;
  for (int k = 0; k < nz; k++) {
    if (g < n) {
      float v = in[k * n + g];
      s[t] = k & 1 ? v : 0.0f;
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

// Both on the CPU: the neighbour's element in each plane, summed in the
// kernel's order.
static std::vector<float> want_of(const std::vector<float> &in, int nz, int n, int m, int block,
                                  bool select) {
  std::vector<float> out(n);
  for (int g = 0; g < n; g++) {
    int b = g / block, t = g % block, next = b * block + (t + 1) % block;
    float acc = 0.0f;
    for (int k = 0; k < nz; k++) {
      float v = 0.0f;
      if (next < n) {
        bool loads = select ? (k & 1) != 0 : next < m;
        v = in[next] < 0.0f ? 0.5f : loads ? in[(size_t)k * n + next] : 0.0f;
      }
      acc += v;
    }
    out[g] = acc;
  }
  return out;
}

int main(int argc, char **argv) {
  if (argc != 2)
    return harness::usage(argv[0]);
  harness::Rng rng(0x6A2D);
  harness::Output out;
  int failures = 0;
  const int n = 1000, m = 900;
  for (int select = 0; select < 2; select++)
    for (int block : {32, 96, 256, 512})
      for (int nz : {0, 1, 2, 7, 8, 9, 40}) {
        std::vector<float> in((size_t)(nz ? nz : 1) * n);
        for (float &v : in)
          v = rng.nonzero_float();
        std::vector<float> want = want_of(in, nz, n, m, block, select);
        float *d_in = harness::device_copy(in), *d_out = harness::device_poisoned<float>(n);
        if (select)
          guarded_select<<<(n + block - 1) / block, block>>>(d_out, d_in, nz, n);
        else
          guarded_phi<<<(n + block - 1) / block, block>>>(d_out, d_in, nz, n, m);
        CHECK_LAUNCH();
        std::vector<float> got = harness::host_copy(d_out, n);
        char what[64];
        std::snprintf(what, sizeof what, "%s block=%d nz=%d", select ? "select" : "phi", block,
                      nz);
        failures += harness::count_mismatches(what, got, want) != 0;
        out.append(got);
        CHECK(cudaFree(d_in));
        CHECK(cudaFree(d_out));
      }
  return harness::finish("staged_guarded", out, argv[1], failures);
}
