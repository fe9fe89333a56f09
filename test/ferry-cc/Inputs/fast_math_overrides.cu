// A division, a reciprocal, a multiply-add and a square root: the forms
// nvcc's --use_fast_math, -prec-div, -prec-sqrt, --ftz and --fmad choose.
__global__ void arithmetic(float *out, float x, float y, float z) {
  out[0] = x / y;
  out[1] = x * y + z;
  out[2] = 1.0f / z;
  out[3] = sqrtf(x);
}
