// expect: cp.async
// expect-converted: 5
// expect-remark: 16-byte cp.async.cg chunks
// ferry-flags: -mllvm -ferry-lone-copy=false -mllvm -ferry-collective=always -mllvm -ferry-bulk=auto -mllvm -ferry-prefetch=never -mllvm -ferry-stages=1
//
// (-ferry-stages=1: the batch loops' stores may write their sources, and a
// range check before such a loop now gives it a ring; this test is for the
// single-stage forms. range_check.cu tests the rings.)
//
// (By default ferry uses the block-collective form only where one thread's
// cp.async cannot move the element; the flag makes every copy here that the
// form applies to use it, so that its code is what runs and is checked.)
//
// Block-collective copies: each thread copies one element at
// in[base + threadIdx.x], so the block's copies form one contiguous range,
// which ferry re-issues as 16-byte cp.async.cg chunks when a uniform check
// finds the range, the source and the destination 16-byte aligned, and else
// runs the original copy. Elements of 1, 2, 4 and 8 bytes; block sizes that
// make the range aligned (128, 96) and not (99, 33); source offsets of 0 to
// 3 elements, so the source is misaligned for chunks in most launches; a
// 2-D block whose rows all copy the same range (only row 0 may issue).
#include "harness.cuh"

template <typename T>
__global__ void rotate(T *out, const T *in, int batches, int offset) {
  extern __shared__ unsigned char raw[];
  T *tile = reinterpret_cast<T *>(raw);
  unsigned t = threadIdx.x;
  for (int batch = 0; batch < batches; batch++) {
    size_t base = ((size_t)batch * gridDim.x + blockIdx.x) * blockDim.x + offset;
    tile[t] = in[base + t];
    __syncthreads();
    out[base - offset + t] = (T)(tile[(t + 1) % blockDim.x] ^ (T)(t * 3));
    __syncthreads();
  }
}

// A 2-D block (x, 4) where the copy ignores threadIdx.y: every row copies the
// same range; row y writes its own output slice.
__global__ void rows_share(int *out, const int *in) {
  __shared__ int tile[256];
  unsigned t = threadIdx.x, y = threadIdx.y;
  size_t base = (size_t)blockIdx.x * blockDim.x;
  tile[t] = in[base + t];
  __syncthreads();
  out[(base + t) * blockDim.y + y] = tile[blockDim.x - 1 - t] + (int)y;
}

template <typename T>
static int run_rotate(harness::Rng &rng, harness::Output &out, int threads, int offset) {
  const int blocks = 7, batches = 3;
  size_t n = (size_t)blocks * threads * batches + 4;
  std::vector<T> in(n);
  for (T &v : in)
    v = (T)(rng.next() | 1);
  T *d_in = harness::device_copy(in);
  size_t m = (size_t)blocks * threads * batches;
  T *d_out = harness::device_poisoned<T>(m);
  rotate<T><<<blocks, threads, threads * sizeof(T)>>>(d_out, d_in, batches, offset);
  CHECK_LAUNCH();
  std::vector<T> want(m);
  for (int batch = 0; batch < batches; batch++)
    for (int b = 0; b < blocks; b++)
      for (int t = 0; t < threads; t++) {
        size_t base = ((size_t)batch * blocks + b) * threads;
        want[base + t] = (T)(in[base + offset + (t + 1) % threads] ^ (T)(t * 3));
      }
  std::vector<T> got = harness::host_copy(d_out, m);
  char what[96];
  std::snprintf(what, sizeof what, "rotate<%zu-byte> threads=%d offset=%d", sizeof(T),
                threads, offset);
  out.append(got);
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_out));
  return harness::count_mismatches(what, got, want) ? 1 : 0;
}

int main(int argc, char **argv) {
  if (argc != 2)
    return harness::usage(argv[0]);
  harness::Rng rng(0xC011EC7);
  harness::Output out;
  int failures = 0;
  for (int threads : {128, 96, 99, 33})
    for (int offset : {0, 1, 3}) {
      failures += run_rotate<unsigned char>(rng, out, threads, offset);
      failures += run_rotate<unsigned short>(rng, out, threads, offset);
      failures += run_rotate<unsigned int>(rng, out, threads, offset);
      failures += run_rotate<unsigned long long>(rng, out, threads, offset);
    }

  const int blocks = 5, x = 64, rows = 4;
  std::vector<int> in((size_t)blocks * x);
  for (int &v : in)
    v = rng.nonzero_int(1 << 20);
  int *d_in = harness::device_copy(in);
  int *d_out = harness::device_poisoned<int>(in.size() * rows);
  rows_share<<<blocks, dim3(x, rows)>>>(d_out, d_in);
  CHECK_LAUNCH();
  std::vector<int> want(in.size() * rows);
  for (int b = 0; b < blocks; b++)
    for (int t = 0; t < x; t++)
      for (int y = 0; y < rows; y++)
        want[((size_t)b * x + t) * rows + y] = in[(size_t)b * x + x - 1 - t] + y;
  std::vector<int> got = harness::host_copy(d_out, want.size());
  failures += harness::count_mismatches("rows_share", got, want) ? 1 : 0;
  out.append(got);

  if (!out.write(argv[1]))
    failures++;
  std::printf("collective_copy: %d failures\n", failures);
  return failures ? 1 : 0;
}
