// expect: cp.async
// expect-converted: 4
// expect-remark: block-uniform isspacep.global test of the source's base pointer before the loop
// expect-remark: versioned on one block-uniform run-time isspacep.global test of the source's base pointer
// expect-sm_80-ptx: isspacep.global
// expect-sm_90a-ptx: isspacep.global
// expect-sm_90a-ptx: cp.async.bulk
// ferry-flags: -mllvm -ferry-lone-copy=false -mllvm -ferry-bulk=auto
//
// Sources not provably global whose base pointer is the same in every
// thread of the block (issue 13, shape 8): a pointer loaded from a by-value
// struct parameter, and one loaded from a __constant__ table at a kernel
// argument's index. One uniform isspacep.global test of the base lets such
// copies take the block-collective form (2-byte elements; on sm_90a, with
// -ferry-bulk=auto, cp.async.bulk rows of 256 bytes) and rings (the test before the loop). The table's second
// entry points at the kernel's own __shared__ staging array (its generic
// address, read back from a first launch of the same kernel in probe mode):
// there the whole block takes the fallback, the copies and loops as
// written. The by-value struct's pointer is always global: only the host
// passes it, and the NVPTX backend itself takes it as global (ld.global),
// so no launch may point it elsewhere. Outputs are compared with a CPU
// reference and, by run.sh, bit for bit with the plain build.
#include "harness.cuh"

#include <cstdint>

constexpr int kBlock = 128;
constexpr int kSteps = 4;

struct Source {
  const unsigned short *data;
  int steps;
};

__constant__ const float *table[2];
__constant__ const unsigned short *short_table[2];

// A ring of block-collective copies of 2-byte elements from the struct's
// pointer.
__global__ void struct_ring(unsigned *__restrict__ out, Source src) {
  __shared__ unsigned short s[kBlock];
  unsigned t = threadIdx.x, acc = 0;
  const unsigned short *base = src.data + blockIdx.x * kSteps * kBlock;
  for (int k = 0; k < src.steps; k++) {
    s[t] = base[k * kBlock + t];
    __syncthreads();
    acc = acc * 3u + s[kBlock - 1 - t] + 2u * s[(t + 5) % kBlock];
    __syncthreads();
  }
  out[blockIdx.x * kBlock + t] = acc;
}

// One block-collective copy (sm_90a: one cp.async.bulk) from the struct's
// pointer.
__global__ void struct_once(unsigned *__restrict__ out, Source src) {
  __shared__ unsigned short s[kBlock];
  unsigned t = threadIdx.x;
  s[t] = src.data[blockIdx.x * kBlock + t];
  __syncthreads();
  out[blockIdx.x * kBlock + t] = s[kBlock - 1 - t] * 7u + s[t];
}

// A ring of per-thread copies from table[which]; with a probe, thread 0
// writes the generic address of `staging` and the block leaves.
__global__ void table_ring(float *__restrict__ out, int which, int steps,
                           unsigned long long *__restrict__ probe) {
  __shared__ float staging[kSteps * kBlock];
  __shared__ float s[kBlock];
  unsigned t = threadIdx.x;
  if (probe) {
    if (t == 0)
      *probe = (unsigned long long)(uintptr_t)staging;
    return;
  }
  for (int i = t; i < kSteps * kBlock; i += kBlock)
    staging[i] = 0.25f * (float)(i + 3 * blockIdx.x);
  __syncthreads();
  const float *base = table[which] + (which ? 0 : blockIdx.x * kSteps * kBlock);
  float acc = 0.0f;
  for (int k = 0; k < steps; k++) {
    s[t] = base[k * kBlock + t];
    __syncthreads();
    acc = 0.5f * acc + s[kBlock - 1 - t] - s[t];
    __syncthreads();
  }
  out[blockIdx.x * kBlock + t] = acc;
}

// One block-collective copy of 2-byte elements from short_table[which].
__global__ void table_once(unsigned *__restrict__ out, int which,
                           unsigned long long *__restrict__ probe) {
  __shared__ unsigned short staging[kBlock];
  __shared__ unsigned short s[kBlock];
  unsigned t = threadIdx.x;
  if (probe) {
    if (t == 0)
      *probe = (unsigned long long)(uintptr_t)staging;
    return;
  }
  staging[t] = (unsigned short)(t * 7u + blockIdx.x);
  __syncthreads();
  const unsigned short *base = short_table[which] + (which ? 0 : blockIdx.x * kBlock);
  s[t] = base[t];
  __syncthreads();
  out[blockIdx.x * kBlock + t] = s[kBlock - 1 - t] * 5u + s[t];
}

template <typename Kernel, typename... Args>
static unsigned long long probe_staging(int grid, Kernel kernel, Args... args) {
  unsigned long long *d_probe = harness::device_poisoned<unsigned long long>(1);
  kernel<<<grid, kBlock>>>(args..., d_probe);
  CHECK_LAUNCH();
  unsigned long long address = harness::host_copy(d_probe, 1)[0];
  CHECK(cudaFree(d_probe));
  return address;
}

int main(int argc, char **argv) {
  if (argc != 2)
    return harness::usage(argv[0]);
  harness::Rng rng(0x5B8E);
  harness::Output out;
  int failures = 0;
  char what[96];
  for (int grid : {1, 3}) {
    size_t count = (size_t)grid * kBlock, many = count * kSteps;
    std::vector<unsigned short> shorts(many);
    for (unsigned short &v : shorts)
      v = (unsigned short)(rng.next() & 0xffff);
    std::vector<float> floats(many);
    for (float &v : floats)
      v = rng.nonzero_float();
    unsigned short *d_shorts = harness::device_copy(shorts);
    float *d_floats = harness::device_copy(floats);
    unsigned *d_out = harness::device_poisoned<unsigned>(count);
    float *d_fout = harness::device_poisoned<float>(count);

    // struct_ring, struct_once: global sources.
    for (int steps : {1, kSteps}) {
      std::vector<unsigned> want(count);
      for (size_t i = 0; i < count; i++) {
        size_t b = i / kBlock, t = i % kBlock;
        unsigned acc = 0;
        for (int k = 0; k < steps; k++) {
          const unsigned short *row = &shorts[(b * kSteps + k) * kBlock];
          acc = acc * 3u + row[kBlock - 1 - t] + 2u * row[(t + 5) % kBlock];
        }
        want[i] = acc;
      }
      CHECK(cudaMemset(d_out, harness::kPoisonByte, count * sizeof(unsigned)));
      struct_ring<<<grid, kBlock>>>(d_out, Source{d_shorts, steps});
      CHECK_LAUNCH();
      std::vector<unsigned> got = harness::host_copy(d_out, count);
      std::snprintf(what, sizeof what, "struct_ring grid=%d steps=%d", grid, steps);
      failures += harness::count_mismatches(what, got, want) != 0;
      out.append(got);
    }
    {
      std::vector<unsigned> want(count);
      for (size_t i = 0; i < count; i++) {
        size_t b = i / kBlock, t = i % kBlock;
        want[i] = shorts[b * kBlock + kBlock - 1 - t] * 7u + shorts[i];
      }
      CHECK(cudaMemset(d_out, harness::kPoisonByte, count * sizeof(unsigned)));
      struct_once<<<grid, kBlock>>>(d_out, Source{d_shorts, 1});
      CHECK_LAUNCH();
      std::vector<unsigned> got = harness::host_copy(d_out, count);
      std::snprintf(what, sizeof what, "struct_once grid=%d", grid);
      failures += harness::count_mismatches(what, got, want) != 0;
      out.append(got);
    }

    // table_ring: entry 0 global, entry 1 the kernel's own shared staging.
    {
      const float *entries[2] = {
          d_floats, (const float *)(uintptr_t)probe_staging(grid, table_ring, d_fout, 0, 0)};
      CHECK(cudaMemcpyToSymbol(table, entries, sizeof entries));
    }
    for (int which : {0, 1})
      for (int steps : {1, kSteps}) {
        std::vector<float> want(count);
        for (size_t i = 0; i < count; i++) {
          size_t b = i / kBlock, t = i % kBlock;
          float acc = 0.0f;
          for (int k = 0; k < steps; k++) {
            size_t first = which ? (size_t)k * kBlock : (b * kSteps + k) * kBlock;
            float mirror = which ? 0.25f * (float)(first + kBlock - 1 - t + 3 * b)
                                 : floats[first + kBlock - 1 - t];
            float own = which ? 0.25f * (float)(first + t + 3 * b) : floats[first + t];
            acc = 0.5f * acc + mirror - own;
          }
          want[i] = acc;
        }
        CHECK(cudaMemset(d_fout, harness::kPoisonByte, count * sizeof(float)));
        table_ring<<<grid, kBlock>>>(d_fout, which, steps, nullptr);
        CHECK_LAUNCH();
        std::vector<float> got = harness::host_copy(d_fout, count);
        std::snprintf(what, sizeof what, "table_ring grid=%d which=%d steps=%d", grid, which,
                      steps);
        failures += harness::count_mismatches(what, got, want) != 0;
        out.append(got);
      }

    // table_once: the same with 2-byte elements, copied once.
    {
      const unsigned short *entries[2] = {
          d_shorts,
          (const unsigned short *)(uintptr_t)probe_staging(grid, table_once, d_out, 0)};
      CHECK(cudaMemcpyToSymbol(short_table, entries, sizeof entries));
    }
    for (int which : {0, 1}) {
      std::vector<unsigned> want(count);
      for (size_t i = 0; i < count; i++) {
        size_t b = i / kBlock, t = i % kBlock;
        auto at = [&](size_t j) -> unsigned {
          return which ? (unsigned short)(j * 7u + b) : shorts[b * kBlock + j];
        };
        want[i] = at(kBlock - 1 - t) * 5u + at(t);
      }
      CHECK(cudaMemset(d_out, harness::kPoisonByte, count * sizeof(unsigned)));
      table_once<<<grid, kBlock>>>(d_out, which, nullptr);
      CHECK_LAUNCH();
      std::vector<unsigned> got = harness::host_copy(d_out, count);
      std::snprintf(what, sizeof what, "table_once grid=%d which=%d", grid, which);
      failures += harness::count_mismatches(what, got, want) != 0;
      out.append(got);
    }
    CHECK(cudaFree(d_shorts));
    CHECK(cudaFree(d_floats));
    CHECK(cudaFree(d_out));
    CHECK(cudaFree(d_fout));
  }
  return harness::finish("uniform_source_base", out, argv[1], failures);
}
