// A kernel's second variant, the alternative K__ferry_alt (dispatch.h,
// dispatch_variants.c): where the rules cannot say which of two
// conversions of a kernel pays, both are entries of the measured dispatch.
//   - both: copies the rules convert, and a loop alias-versioned: the
//     variant holds both, the alternative the copies alone (issue 32's
//     candidates: copies, copies and versioning; the kernel as written has
//     neither);
//   - candidate_and_loop: a trial candidate beside copies the rules
//     convert (which the variant leaves as written), and an alias-versioned
//     loop: the variant holds the rules' copies and the versioning, the
//     alternative the rules' copies and the candidate, no versioning;
//   - copies_only (its copy a trial candidate alone), loop_only: nothing
//     to split, one variant, no alternative, no remark about one;
//   - narrow_beside_candidate: a trial candidate beside 4-byte copies the
//     rules convert but do not choose untimed: an alternative is made
//     (ferry-pipeline cannot know yet) and, its candidate converted in the
//     variant too, deleted: no trace of it, in the PTX or the remarks.
// A kernel whose variant holds copies and a versioned loop (both,
// candidate_and_loop) gets a third entry too, the versioning alone,
// K__ferry_ver (dispatch.h): the kernel as written with its loop
// versioned, no copy converted (its own remarks none: the kernel's says
// what it is); the kernels with nothing to split get none.
// Under -ferry-dispatch=never there are no variants at all.
//
// RUN: %ferry-cc --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only -gline-tables-only \
// RUN:   -Rpass=ferry -Rpass-missed=ferry -Rpass-analysis=ferry -o %t.ptx %s 2> %t.remarks
// RUN: FileCheck --check-prefix=REMARK --implicit-check-not=NoSecondVariant --implicit-check-not=NoVersionedEntry %s < %t.remarks
// RUN: grep -c 'remark: versioned this loop' %t.remarks | FileCheck --check-prefix=VERSIONED-REMARKS %s
// VERSIONED-REMARKS: {{^}}6{{$}}
// RUN: FileCheck --check-prefix=PTX --implicit-check-not=_Z11copies_onlyPjPK4quad__ferry_alt --implicit-check-not=_Z9loop_onlyPfPKfi__ferry_alt --implicit-check-not=narrow_beside_candidate{{.*}}__ferry_alt --implicit-check-not=_Z11copies_onlyPjPK4quad__ferry_ver --implicit-check-not=_Z9loop_onlyPfPKfi__ferry_ver --implicit-check-not=narrow_beside_candidate{{.*}}__ferry_ver %s < %t.ptx
// RUN: %ptxas -arch=sm_80 %t.ptx -o /dev/null
// RUN: %ferry-cc --cuda-gpu-arch=sm_90a -O3 -S --cuda-device-only -o %t.sm90a.ptx %s
// RUN: FileCheck --check-prefix=PTX %s < %t.sm90a.ptx
// RUN: %ptxas -arch=sm_90a %t.sm90a.ptx -o /dev/null
// RUN: %ferry-cc --cuda-gpu-arch=sm_80 -O3 -S -emit-llvm --cuda-device-only -o %t.ll %s
// RUN: FileCheck --check-prefix=IR %s < %t.ll
// RUN: %ferry-cc -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only \
// RUN:   -o %t.never.ptx %s
// RUN: FileCheck --check-prefix=NEVER %s < %t.never.ptx
// At -O0 the kernel as written is unoptimized (optnone): no third entry,
// a remark on each kernel that would have one; the alternatives stay.
// RUN: %ferry-cc --cuda-gpu-arch=sm_80 -O0 -S --cuda-device-only -gline-tables-only \
// RUN:   -Rpass-analysis=ferry -o %t.O0.ptx %s 2> %t.O0.remarks
// RUN: FileCheck --check-prefix=O0 --implicit-check-not=__ferry_ver %s < %t.O0.ptx
// RUN: FileCheck --check-prefix=O0-REMARK %s < %t.O0.remarks
// RUN: %ptxas -arch=sm_80 %t.O0.ptx -o /dev/null
// O0: .entry _Z4bothPfPK4quadS_PKfi__ferry_alt(
// O0-REMARK: variant-alternative.cu:[[#@LINE+9]]:{{[0-9]+}}: remark: no entry with the versioning alone: the kernel as written is as -O0 left it

struct __align__(16) quad {
  unsigned a, b, c, d;
};

// REMARK-DAG: variant-alternative.cu:[[#@LINE+3]]:{{[0-9]+}}: remark: the kernel's second variant is _Z4bothPfPK4quadS_PKfi__ferry_alt, the kernel converted another way than its variant (the loops the variant alias-versions left as written): each launch {{.*}} [-Rpass=ferry]
// REMARK-DAG: variant-alternative.cu:[[#@LINE+2]]:{{[0-9]+}}: remark: the kernel's third entry is _Z4bothPfPK4quadS_PKfi__ferry_ver, the kernel as written with only the loops its variant alias-versions versioned (no copy converted): each launch {{.*}} [-Rpass=ferry]
// REMARK-DAG: variant-alternative.cu:[[#@LINE+1]]:{{[0-9]+}}: remark: the kernel stays as written and its converted copy is the variant _Z4bothPfPK4quadS_PKfi__ferry: each
__global__ void both(float *out, const quad *wide, float *acc, const float *a, int n) {
  __shared__ quad w[256];
  unsigned t = threadIdx.x;
  w[t] = wide[blockIdx.x * 256 + t];
  __syncthreads();
  for (int i = 0; i < n; i++)
    // REMARK-DAG: variant-alternative.cu:[[#@LINE+1]]:{{[0-9]+}}: remark: versioned this loop on a run-time check, per thread
    acc[blockIdx.x * 256 + t] += a[i * 256 + t];
  out[blockIdx.x * 256 + t] = w[255 - t].a;
}

// REMARK-DAG: variant-alternative.cu:[[#@LINE+2]]:{{[0-9]+}}: remark: the kernel's second variant is _Z18candidate_and_loopPjPK4quadS2_PKjPfPKfi__ferry_alt, the kernel converted another way than its variant (trial candidates converted beside the conversions the rules choose untimed, which the variant leaves as written; the loops the variant alias-versions left as written): each launch
__global__ void candidate_and_loop(unsigned *out, const quad *wide, const quad *more,
                                   const unsigned *seeds, float *acc, const float *a, int n) {
  __shared__ quad w[256], m[256];
  __shared__ unsigned seed[16];
  unsigned t = threadIdx.x;
  w[t] = wide[blockIdx.x * 256 + t];
  m[t] = more[blockIdx.x * 256 + t];
  __syncthreads();
  quad q = w[255 - t], r = m[t ^ 1];
  __syncthreads();
  if (t < 16)
    // REMARK-DAG: variant-alternative.cu:[[#@LINE+2]]:{{[0-9]+}}: remark: not converted: cost model: {{.*}}; no trial takes it in this variant: {{.*}}; the kernel's second variant _Z18candidate_and_loopPjPK4quadS2_PKjPfPKfi__ferry_alt converts it beside them, for the trial of the kernel's entries [-Rpass-missed=ferry]
    // REMARK-DAG: variant-alternative.cu:[[#@LINE+1]]:{{[0-9]+}}: remark: converted a 4-byte global-to-shared copy to cp.async.ca; it completes before the next barrier; a trial candidate:
    seed[t] = seeds[t * gridDim.x + blockIdx.x];
  __syncthreads();
  for (int i = 0; i < n; i++)
    acc[blockIdx.x * 256 + t] += a[i * 256 + t];
  out[blockIdx.x * 256 + t] = q.a + r.d + seed[t & 15];
}

// REMARK-DAG: variant-alternative.cu:[[#@LINE+1]]:{{[0-9]+}}: remark: the kernel stays as written and its converted copy is the variant _Z11copies_onlyPjPK4quad__ferry_trial
__global__ void copies_only(unsigned *out, const quad *wide) {
  __shared__ quad w[256];
  unsigned t = threadIdx.x;
  w[t] = wide[blockIdx.x * 256 + t];
  __syncthreads();
  out[blockIdx.x * 256 + t] = w[255 - t].b;
}

// REMARK-DAG: variant-alternative.cu:[[#@LINE+1]]:{{[0-9]+}}: remark: the kernel stays as written and its converted copy is the variant _Z9loop_onlyPfPKfi__ferry
__global__ void loop_only(float *acc, const float *a, int n) {
  unsigned t = threadIdx.x;
  for (int i = 0; i < n; i++)
    acc[blockIdx.x * 256 + t] += a[i * 256 + t];
}

// REMARK-DAG: variant-alternative.cu:[[#@LINE+2]]:{{[0-9]+}}: remark: the kernel stays as written and its converted copy is the variant _Z23narrow_beside_candidatePjPKjS1_S1___ferry_trial
__global__ void narrow_beside_candidate(unsigned *out, const unsigned *x, const unsigned *y,
                                        const unsigned *seeds) {
  __shared__ unsigned a[256], b[256], seed[16];
  unsigned t = threadIdx.x;
  a[t] = x[blockIdx.x * 256 + t];
  b[t] = y[blockIdx.x * 256 + t];
  __syncthreads();
  unsigned v = a[255 - t] + b[t ^ 1];
  __syncthreads();
  if (t < 16)
    seed[t] = seeds[t * gridDim.x + blockIdx.x];
  __syncthreads();
  out[blockIdx.x * 256 + t] = v + seed[t & 15];
}

// The variant of both: its copy, and the loop versioned (its accumulator
// stored after the checked loop); the alternative: the copy, the loop as
// written. The second kernel's alternative converts the lone copy, its
// variant not.
// PTX-LABEL: .entry _Z4bothPfPK4quadS_PKfi__ferry(
// PTX:       cp.async.{{cg|bulk}}
// PTX-LABEL: .entry _Z18candidate_and_loopPjPK4quadS2_PKjPfPKfi__ferry(
// PTX-NOT:   cp.async.ca
// PTX:       ret;
// PTX-LABEL: .entry _Z11copies_onlyPjPK4quad__ferry_trial(
// PTX-LABEL: .entry _Z9loop_onlyPfPKfi__ferry(
// PTX-LABEL: .entry _Z4bothPfPK4quadS_PKfi__ferry_alt(
// PTX:       cp.async.{{cg|bulk}}
// PTX-LABEL: .entry _Z18candidate_and_loopPjPK4quadS2_PKjPfPKfi__ferry_alt(
// PTX:       cp.async.ca.shared.global [{{%rd[0-9]+}}], [{{%rd[0-9]+}}], 4;
// PTX:       ret;
// PTX-LABEL: .entry _Z4bothPfPK4quadS_PKfi__ferry_ver(
// PTX-NOT:   cp.async
// PTX:       ret;
// PTX-LABEL: .entry _Z18candidate_and_loopPjPK4quadS2_PKjPfPKfi__ferry_ver(
// PTX-NOT:   cp.async
// PTX:       ret;
// PTX-NOT:   .entry

// IR-LABEL: define {{.*}} void @_Z4bothPfPK4quadS_PKfi__ferry(
// IR:        !alias.scope
// IR-LABEL: define {{.*}} void @_Z18candidate_and_loopPjPK4quadS2_PKjPfPKfi__ferry(
// IR:        !alias.scope
// IR-LABEL: define {{.*}} void @_Z4bothPfPK4quadS_PKfi__ferry_alt(
// IR-NOT:    alias.scope
// IR:        ret void
// IR-LABEL: define {{.*}} void @_Z18candidate_and_loopPjPK4quadS2_PKjPfPKfi__ferry_alt(
// IR-NOT:    alias.scope
// IR:        ret void
// IR-LABEL: define {{.*}} void @_Z4bothPfPK4quadS_PKfi__ferry_ver(
// IR-NOT:    cp.async
// IR:        !alias.scope
// IR-LABEL: define {{.*}} void @_Z18candidate_and_loopPjPK4quadS2_PKjPfPKfi__ferry_ver(
// IR-NOT:    cp.async
// IR:        !alias.scope
// IR-NOT:    ferry-alternative
// IR-NOT:    ferry-versioned-only

// NEVER-NOT: __ferry
