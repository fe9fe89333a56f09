/* A kernel in plain C that uses the runtime, for ferry-cc-links-runtime.cu. */
#include <ferry.h>

__attribute__((nvptx_kernel)) void plain_c(const unsigned *in, unsigned *out) {
  ferry_access_property_t keep = ferry_access_property_persisting();
  out[0] = ferry_load_u32(in, keep);
}
