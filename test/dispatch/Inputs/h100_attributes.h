/* For the dispatch runtime's tests against a stand-in CUDA runtime (which
 * include dispatch_runtime.c first): an H100's device attributes, as
 * cudaDeviceGetAttribute gives them. */
static int h100_attribute(int *value, int attribute) {
  switch (attribute) {
  case DEVICE_ATTRIBUTE_SHARED_PER_BLOCK: *value = 48 * 1024; break;
  case DEVICE_ATTRIBUTE_SHARED_PER_BLOCK_OPTIN: *value = 227 * 1024; break;
  case DEVICE_ATTRIBUTE_MULTIPROCESSORS: *value = 132; break;
  case DEVICE_ATTRIBUTE_SHARED_PER_SM: *value = 228 * 1024; break;
  case DEVICE_ATTRIBUTE_RESERVED_PER_BLOCK: *value = 1024; break;
  case DEVICE_ATTRIBUTE_THREADS_PER_SM: *value = 2048; break;
  case DEVICE_ATTRIBUTE_BLOCKS_PER_SM: *value = 32; break;
  default: return 1;
  }
  return 0;
}
