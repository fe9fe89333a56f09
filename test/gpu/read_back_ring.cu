// expect: cp.async
// expect-converted: 4
// expect-remark: the loaded value's other uses read it back from the iteration's slot after the barrier
// expect-remark: the copy loop is not pipelined: the copy's loaded value is read back from the shared array with no barrier between that read and the end of the iteration
// expect-remark: the copy loop is not pipelined: the loop reads the shared array with no barrier between that read and the end of the iteration
// expect-sm_80-ptx: cp.async.cg.shared.global
// expect-sm_90a-ptx: cp.async.cg.shared.global
//
// Copies whose loaded value has other uses (issue 13, shape 5) in loops of
// the ring's shape: `v = in[..]; s[t] = v; __syncthreads(); ... v ...;
// __syncthreads();`. The copies join a ring of 16 stages, and the uses read
// v back from the iteration's slot after the barrier: per-thread 4- and
// 8-byte copies, 2-byte copies (16-byte chunks of the block: another thread
// copies this thread's element) and an extern __shared__ tile (the launch
// dispatch's variant). Negatives: loops whose barrier ending the compute
// stands at the top of the next iteration, before the copy, where a ring's
// issue would overwrite a slot other threads still read (one with a
// read-back, one without): they stay single-stage. Trip counts below, at
// and above the stage count. Outputs are compared with a CPU reference
// and, by run.sh, bit for bit with the plain build.
#include "harness.cuh"

constexpr int kBlock = 256;

__device__ __forceinline__ size_t row_of(int k) {
  return ((size_t)k * gridDim.x + blockIdx.x) * kBlock;
}

__global__ void ring_int(unsigned *__restrict__ out, const unsigned *__restrict__ in, int count) {
  __shared__ unsigned s[kBlock];
  int t = threadIdx.x;
  unsigned acc = 0, mix = 0;
  for (int k = 0; k < count; k++) {
    unsigned v = in[row_of(k) + t];
    s[t] = v;
    __syncthreads();
    acc += s[kBlock - 1 - t] * v;
    mix ^= v;
    __syncthreads();
  }
  out[blockIdx.x * kBlock + t] = acc + 3u * mix;
}

__global__ void ring_short(unsigned *__restrict__ out, const unsigned short *__restrict__ in,
                           int count) {
  __shared__ unsigned short s[kBlock];
  int t = threadIdx.x;
  unsigned acc = 0;
  for (int k = 0; k < count; k++) {
    unsigned short v = in[row_of(k) + t];
    s[t] = v;
    __syncthreads();
    acc += (unsigned)s[(t + 1) % kBlock] * 7u + (unsigned)v;
    __syncthreads();
  }
  out[blockIdx.x * kBlock + t] = acc;
}

__global__ void ring_double(double *__restrict__ out, const double *__restrict__ in, int count) {
  __shared__ double s[kBlock];
  int t = threadIdx.x;
  double acc = 0.0;
  for (int k = 0; k < count; k++) {
    double v = in[row_of(k) + t];
    s[t] = v;
    __syncthreads();
    acc += s[kBlock - 1 - t] - 0.5 * v;
    __syncthreads();
  }
  out[blockIdx.x * kBlock + t] = acc;
}

__global__ void ring_extern(unsigned *__restrict__ out, const unsigned *__restrict__ in,
                            int count) {
  extern __shared__ unsigned d[];
  int t = threadIdx.x;
  unsigned acc = 0;
  for (int k = 0; k < count; k++) {
    unsigned v = in[row_of(k) + t];
    d[t] = v;
    __syncthreads();
    acc += d[(t + 5) % kBlock] ^ (v * 5u);
    __syncthreads();
  }
  out[blockIdx.x * kBlock + t] = acc;
}

// Negative: the barrier ending the compute is at the top of the loop.
__global__ void top_barrier_read_back(unsigned *__restrict__ out, const unsigned *__restrict__ in,
                                      int count) {
  __shared__ unsigned s[kBlock];
  int t = threadIdx.x;
  unsigned acc = 0;
  for (int k = 0; k < count; k++) {
    __syncthreads();
    unsigned v = in[row_of(k) + t];
    s[t] = v;
    __syncthreads();
    acc += s[kBlock - 1 - t] ^ (v * 9u);
  }
  out[blockIdx.x * kBlock + t] = acc;
}

// Negative, without a read-back: the same shape.
__global__ void top_barrier(unsigned *__restrict__ out, const unsigned *__restrict__ in, int count) {
  __shared__ unsigned s[kBlock];
  int t = threadIdx.x;
  unsigned acc = 0;
  for (int k = 0; k < count; k++) {
    __syncthreads();
    s[t] = in[row_of(k) + t];
    __syncthreads();
    acc += s[(t + 3) % kBlock] * 11u;
  }
  out[blockIdx.x * kBlock + t] = acc;
}

template <typename T, typename F>
static std::vector<T> reference(int grid, int count, F step) {
  std::vector<T> want((size_t)grid * kBlock);
  for (int b = 0; b < grid; b++)
    for (int t = 0; t < kBlock; t++)
      want[(size_t)b * kBlock + t] = step(b, t);
  return want;
}

int main(int argc, char **argv) {
  if (argc != 2)
    return harness::usage(argv[0]);
  harness::Rng rng(0x2B1C);
  harness::Output out;
  int failures = 0;
  char what[96];
  for (int grid : {1, 5}) {
    size_t outputs = (size_t)grid * kBlock;
    unsigned *d_out = harness::device_poisoned<unsigned>(outputs);
    double *d_dout = harness::device_poisoned<double>(outputs);
    for (int n : {1, 3, 16, 17, 40}) {
      size_t inputs = (size_t)n * outputs;
      std::vector<unsigned> u(inputs);
      std::vector<unsigned short> h(inputs);
      std::vector<double> f(inputs);
      for (unsigned &v : u)
        v = (unsigned)rng.next();
      for (unsigned short &v : h)
        v = (unsigned short)rng.next();
      for (double &v : f)
        v = rng.nonzero_double();
      auto at = [&](int k, int b) { return ((size_t)k * grid + b) * kBlock; };
      unsigned *d_u = harness::device_copy(u);
      unsigned short *d_h = harness::device_copy(h);
      double *d_f = harness::device_copy(f);

      auto check_u = [&](const char *name, const std::vector<unsigned> &want) {
        std::vector<unsigned> got = harness::host_copy(d_out, outputs);
        std::snprintf(what, sizeof what, "%s grid=%d count=%d", name, grid, n);
        failures += harness::count_mismatches(what, got, want) != 0;
        out.append(got);
        CHECK(cudaMemset(d_out, harness::kPoisonByte, outputs * sizeof(unsigned)));
      };

      ring_int<<<grid, kBlock>>>(d_out, d_u, n);
      CHECK_LAUNCH();
      check_u("ring_int", reference<unsigned>(grid, n, [&](int b, int t) {
        unsigned acc = 0, mix = 0;
        for (int k = 0; k < n; k++) {
          unsigned v = u[at(k, b) + t];
          acc += u[at(k, b) + kBlock - 1 - t] * v;
          mix ^= v;
        }
        return acc + 3u * mix;
      }));

      ring_short<<<grid, kBlock>>>(d_out, d_h, n);
      CHECK_LAUNCH();
      check_u("ring_short", reference<unsigned>(grid, n, [&](int b, int t) {
        unsigned acc = 0;
        for (int k = 0; k < n; k++)
          acc += (unsigned)h[at(k, b) + (t + 1) % kBlock] * 7u + (unsigned)h[at(k, b) + t];
        return acc;
      }));

      // One tile of dynamic memory (a ring of 1 stage), then room for 8.
      for (int tiles : {1, 8}) {
        ring_extern<<<grid, kBlock, tiles * kBlock * sizeof(unsigned)>>>(d_out, d_u, n);
        CHECK_LAUNCH();
        check_u(tiles == 1 ? "ring_extern tiles=1" : "ring_extern tiles=8",
                reference<unsigned>(grid, n, [&](int b, int t) {
                  unsigned acc = 0;
                  for (int k = 0; k < n; k++)
                    acc += u[at(k, b) + (t + 5) % kBlock] ^ (u[at(k, b) + t] * 5u);
                  return acc;
                }));
      }

      top_barrier_read_back<<<grid, kBlock>>>(d_out, d_u, n);
      CHECK_LAUNCH();
      check_u("top_barrier_read_back", reference<unsigned>(grid, n, [&](int b, int t) {
        unsigned acc = 0;
        for (int k = 0; k < n; k++)
          acc += u[at(k, b) + kBlock - 1 - t] ^ (u[at(k, b) + t] * 9u);
        return acc;
      }));

      top_barrier<<<grid, kBlock>>>(d_out, d_u, n);
      CHECK_LAUNCH();
      check_u("top_barrier", reference<unsigned>(grid, n, [&](int b, int t) {
        unsigned acc = 0;
        for (int k = 0; k < n; k++)
          acc += u[at(k, b) + (t + 3) % kBlock] * 11u;
        return acc;
      }));

      ring_double<<<grid, kBlock>>>(d_dout, d_f, n);
      CHECK_LAUNCH();
      std::vector<double> dgot = harness::host_copy(d_dout, outputs);
      std::vector<double> dwant = reference<double>(grid, n, [&](int b, int t) {
        double acc = 0.0;
        for (int k = 0; k < n; k++)
          acc += f[at(k, b) + kBlock - 1 - t] - 0.5 * f[at(k, b) + t];
        return acc;
      });
      std::snprintf(what, sizeof what, "ring_double grid=%d count=%d", grid, n);
      failures += harness::count_mismatches(what, dgot, dwant) != 0;
      out.append(dgot);
      CHECK(cudaMemset(d_dout, harness::kPoisonByte, outputs * sizeof(double)));

      CHECK(cudaFree(d_u));
      CHECK(cudaFree(d_h));
      CHECK(cudaFree(d_f));
    }
    CHECK(cudaFree(d_out));
    CHECK(cudaFree(d_dout));
  }
  return harness::finish("read_back_ring", out, argv[1], failures);
}
