// The math functions nvcc's --use_fast_math makes fast (nvcc 13 compiles
// each to its intrinsic: expf to __expf, ...): clang's headers make sinf
// and logf fast themselves, ferry-cc the other five.
__global__ void functions(float *out, float x, float y) {
  out[0] = expf(x);
  out[1] = exp10f(x);
  out[2] = log10f(x);
  out[3] = tanf(x);
  out[4] = powf(x, y);
  out[5] = sinf(x);
  out[6] = logf(x);
}

// Host code calls the host's library, whatever the device half does.
float host_power(float x) { return expf(x) + powf(x, 2.5f); }
