// Access properties on the GPU: every annotated load and store, with every
// kind of property (static, interleaved, range), must give exactly the
// results of plain accesses; apply, normal priority and discard must leave
// the data alone (discard only the lines it owns). The policy values that
// createpolicy made are printed as INFO lines.
#include <ferry.h>

#include "rt_harness.cuh"

__device__ ferry_access_property_t property(int which, const void *base, size_t bytes) {
  switch (which) {
  case 0: return ferry_access_property_global();
  case 1: return ferry_access_property_normal();
  case 2: return ferry_access_property_streaming();
  case 3: return ferry_access_property_persisting();
  case 4: return ferry_access_property_interleaved(FERRY_ACCESS_STREAMING, 0.5f, FERRY_ACCESS_GLOBAL);
  case 5: return ferry_access_property_interleaved(FERRY_ACCESS_PERSISTING, 0.75f, FERRY_ACCESS_STREAMING);
  case 6: return ferry_access_property_interleaved(FERRY_ACCESS_NORMAL, 0.125f, FERRY_ACCESS_STREAMING);
  case 7: return ferry_access_property_range(base, bytes / 2, bytes, FERRY_ACCESS_PERSISTING, FERRY_ACCESS_STREAMING);
  default: return ferry_access_property_range(base, bytes, bytes, FERRY_ACCESS_STREAMING, FERRY_ACCESS_GLOBAL);
  }
}
#define PROPERTIES 9

// out[i] = f(in[i]), loaded and stored through the property.
#define LOAD_STORE_KERNEL(suffix, type, f)                                                         \
  extern "C" __global__ void load_store_##suffix(const type *in, type *out, unsigned n, int which) { \
    ferry_access_property_t load = property(which, in, n * sizeof(type));                          \
    ferry_access_property_t store = property(which, out, n * sizeof(type));                        \
    for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) { \
      type v = ferry_load_##suffix(in + i, load);                                                  \
      ferry_store_##suffix(out + i, f, store);                                                     \
    }                                                                                              \
  }
LOAD_STORE_KERNEL(u8, uint8_t, (uint8_t)(v * 3u + 1u))
LOAD_STORE_KERNEL(u16, uint16_t, (uint16_t)(v ^ 0xA5A5u))
LOAD_STORE_KERNEL(u32, uint32_t, v * 2654435761u)
LOAD_STORE_KERNEL(u64, uint64_t, ~v + (v << 7))
LOAD_STORE_KERNEL(f32, float, v * 2.0f - 1.0f)
LOAD_STORE_KERNEL(f64, double, v * 0.5 + 3.0)

extern "C" __global__ void load_store_u32x4(const ferry_u32x4_t *in, ferry_u32x4_t *out, unsigned n, int which) {
  ferry_access_property_t load = property(which, in, n * sizeof(ferry_u32x4_t));
  ferry_access_property_t store = property(which, out, n * sizeof(ferry_u32x4_t));
  for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    ferry_u32x4_t v = ferry_load_u32x4(in + i, load);
    ferry_u32x4_t w = {v.w, v.z + 1, v.y ^ 7u, v.x * 3u};
    ferry_store_u32x4(out + i, w, store);
  }
}

extern "C" __global__ void policies(unsigned long long *out, const int *data) {
  for (int which = 0; which < PROPERTIES; which++)
    out[which] = property(which, data, 1 << 20).policy;
}

// Thread 0 applies properties to the whole buffer, resets its priority, and
// discards the scratch buffer's lines; then every thread rewrites scratch.
extern "C" __global__ void apply_and_discard(const float *data, float *scratch, unsigned n, float *copy) {
  if (blockIdx.x == 0 && threadIdx.x == 0) {
    ferry_apply_access_property(data, n * sizeof(float), FERRY_ACCESS_PERSISTING);
    ferry_apply_access_property(data + 3, n * sizeof(float) - 12, FERRY_ACCESS_NORMAL);
    ferry_apply_normal_priority(data, n * sizeof(float));
    ferry_discard_memory(scratch, n * sizeof(float));
    float *associated = (float *)ferry_associate_access_property(scratch, ferry_access_property_streaming());
    associated[0] = 0.0f; // still the same memory
  }
  __syncthreads();
  for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    copy[i] = data[i];
}

template <typename T, typename F> std::vector<T> map(const std::vector<T> &in, F f) {
  std::vector<T> out(in.size());
  for (size_t i = 0; i < in.size(); i++)
    out[i] = f(in[i]);
  return out;
}

template <typename T, typename F>
void run(rt::Launcher &launcher, rt::Report &report, const char *name, const void *kernel, const std::vector<T> &in,
         F f) {
  std::vector<T> want = map(in, f);
  T *in_device = rt::to_device(in);
  T *out = rt::poisoned<T>(in.size());
  const char *kinds[PROPERTIES] = {"global",
                                   "normal",
                                   "streaming",
                                   "persisting",
                                   "interleaved streaming 0.5",
                                   "interleaved persisting 0.75 / streaming",
                                   "interleaved normal 0.125 / streaming",
                                   "range persisting half / streaming",
                                   "range streaming whole"};
  unsigned bad_kinds = 0;
  std::string which_bad;
  for (int which = 0; which < PROPERTIES; which++) {
    CHECK(cudaMemset(out, 0xA5, in.size() * sizeof(T)));
    CHECK(launcher.launch(name, kernel, 40, 128, (const T *)in_device, out, (unsigned)in.size(), which));
    std::vector<T> got = rt::to_host(out, in.size());
    if (std::memcmp(got.data(), want.data(), in.size() * sizeof(T)) != 0) {
      bad_kinds++;
      which_bad += std::string(" ") + kinds[which];
    }
  }
  report.check(bad_kinds == 0, std::string(name) + ": " + std::to_string(in.size()) + " elements, " +
                                   std::to_string(PROPERTIES) + " properties, identical to plain accesses",
               which_bad);
  CHECK(cudaFree(in_device));
  CHECK(cudaFree(out));
}

int main(int argc, char **argv) {
  rt::Options options = rt::parse(argc, argv);
  rt::Launcher launcher(options);
  rt::Report report("access_property_test");
  rt::Rng rng(5);
  const unsigned n = options.quick ? 3000 : 1000003;

  {
    std::vector<uint8_t> in(n);
    for (auto &v : in)
      v = (uint8_t)rng.next();
    run(launcher, report, "load_store_u8", (const void *)load_store_u8, in, [](uint8_t v) { return (uint8_t)(v * 3u + 1u); });
  }
  {
    std::vector<uint16_t> in(n);
    for (auto &v : in)
      v = (uint16_t)rng.next();
    run(launcher, report, "load_store_u16", (const void *)load_store_u16, in, [](uint16_t v) { return (uint16_t)(v ^ 0xA5A5u); });
  }
  {
    std::vector<uint32_t> in(n);
    for (auto &v : in)
      v = rng.nonzero();
    run(launcher, report, "load_store_u32", (const void *)load_store_u32, in, [](uint32_t v) { return v * 2654435761u; });
  }
  {
    std::vector<uint64_t> in(n);
    for (auto &v : in)
      v = rng.next();
    run(launcher, report, "load_store_u64", (const void *)load_store_u64, in, [](uint64_t v) { return ~v + (v << 7); });
  }
  {
    std::vector<float> in(n);
    for (auto &v : in)
      v = (float)(rng.nonzero() >> 8) / 1024.0f;
    run(launcher, report, "load_store_f32", (const void *)load_store_f32, in, [](float v) { return v * 2.0f - 1.0f; });
  }
  {
    std::vector<double> in(n);
    for (auto &v : in)
      v = (double)(rng.next() >> 11) / 4096.0;
    run(launcher, report, "load_store_f64", (const void *)load_store_f64, in, [](double v) { return v * 0.5 + 3.0; });
  }
  {
    std::vector<ferry_u32x4_t> in(n / 4);
    for (auto &v : in)
      v = {rng.nonzero(), rng.nonzero(), rng.nonzero(), rng.nonzero()};
    run(launcher, report, "load_store_u32x4", (const void *)load_store_u32x4, in, [](ferry_u32x4_t v) {
      ferry_u32x4_t w = {v.w, v.z + 1, v.y ^ 7u, v.x * 3u};
      return w;
    });
  }

  // The policies themselves.
  {
    int *data = rt::poisoned<int>(1 << 18);
    unsigned long long *out = rt::poisoned<unsigned long long>(PROPERTIES);
    LAUNCH(launcher, policies, 1, 1, out, (const int *)data);
    std::vector<unsigned long long> got = rt::to_host(out, PROPERTIES);
    for (int which = 0; which < PROPERTIES; which++)
      std::printf("INFO access_property_test: policy %d = 0x%016llx\n", which, got[which]);
    CHECK(cudaFree(data));
    CHECK(cudaFree(out));
  }

  // apply / normal priority / discard leave the data as it was.
  {
    std::vector<float> data(n);
    for (auto &v : data)
      v = (float)(rng.nonzero() >> 8);
    float *data_device = rt::to_device(data);
    float *scratch = rt::poisoned<float>(n);
    float *copy = rt::poisoned<float>(n);
    LAUNCH(launcher, apply_and_discard, 40, 128, (const float *)data_device, scratch, n, copy);
    report.compare("apply (persisting, normal), normal priority, discard: data unchanged", rt::to_host(copy, n),
                   data);
    std::vector<float> again = rt::to_host(data_device, n);
    report.compare("the applied buffer itself unchanged", again, data);
    CHECK(cudaFree(data_device));
    CHECK(cudaFree(scratch));
    CHECK(cudaFree(copy));
  }
  return report.finish();
}
