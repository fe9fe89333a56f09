// expect: cp.async
// expect-converted: 6
// expect-sm_90a-ptx: cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes
// expect-sm_90a-ptx: mbarrier.try_wait.parity
// expect-sm_90a-remark: completed on an mbarrier
// ferry-flags: -mllvm -ferry-lone-copy=false -mllvm -ferry-collective=always -mllvm -ferry-bulk=auto -mllvm -ferry-prefetch=never -mllvm -ferry-stages=1
//
// (-ferry-stages=1: the batch loops' stores may write their sources, and a
// range check before such a loop now gives it a ring; this test is for the
// single-stage forms. range_check.cu tests the rings.)
//
// Block-collective copies that ferry turns, on sm_90a, into one
// cp.async.bulk per row completed on an mbarrier (rows of at least 128
// bytes; 16-byte cp.async.cg chunks below, and on sm_80; the original copy
// when a uniform check finds a row, source or destination not 16-byte
// aligned). Every launch is compared bit for bit with the plain build:
//
// - rotate<T>: 1-, 2-, 4- and 8-byte elements in a loop of batches (one
//   mbarrier phase a batch: the parity flips), block sizes whose rows are
//   bulk (128 and 256 threads of 1 byte = 128, 256 bytes; 4 bytes: 512,
//   1024), chunks (96 bytes) or neither (99 and 33 threads: rows not a
//   multiple of 16), and source offsets of 0, 1, 3 and 16/size elements,
//   so that the source base is misaligned in most launches and aligned
//   again at 16 bytes.
// - tile_rows: a 2-D tile whose rows of threadIdx.y are each a bulk copy
//   of their own; with an odd leading dimension the rows' sources are
//   aligned in some rows and not in others, so within one block some rows
//   copy in bulk and others fall back to the original copy.
// - two_arrays: two copies before one barrier, both announced on the one
//   mbarrier.
// - bounded: a static tile under __launch_bounds__(256), launched with
//   fewer threads than the bound.
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

// Rows of 32 floats (128 bytes): blockDim (32, ny).
__global__ void tile_rows(float *out, const float *g, int ld) {
  __shared__ float tile[8][32];
  unsigned tx = threadIdx.x, ty = threadIdx.y;
  const float *base = g + (size_t)blockIdx.x * blockDim.y * ld;
  tile[ty][tx] = base[ty * ld + tx];
  __syncthreads();
  unsigned peer = (ty + 1) % blockDim.y;
  out[((size_t)blockIdx.x * blockDim.y + ty) * blockDim.x + tx] =
      tile[peer][blockDim.x - 1 - tx] + (float)ty;
}

__global__ void two_arrays(short *__restrict__ out, const short *__restrict__ a,
                           const short *__restrict__ b, int offset) {
  __shared__ short sa[512], sb[512];
  unsigned t = threadIdx.x;
  size_t base = (size_t)blockIdx.x * blockDim.x;
  sa[t] = a[base + t + offset];
  sb[t] = b[base + t];
  __syncthreads();
  out[base + t] = (short)(sa[blockDim.x - 1 - t] * 3 + sb[(t + 5) % blockDim.x]);
}

__global__ void __launch_bounds__(256) bounded(unsigned char *__restrict__ out,
                                               const unsigned char *__restrict__ in) {
  __shared__ unsigned char tile[256];
  unsigned t = threadIdx.x;
  tile[t] = in[blockIdx.x * blockDim.x + t];
  __syncthreads();
  out[blockIdx.x * blockDim.x + t] = tile[(t + 7) % blockDim.x] ^ (unsigned char)t;
}

template <typename T>
static int run_rotate(harness::Rng &rng, harness::Output &out, int threads, int offset) {
  const int blocks = 5, batches = 3;
  size_t n = (size_t)blocks * threads * batches + 16;
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
  std::snprintf(what, sizeof what, "rotate<%zu-byte> threads=%d offset=%d", sizeof(T), threads,
                offset);
  out.append(got);
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_out));
  return harness::count_mismatches(what, got, want) ? 1 : 0;
}

static int run_tile_rows(harness::Rng &rng, harness::Output &out, int rows, int ld) {
  const int blocks = 6;
  size_t n = (size_t)blocks * rows * ld + 32;
  std::vector<float> g(n);
  for (float &v : g)
    v = rng.nonzero_float();
  float *d_g = harness::device_copy(g);
  size_t m = (size_t)blocks * rows * 32;
  float *d_out = harness::device_poisoned<float>(m);
  tile_rows<<<blocks, dim3(32, rows)>>>(d_out, d_g, ld);
  CHECK_LAUNCH();
  std::vector<float> want(m);
  for (int b = 0; b < blocks; b++)
    for (int y = 0; y < rows; y++)
      for (int x = 0; x < 32; x++) {
        int peer = (y + 1) % rows;
        want[((size_t)b * rows + y) * 32 + x] =
            g[(size_t)b * rows * ld + (size_t)peer * ld + (31 - x)] + (float)y;
      }
  std::vector<float> got = harness::host_copy(d_out, m);
  char what[64];
  std::snprintf(what, sizeof what, "tile_rows rows=%d ld=%d", rows, ld);
  out.append(got);
  CHECK(cudaFree(d_g));
  CHECK(cudaFree(d_out));
  return harness::count_mismatches(what, got, want) ? 1 : 0;
}

static int run_two_arrays(harness::Rng &rng, harness::Output &out, int threads, int offset) {
  const int blocks = 4;
  size_t n = (size_t)blocks * threads + 16;
  std::vector<short> a(n), b(n);
  for (short &v : a)
    v = (short)rng.nonzero_int(1000);
  for (short &v : b)
    v = (short)rng.nonzero_int(1000);
  short *d_a = harness::device_copy(a), *d_b = harness::device_copy(b);
  size_t m = (size_t)blocks * threads;
  short *d_out = harness::device_poisoned<short>(m);
  two_arrays<<<blocks, threads>>>(d_out, d_a, d_b, offset);
  CHECK_LAUNCH();
  std::vector<short> want(m);
  for (int k = 0; k < blocks; k++)
    for (int t = 0; t < threads; t++) {
      size_t base = (size_t)k * threads;
      want[base + t] = (short)(a[base + (threads - 1 - t) + offset] * 3 +
                               b[base + (t + 5) % threads]);
    }
  std::vector<short> got = harness::host_copy(d_out, m);
  char what[64];
  std::snprintf(what, sizeof what, "two_arrays threads=%d offset=%d", threads, offset);
  out.append(got);
  CHECK(cudaFree(d_a));
  CHECK(cudaFree(d_b));
  CHECK(cudaFree(d_out));
  return harness::count_mismatches(what, got, want) ? 1 : 0;
}

static int run_bounded(harness::Rng &rng, harness::Output &out, int threads) {
  const int blocks = 9;
  size_t n = (size_t)blocks * threads;
  std::vector<unsigned char> in(n);
  for (unsigned char &v : in)
    v = (unsigned char)(rng.next() | 1);
  unsigned char *d_in = harness::device_copy(in);
  unsigned char *d_out = harness::device_poisoned<unsigned char>(n);
  bounded<<<blocks, threads>>>(d_out, d_in);
  CHECK_LAUNCH();
  std::vector<unsigned char> want(n);
  for (int b = 0; b < blocks; b++)
    for (int t = 0; t < threads; t++)
      want[(size_t)b * threads + t] =
          (unsigned char)(in[(size_t)b * threads + (t + 7) % threads] ^ (unsigned char)t);
  std::vector<unsigned char> got = harness::host_copy(d_out, n);
  char what[48];
  std::snprintf(what, sizeof what, "bounded threads=%d", threads);
  out.append(got);
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_out));
  return harness::count_mismatches(what, got, want) ? 1 : 0;
}

int main(int argc, char **argv) {
  if (argc != 2)
    return harness::usage(argv[0]);
  harness::Rng rng(0xB01C0B7);
  harness::Output out;
  int failures = 0;
  for (int threads : {128, 256, 96, 99, 33}) {
    for (int offset : {0, 1, 3, 16}) {
      failures += run_rotate<unsigned char>(rng, out, threads, offset);
      failures += run_rotate<unsigned short>(rng, out, threads, offset / 2);
    }
    for (int offset : {0, 1, 3, 4})
      failures += run_rotate<unsigned int>(rng, out, threads, offset);
    for (int offset : {0, 1, 2})
      failures += run_rotate<unsigned long long>(rng, out, threads, offset);
  }
  for (int rows : {8, 4, 1})
    for (int ld : {32, 36, 33, 40})
      failures += run_tile_rows(rng, out, rows, ld);
  for (int threads : {512, 256, 64, 40})
    for (int offset : {0, 8, 3})
      failures += run_two_arrays(rng, out, threads, offset);
  for (int threads : {256, 160, 128, 48})
    failures += run_bounded(rng, out, threads);

  if (!out.write(argv[1]))
    failures++;
  std::printf("bulk_copy: %d failures\n", failures);
  return failures ? 1 : 0;
}
