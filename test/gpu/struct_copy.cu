// expect: cp.async
// expect-converted: 3
// expect-remark: struct copy to 2 cp.async.cg of 16 bytes
// expect-sm_80-ptx: cp.async.cg.shared.global
// expect-sm_90a-ptx: cp.async.cg.shared.global
//
// Struct copies over 16 bytes (issue 13, shape 4): clang copies a struct
// with a constant-size llvm.memcpy, which ferry splits into per-thread
// cp.async of 16 bytes (a 32-byte struct aligned to 16), 8 bytes (48 bytes
// of doubles) or 4 bytes (a 20-byte struct of ints). Outputs are compared
// with a CPU reference and, by run.sh, bit for bit with the plain build.
#include "harness.cuh"

struct __align__(16) Pair4 { float4 a, b; };
struct Six { double v[6]; };
struct Five { int v[5]; };

constexpr int kBlock = 96;

template <typename T> __global__ void reverse(T *out, const T *in) {
  __shared__ T s[kBlock];
  int t = threadIdx.x, b = blockIdx.x * kBlock;
  s[t] = in[b + t];
  __syncthreads();
  out[b + t] = s[kBlock - 1 - t];
}

template <typename T> int check(const char *name, harness::Rng &rng, harness::Output &out, int grid) {
  size_t count = (size_t)grid * kBlock;
  std::vector<T> in(count), want(count);
  for (T &v : in)
    for (size_t k = 0; k < sizeof(T) / 4; k++) {
      int word = rng.nonzero_int(1 << 20);
      std::memcpy(reinterpret_cast<char *>(&v) + 4 * k, &word, 4);
    }
  for (size_t i = 0; i < count; i++)
    want[i] = in[i - i % kBlock + kBlock - 1 - i % kBlock];
  T *d_in = harness::device_copy(in), *d_out = harness::device_poisoned<T>(count);
  reverse<T><<<grid, kBlock>>>(d_out, d_in);
  CHECK_LAUNCH();
  std::vector<T> got = harness::host_copy(d_out, count);
  char what[96];
  std::snprintf(what, sizeof what, "%s grid=%d", name, grid);
  int failures = harness::count_mismatches(what, got, want) != 0;
  out.append(got);
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_out));
  return failures;
}

int main(int argc, char **argv) {
  if (argc != 2)
    return harness::usage(argv[0]);
  harness::Rng rng(0x57AC7);
  harness::Output out;
  int failures = 0;
  for (int grid : {1, 5}) {
    failures += check<Pair4>("pair4 (32 bytes)", rng, out, grid);
    failures += check<Six>("six doubles (48 bytes)", rng, out, grid);
    failures += check<Five>("five ints (20 bytes)", rng, out, grid);
  }
  return harness::finish("struct_copy", out, argv[1], failures);
}
