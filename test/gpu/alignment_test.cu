// expect: cp.async
// expect-converted: 5
// expect-remark: versioned on this thread's run-time test that its destination address is 16-byte aligned
// expect-remark: versioned on this thread's run-time test that its source address is 16-byte aligned
// expect-remark: versioned on this thread's run-time test that its source address is 4-byte aligned
// expect-sm_80-ptx: cp.async.cg.shared.global
// expect-sm_90a-ptx: cp.async.cg.shared.global
// ferry-flags: -mllvm -ferry-lone-copy=false
//
// Copies whose alignment to their size only a run-time test can settle
// (issue 24, the tensor-core GEMMs' int4 chunks): each thread tests its
// addresses, cp.async where they are aligned, the copy as written where they
// are not. The kernels run with their source at an allocation (aligned), 2
// bytes past it and 8 bytes past it, so that both paths run:
//
//  - gemm_tile: cudaTensorCoreGemm's copy, `*((int4 *)&shmem[r][0] + lane) =
//    *lane_ptr` into rows of 80 halves of an extern __shared__ array, which
//    clang marks 2 (the source, an `int4 *`, it marks 16: it runs aligned
//    only, as the sample does). The test is of shmem's low bits, once per
//    thread for both copies.
//  - half_chunks: `memcpy(&v, &A[8 * i], 16); tile[255 - t] = v;` from a
//    `const __half *` (marked 2): +2 and +8 take the plain path.
//  - byte_words: `memcpy(&w, &in[4 * i], 4); stage[255 - t] = w;` from bytes
//    (marked 1): +2 plain, +8 cp.async.
//  - mixed_offsets: each thread's source offset read from a table, even
//    threads at +0, odd ones at +2 (then +8 and +10, +2 and +4): threads of
//    one warp take different paths.
//
// Outputs are compared with a CPU reference and, by run.sh, bit for bit with
// the plain build, under racecheck and synccheck.
#include <cuda_fp16.h>

#include "harness.cuh"

constexpr int kLda = 1024;    // halves in a row of A (a multiple of 8, as K_GLOBAL)
constexpr int kRows = 32;     // rows of A per block
constexpr int kSkew = 16;     // cudaTensorCoreGemm's SKEW_HALF
constexpr int kTile = 64;     // halves of a row copied: 8 int4 chunks

extern __shared__ __half shmem[][kTile + kSkew];

// 128 threads: 16 rows of 8 chunks per pass, two passes.
__global__ void gemm_tile(const __half *A, int4 *out) {
  int lane = threadIdx.x % 8, row = threadIdx.x / 8;
  const int4 *lane_ptr = (const int4 *)(A + ((size_t)blockIdx.x * kRows + row) * kLda) + lane;
#pragma unroll
  for (int i = 0; i < 2; i++) {
    *((int4 *)&shmem[row + 16 * i][0] + lane) = *lane_ptr;
    lane_ptr = (const int4 *)((const __half *)lane_ptr + 16 * kLda);
  }
  __syncthreads();
#pragma unroll
  for (int i = 0; i < 2; i++) {
    int r = row + 16 * i;
    out[((size_t)blockIdx.x * kRows + r) * 8 + lane] = *((int4 *)&shmem[kRows - 1 - r][0] + (7 - lane));
  }
}

__global__ void half_chunks(const __half *A, int4 *out) {
  __shared__ int4 tile[256];
  size_t i = (size_t)blockIdx.x * 256 + threadIdx.x;
  int4 v;
  memcpy(&v, &A[8 * i], sizeof v);
  tile[255 - threadIdx.x] = v;
  __syncthreads();
  out[i] = tile[threadIdx.x];
}

__global__ void byte_words(const unsigned char *in, unsigned *out) {
  __shared__ unsigned stage[256];
  size_t i = (size_t)blockIdx.x * 256 + threadIdx.x;
  unsigned w;
  memcpy(&w, &in[4 * i], sizeof w);
  stage[255 - threadIdx.x] = w;
  __syncthreads();
  out[i] = stage[threadIdx.x] ^ threadIdx.x;
}

__global__ void mixed_offsets(const unsigned char *in, const int *offsets, int4 *out) {
  __shared__ int4 tile[256];
  size_t i = (size_t)blockIdx.x * 256 + threadIdx.x;
  int4 v;
  memcpy(&v, &in[offsets[threadIdx.x & 1] + 16 * i], sizeof v);
  tile[255 - threadIdx.x] = v;
  __syncthreads();
  out[i] = tile[threadIdx.x];
}

// The 16 bytes at byte offset `at` of `bytes`, as the kernels read them.
static int4 chunk_at(const std::vector<unsigned char> &bytes, size_t at) {
  int4 v;
  std::memcpy(&v, &bytes[at], sizeof v);
  return v;
}

int main(int argc, char **argv) {
  if (argc != 2)
    return harness::usage(argv[0]);
  harness::Rng rng(0xA1167);
  harness::Output out;
  int failures = 0;
  char what[96];
  const int grid = 6;
  // grid * kRows rows of kLda halves, and 16 bytes to spare for the shifts.
  size_t a_bytes = (size_t)grid * kRows * kLda * 2;
  std::vector<unsigned char> a(a_bytes + 16);
  for (unsigned char &v : a)
    v = (unsigned char)rng.next();
  unsigned char *d_a = harness::device_copy(a);

  // The sample's copy reads through an `int4 *`: aligned only.
  size_t chunks = (size_t)grid * kRows * 8;
  int4 *d_tiles = harness::device_poisoned<int4>(chunks);
  size_t shared = kRows * (kTile + kSkew) * sizeof(__half);
  gemm_tile<<<grid, 128, shared>>>((const __half *)d_a, d_tiles);
  CHECK_LAUNCH();
  std::vector<int4> tiles = harness::host_copy(d_tiles, chunks), tiles_want(chunks);
  for (size_t b = 0; b < (size_t)grid; b++)
    for (size_t r = 0; r < kRows; r++)
      for (size_t lane = 0; lane < 8; lane++)
        tiles_want[(b * kRows + r) * 8 + lane] =
            chunk_at(a, ((b * kRows + kRows - 1 - r) * kLda + 8 * (7 - lane)) * 2);
  failures += harness::count_mismatches("gemm_tile", tiles, tiles_want) != 0;
  out.append(tiles);
  CHECK(cudaFree(d_tiles));

  const size_t elements = (size_t)grid * 256;
  int4 *d_chunks = harness::device_poisoned<int4>(elements);
  unsigned *d_words = harness::device_poisoned<unsigned>(elements);
  int *d_offsets = nullptr;
  for (size_t shift : {0, 2, 8}) {
    std::vector<int4> want(elements);
    half_chunks<<<grid, 256>>>((const __half *)(d_a + shift), d_chunks);
    CHECK_LAUNCH();
    for (size_t i = 0; i < elements; i++) {
      size_t b = i - i % 256, t = i % 256;
      want[i] = chunk_at(a, shift + 16 * (b + 255 - t));
    }
    std::vector<int4> got = harness::host_copy(d_chunks, elements);
    std::snprintf(what, sizeof what, "half_chunks shift=%zu", shift);
    failures += harness::count_mismatches(what, got, want) != 0;
    out.append(got);

    byte_words<<<grid, 256>>>(d_a + shift, d_words);
    CHECK_LAUNCH();
    std::vector<unsigned> words = harness::host_copy(d_words, elements), words_want(elements);
    for (size_t i = 0; i < elements; i++) {
      size_t b = i - i % 256, t = i % 256;
      unsigned w;
      std::memcpy(&w, &a[shift + 4 * (b + 255 - t)], 4);
      words_want[i] = w ^ (unsigned)t;
    }
    std::snprintf(what, sizeof what, "byte_words shift=%zu", shift);
    failures += harness::count_mismatches(what, words, words_want) != 0;
    out.append(words);

    // Even threads at `shift`, odd ones 2 bytes further.
    std::vector<int> offsets = {(int)shift, (int)shift + 2};
    d_offsets = harness::device_copy(offsets);
    mixed_offsets<<<grid, 256>>>(d_a, d_offsets, d_chunks);
    CHECK_LAUNCH();
    for (size_t i = 0; i < elements; i++) {
      size_t b = i - i % 256, t = i % 256, from = 255 - t;
      want[i] = chunk_at(a, offsets[from & 1] + 16 * (b + from));
    }
    got = harness::host_copy(d_chunks, elements);
    std::snprintf(what, sizeof what, "mixed_offsets shift=%zu", shift);
    failures += harness::count_mismatches(what, got, want) != 0;
    out.append(got);
    CHECK(cudaFree(d_offsets));
  }
  CHECK(cudaFree(d_chunks));
  CHECK(cudaFree(d_words));
  CHECK(cudaFree(d_a));
  return harness::finish("alignment_test", out, argv[1], failures);
}
