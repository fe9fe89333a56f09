// Multiplies and adds that nvcc 13's cicc contracts into fma, and those it
// leaves as mul and add or sub (nvcc-contraction.test; each comment is
// nvcc -arch=sm_90a -ptx's arithmetic for the kernel).
#define KERNEL(name, expression)                                                                   \
  __global__ void name(float *out, float a, float b, float x, float y) { out[0] = expression; }
KERNEL(add_product_second, x + a * b) // fma
KERNEL(add_product_first, a * b + x)  // fma
KERNEL(subtract_product, x - a * b)   // mul, sub
KERNEL(product_minus, a * b - x)      // mul, sub
KERNEL(add_negated_product, x + (-a) * b) // mul, sub (x - a*b)
KERNEL(subtract_negated_product, x - (-a) * b) // fma (x + a*b)
KERNEL(subtract_constant_product, x - a * 0.75f) // fma with -0.75 (x + a*-0.75)
KERNEL(two_products_added, a * b + x * y) // mul x*y, fma a*b + that
KERNEL(two_products_subtracted, a * b - x * y) // mul, mul, sub

// A product added twice: both adds take it (fma, fma).
__global__ void product_added_twice(float *out, const float *in) {
  float product = in[0] * in[1];
  out[0] = product + in[2];
  out[1] = product + in[3];
}
// A product added and multiplied: mul, add, mul.
__global__ void product_added_and_multiplied(float *out, const float *in) {
  float product = in[0] * in[1];
  out[0] = product + in[2];
  out[1] = product * in[3];
}
// A product added and subtracted: mul, add, sub.
__global__ void product_added_and_subtracted(float *out, const float *in) {
  float product = in[0] * in[1];
  out[0] = product + in[2];
  out[1] = in[3] - product;
}
// A product added four times: fma each time; five times: mul and five adds.
__global__ void product_added_four_times(float *out, const float *in) {
  float product = in[0] * in[1];
  for (int i = 0; i < 4; i++)
    out[i] = product + in[i + 2];
}
__global__ void product_added_five_times(float *out, const float *in) {
  float product = in[0] * in[1];
  for (int i = 0; i < 5; i++)
    out[i] = product + in[i + 2];
}
// A product before a branch, added on one side of it: fma (the multiply
// moves into the branch); added on both sides: mul, add, add.
__global__ void product_added_in_one_branch(float *out, const float *in, int taken) {
  float product = in[0] * in[1];
  if (taken)
    out[0] = product + in[2];
}
__global__ void product_added_in_both_branches(float *out, const float *in, int taken) {
  float product = in[0] * in[1];
  if (taken)
    out[0] = product + in[2];
  else
    out[1] = product + in[3];
}
// car's shape: a product of values fixed before the loop, added in it (the
// multiply hoisted before the loop): mul before the loop, add in it.
__global__ void product_hoisted_before_loop(float *out, const float *__restrict__ in, int n, float a, float b) {
#pragma unroll 1
  for (int k = 0; k < n; k++)
    out[k] = a * b + in[k];
}
// The same rule in double precision: fma; mul, sub.
__global__ void double_add_product(double *out, const double *in) { out[0] = in[2] + in[0] * in[1]; }
__global__ void double_subtract_product(double *out, const double *in) { out[0] = in[2] - in[0] * in[1]; }
