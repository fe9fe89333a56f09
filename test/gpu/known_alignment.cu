// expect: cp.async
// expect-converted: 2
// expect-sm_80-ptx: cp.async.cg.shared.global
// expect-sm_90a-ptx: cp.async.cg.shared.global
// ferry-flags: -mllvm -ferry-lone-copy=false
//
// Alignment from the addresses' known low bits (issue 13, shape 3): clang
// marks `*(int4 *)&tile[r][c]` (a __half tile) with the element's 2-byte
// alignment, but tile[r][8 * tx] lies at a multiple of 16 bytes from the
// array, which ferry aligns to 16: a cp.async.cg of 16 bytes.
// `*(unsigned *)&stage[4 * t]` into an __align__(16) byte array is stored
// with align 1 but lies at a multiple of 4: a cp.async.ca of 4. Outputs are
// compared with a CPU reference and, by run.sh, bit for bit with the plain
// build.
#include <cuda_fp16.h>

#include "harness.cuh"

__global__ void half_tile(int4 *out, const int4 *in) {
  __shared__ __half tile[16][64];
  int r = threadIdx.y, c = threadIdx.x * 8, b = blockIdx.x * 128;
  *(int4 *)&tile[r][c] = in[b + r * 8 + threadIdx.x];
  __syncthreads();
  out[b + r * 8 + threadIdx.x] = *(int4 *)&tile[15 - r][56 - c];
}

__global__ void stage_words(unsigned *out, const unsigned char *in) {
  __shared__ __align__(16) unsigned char stage[1024];
  size_t b = (size_t)blockIdx.x * 1024;
  *(unsigned *)&stage[4 * threadIdx.x] = *(const unsigned *)&in[b + 4 * threadIdx.x];
  __syncthreads();
  out[blockIdx.x * 256 + threadIdx.x] = *(unsigned *)&stage[4 * (255 - threadIdx.x)] + 1u;
}

int main(int argc, char **argv) {
  if (argc != 2)
    return harness::usage(argv[0]);
  harness::Rng rng(0xA119);
  harness::Output out;
  int failures = 0;
  char what[96];
  for (int grid : {1, 6}) {
    size_t count = (size_t)grid * 128;
    std::vector<int4> in(count), want(count);
    for (int4 &v : in)
      v = make_int4(rng.nonzero_int(1 << 30), rng.nonzero_int(1 << 30), rng.nonzero_int(1 << 30),
                    rng.nonzero_int(1 << 30));
    for (size_t i = 0; i < count; i++) {
      size_t b = i - i % 128, r = i % 128 / 8, x = i % 8;
      want[i] = in[b + (15 - r) * 8 + (7 - x)];
    }
    int4 *d_in = harness::device_copy(in), *d_out = harness::device_poisoned<int4>(count);
    half_tile<<<grid, dim3(8, 16)>>>(d_out, d_in);
    CHECK_LAUNCH();
    std::vector<int4> got = harness::host_copy(d_out, count);
    std::snprintf(what, sizeof what, "half_tile grid=%d", grid);
    failures += harness::count_mismatches(what, got, want) != 0;
    out.append(got);
    CHECK(cudaFree(d_in));
    CHECK(cudaFree(d_out));

    std::vector<unsigned char> bytes((size_t)grid * 1024);
    for (unsigned char &v : bytes)
      v = (unsigned char)rng.next();
    std::vector<unsigned> words_want((size_t)grid * 256);
    for (size_t i = 0; i < words_want.size(); i++) {
      size_t b = i - i % 256, t = i % 256;
      unsigned w;
      std::memcpy(&w, &bytes[4 * (b + 255 - t)], 4);
      words_want[i] = w + 1u;
    }
    unsigned char *d_bytes = harness::device_copy(bytes);
    unsigned *d_words = harness::device_poisoned<unsigned>(words_want.size());
    stage_words<<<grid, 256>>>(d_words, d_bytes);
    CHECK_LAUNCH();
    std::vector<unsigned> words = harness::host_copy(d_words, words_want.size());
    std::snprintf(what, sizeof what, "stage_words grid=%d", grid);
    failures += harness::count_mismatches(what, words, words_want) != 0;
    out.append(words);
    CHECK(cudaFree(d_bytes));
    CHECK(cudaFree(d_words));
  }
  return harness::finish("known_alignment", out, argv[1], failures);
}
