// Included into the host half only (nvcc -Xcompiler -include,host_only.h).
#ifdef __CUDA_ARCH__
#error compiled for the host only
#endif
