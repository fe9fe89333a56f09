// A variant whose every conversion is a single-stage copy each thread moves
// in cp.async of under 16 bytes (4- and 8-byte elements, a struct copy's
// 8-byte pieces) is named K__ferry_trial: bench/real's trials found such
// copies no faster, so its launches run it only where a trial timed it
// faster (cost_model.h, ferry_copy_pays_untimed; dispatch.h). A variant
// with any other conversion keeps K__ferry (16-byte copies, a copy loop, a
// ring, also beside a trial-only copy), or K__ferry_ring. Converted in
// place (-ferry-dispatch=never) the copies convert as before: no name, no
// trial.
//
// RUN: %ferry-cc --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only -gline-tables-only \
// RUN:   -Rpass=ferry -o %t.ptx %s 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: FileCheck --check-prefix=PTX %s < %t.ptx
// RUN: %ptxas -arch=sm_80 %t.ptx -o /dev/null
// RUN: %ferry-cc --cuda-gpu-arch=sm_90a -O3 -S --cuda-device-only -o %t.sm90a.ptx %s
// RUN: FileCheck --check-prefix=PTX %s < %t.sm90a.ptx
// RUN: %ptxas -arch=sm_90a %t.sm90a.ptx -o /dev/null
// RUN: %ferry-cc -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only \
// RUN:   -o %t.never.ptx %s
// RUN: FileCheck --check-prefix=NEVER %s < %t.never.ptx
// RUN: %ptxas -arch=sm_80 %t.never.ptx -o /dev/null

struct pair8 {
  double a, b, c, d;
};

// Two 4-byte copies in one phase (a lone copy stays plain: cost_model.c).
// REMARK-DAG: variant-trial.cu:[[#@LINE+1]]:{{[0-9]+}}: remark: the kernel stays as written and its converted copy is the variant _Z5wordsPfPKf__ferry_trial: {{.*}} and a trial of the launch's shape timed it faster
__global__ void words(float *out, const float *in) {
  __shared__ float a[256], b[256];
  unsigned t = threadIdx.x;
  a[t] = in[blockIdx.x * 256 + t];
  b[t] = in[blockIdx.x * 256 + 255 - t];
  __syncthreads();
  out[blockIdx.x * 256 + t] = a[255 - t] + b[t ^ 1];
}

// 8-byte elements, and a 32-byte struct in 8-byte pieces.
// REMARK-DAG: variant-trial.cu:[[#@LINE+1]]:{{[0-9]+}}: remark: the kernel stays as written and its converted copy is the variant _Z6piecesPdPK5pair8PKd__ferry_trial:
__global__ void pieces(double *out, const pair8 *in, const double *more) {
  __shared__ pair8 p[64];
  __shared__ double m[64];
  unsigned t = threadIdx.x;
  p[t] = in[blockIdx.x * 64 + t];
  m[t] = more[blockIdx.x * 64 + t];
  __syncthreads();
  out[blockIdx.x * 64 + t] = p[63 - t].a + p[t ^ 1].d + m[63 - t];
}

// 16-byte elements: the rules choose the variant.
// REMARK-DAG: variant-trial.cu:[[#@LINE+1]]:{{[0-9]+}}: remark: the kernel stays as written and its converted copy is the variant _Z4widePfPK6float4S2___ferry: each
__global__ void wide(float *out, const float4 *in, const float4 *other) {
  __shared__ float4 a[64], b[64];
  unsigned t = threadIdx.x;
  a[t] = in[blockIdx.x * 64 + t];
  b[t] = other[blockIdx.x * 64 + t];
  __syncthreads();
  out[blockIdx.x * 64 + t] = a[63 - t].x + b[t ^ 1].w;
}

// A copy loop of 4-byte elements: the rules choose the variant.
// REMARK-DAG: variant-trial.cu:[[#@LINE+1]]:{{[0-9]+}}: remark: the kernel stays as written and its converted copy is the variant _Z4loopPfPKfi__ferry: each
__global__ void loop(float *out, const float *in, int n) {
  __shared__ float s[1024];
  for (int p = threadIdx.x; p < 1024; p += blockDim.x)
    s[p] = in[blockIdx.x * 1024 + p];
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = s[(threadIdx.x * 7 + n) & 1023];
}

// A ring beside a single-stage 4-byte copy: the rules choose the variant.
// REMARK-DAG: variant-trial.cu:[[#@LINE+1]]:{{[0-9]+}}: remark: the kernel stays as written and its converted copy is the variant _Z5mixedPfPKfS1_i__ferry: each
__global__ void mixed(float *out, const float *in, const float *bias, int batches) {
  __shared__ float tile[256], first[256], second[256];
  unsigned t = threadIdx.x;
  first[t] = bias[t];
  second[t] = bias[255 - t];
  __syncthreads();
  float acc = first[255 - t] + second[t ^ 1];
  for (int k = 0; k < batches; k++) {
    tile[t] = in[(size_t)k * 256 + t];
    __syncthreads();
    acc += tile[255 - t];
    __syncthreads();
  }
  out[blockIdx.x * 256 + t] = acc;
}

// PTX-DAG: .visible .entry _Z5wordsPfPKf__ferry_trial(
// PTX-DAG: .visible .entry _Z6piecesPdPK5pair8PKd__ferry_trial(
// PTX-DAG: .visible .entry _Z4widePfPK6float4S2___ferry(
// PTX-DAG: .visible .entry _Z4loopPfPKfi__ferry(
// PTX-DAG: .visible .entry _Z5mixedPfPKfS1_i__ferry(
// NEVER-NOT: __ferry
// NEVER: cp.async
