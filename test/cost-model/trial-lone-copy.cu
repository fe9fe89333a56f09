// The lone-copy rule under the launch dispatch: a copy alone in its phase
// (its thread's only load from global memory between two barriers), which
// the cost model refuses for want of speed alone, is a trial candidate
// (copy_record.h, struct ferry_copy_decision, trial): it converts in the
// kernel's variant, named K__ferry_trial, whose launches run it only where
// the measured dispatch timed their shape faster, and the kernel as
// written wherever no trial decides, as the rule chooses (a radix sort's
// digit seeds, HeCBench sort's shape, ran 1.10x faster so). Where the
// kernel's variant holds a conversion the rules choose untimed (two
// 16-byte copies sharing a phase), the variant is the rules' and the
// candidate stays as written there, saying why no trial takes it in that
// variant: the kernel's second variant, K__ferry_alt (dispatch.h), converts
// it beside them, for a trial of the kernel's entries to judge.
// -ferry-trial-candidates=false, and a conversion in place
// (-ferry-dispatch=never: no dispatch, no trial), keep the rule's refusal.
//
// RUN: %ferry-cc --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only -gline-tables-only \
// RUN:   -Rpass=ferry -Rpass-missed=ferry -Rpass-analysis=ferry -o %t.ptx %s 2> %t.remarks
// RUN: FileCheck --check-prefix=REMARK %s < %t.remarks
// RUN: FileCheck --check-prefix=PTX %s < %t.ptx
// RUN: %ptxas -arch=sm_80 %t.ptx -o /dev/null
// RUN: %ferry-cc --cuda-gpu-arch=sm_90a -O3 -S --cuda-device-only -o %t.sm90a.ptx %s
// RUN: FileCheck --check-prefix=PTX %s < %t.sm90a.ptx
// RUN: %ptxas -arch=sm_90a %t.sm90a.ptx -o /dev/null
// RUN: %ferry-cc -mllvm -ferry-trial-candidates=false --cuda-gpu-arch=sm_80 -O3 -S \
// RUN:   --cuda-device-only -gline-tables-only -Rpass=ferry -Rpass-missed=ferry \
// RUN:   -Rpass-analysis=ferry -o %t.off.ptx %s 2> %t.off.remarks
// RUN: FileCheck --check-prefix=OFF --implicit-check-not='trial candidate' --implicit-check-not='no trial takes it' --implicit-check-not=__ferry_trial %s < %t.off.remarks
// RUN: FileCheck --check-prefix=OFF-PTX %s < %t.off.ptx
// RUN: %ptxas -arch=sm_80 %t.off.ptx -o /dev/null
// RUN: %ferry-cc -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only \
// RUN:   -gline-tables-only -Rpass=ferry -Rpass-missed=ferry -o %t.never.ptx %s 2> %t.never.remarks
// RUN: FileCheck --check-prefix=NEVER --implicit-check-not='trial candidate' --implicit-check-not='no trial takes it' --implicit-check-not=__ferry_trial %s < %t.never.remarks
// RUN: FileCheck --check-prefix=NEVER-PTX %s < %t.never.ptx
// RUN: %ptxas -arch=sm_80 %t.never.ptx -o /dev/null

// REMARK-DAG: trial-lone-copy.cu:[[#@LINE+1]]:{{[0-9]+}}: remark: the kernel stays as written and its converted copy is the variant _Z6seededPjPKjS1_i__ferry_trial: {{.*}} and a trial of the launch's shape timed it faster (its conversions are ones the rules alone leave as written: single-stage copies of under 16 bytes a thread and trial candidates the cost model refuses, cost_model.h; {{.*}})
__global__ void seeded(unsigned *out, const unsigned *seeds, const unsigned *keys, int rounds) {
  __shared__ unsigned seed[16];
  unsigned t = threadIdx.x;
  if (t < 16)
    // REMARK-DAG: trial-lone-copy.cu:[[#@LINE+5]]:{{[0-9]+}}: remark: converted a 4-byte global-to-shared copy to cp.async.ca; it completes before the next barrier; a trial candidate: the variant runs it only where a trial of the launch's shape timed it faster, the kernel as written wherever no trial decides (the cost model alone leaves it as written: the copy is its thread's only load from global memory between the barrier before it and its consumer barrier, so its latency has nothing to overlap
    // OFF-DAG: trial-lone-copy.cu:[[#@LINE+4]]:{{[0-9]+}}: remark: not converted: cost model: the copy is its thread's only load from global memory between the barrier before it and its consumer barrier, so its latency has nothing to overlap (a single-stage asynchronous copy measured slower there; -ferry-lone-copy=false converts anyway) [-Rpass-missed=ferry]
    // OFF-DAG: trial-lone-copy.cu:[[#@LINE-6]]:{{[0-9]+}}: remark: no variant: ferry converted nothing in the kernel
    // NEVER-DAG: trial-lone-copy.cu:[[#@LINE+2]]:{{[0-9]+}}: remark: not converted: cost model: the copy is its thread's only load from global memory between the barrier before it and its consumer barrier, so its latency has nothing to overlap (a single-stage asynchronous copy measured slower there; -ferry-lone-copy=false converts anyway) [-Rpass-missed=ferry]
    // The sort's digit seeds: a few threads, strided by the grid.
    seed[t] = seeds[t * gridDim.x + blockIdx.x];
  unsigned h = t * 0x9E3779B9u + blockIdx.x;
  for (int r = 0; r < rounds; r++)
    h = (h ^ (h >> 15)) * 0x2C1B3C6Du + r;
  __syncthreads();
  unsigned k = keys[blockIdx.x * blockDim.x + t];
  out[blockIdx.x * blockDim.x + t] = seed[k & 15] + h;
}

struct __align__(16) quad {
  unsigned a, b, c, d;
};

// REMARK-DAG: trial-lone-copy.cu:[[#@LINE+3]]:{{[0-9]+}}: remark: the kernel stays as written and its converted copy is the variant _Z12beside_rulesPjPK4quadS2_PKj__ferry: each
// REMARK-DAG: trial-lone-copy.cu:[[#@LINE+2]]:{{[0-9]+}}: remark: the kernel's second variant is _Z12beside_rulesPjPK4quadS2_PKj__ferry_alt, the kernel converted another way than its variant (trial candidates converted beside the conversions the rules choose untimed, which the variant leaves as written): each launch through the kernel's launch stub runs it only where a trial of the launch's shape timed it the fastest of the kernel's entries (FERRY_DISPATCH=measure); where no trial decides, never [-Rpass=ferry]
__global__ void beside_rules(unsigned *out, const quad *wide, const quad *more,
                             const unsigned *seeds) {
  __shared__ quad w[256], m[256];
  __shared__ unsigned seed[16];
  unsigned t = threadIdx.x;
  // REMARK-DAG: trial-lone-copy.cu:[[#@LINE+1]]:{{[0-9]+}}: remark: converted a 16-byte global-to-shared copy to cp.async.cg; it completes before the next barrier [-Rpass=ferry]
  w[t] = wide[blockIdx.x * 256 + t];
  m[t] = more[blockIdx.x * 256 + t];
  __syncthreads();
  quad q = w[255 - t], r = m[t ^ 1];
  __syncthreads();
  if (t < 16)
    // REMARK-DAG: trial-lone-copy.cu:[[#@LINE+2]]:{{[0-9]+}}: remark: not converted: cost model: the copy is its thread's only load from global memory {{.*}}; no trial takes it in this variant: the kernel's variant holds conversions the rules choose untimed, and runs where no trial decides; the kernel's second variant _Z12beside_rulesPjPK4quadS2_PKj__ferry_alt converts it beside them, for the trial of the kernel's entries [-Rpass-missed=ferry]
    // REMARK-DAG: trial-lone-copy.cu:[[#@LINE+1]]:{{[0-9]+}}: remark: converted a 4-byte global-to-shared copy to cp.async.ca; it completes before the next barrier; a trial candidate: {{.*}} [-Rpass=ferry]
    seed[t] = seeds[t * gridDim.x + blockIdx.x];
  __syncthreads();
  out[blockIdx.x * 256 + t] = q.a + r.d + seed[t & 15];
}

// Each kernel as written; the lone copy's trial variant; the rules'
// variant of the other, its lone copy plain; the other's second variant,
// its lone copy converted too.
// PTX-LABEL: .entry _Z6seededPjPKjS1_i(
// PTX-NOT:   cp.async
// PTX-LABEL: .entry _Z12beside_rulesPjPK4quadS2_PKj(
// PTX-NOT:   cp.async
// PTX-LABEL: .entry _Z6seededPjPKjS1_i__ferry_trial(
// PTX:       cp.async.ca.shared.global [{{%rd[0-9]+}}], [{{%rd[0-9]+}}], 4;
// PTX:       cp.async.wait_group 0;
// PTX-NEXT:  bar.sync 0;
// PTX-LABEL: .entry _Z12beside_rulesPjPK4quadS2_PKj__ferry(
// PTX-COUNT-2: cp.async.cg.shared.global
// PTX-NOT:   cp.async.ca
// PTX:       ld.global.b32
// PTX-NOT:   cp.async.ca
// PTX:       ret;
// PTX-LABEL: .entry _Z12beside_rulesPjPK4quadS2_PKj__ferry_alt(
// PTX-COUNT-2: cp.async.cg.shared.global
// PTX:       cp.async.ca.shared.global [{{%rd[0-9]+}}], [{{%rd[0-9]+}}], 4;
// PTX:       ret;

// OFF-PTX-NOT: _Z6seededPjPKjS1_i__ferry
// OFF-PTX:     .entry _Z12beside_rulesPjPK4quadS2_PKj__ferry(
// OFF-PTX-NOT: __ferry_trial
// OFF-PTX-NOT: __ferry_alt

// NEVER-PTX-NOT: __ferry
// NEVER-PTX-LABEL: .entry _Z6seededPjPKjS1_i(
// NEVER-PTX-NOT:   cp.async
// NEVER-PTX-LABEL: .entry _Z12beside_rulesPjPK4quadS2_PKj(
// NEVER-PTX-COUNT-2: cp.async.cg.shared.global
// NEVER-PTX-NOT:   cp.async.ca
