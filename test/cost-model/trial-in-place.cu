// The in-place rule under the launch dispatch: a copy whose block writes
// the destination's __shared__ array again after its barrier (a tree
// reduction), which the cost model refuses for want of speed alone, is a
// trial candidate (copy_record.h, struct ferry_copy_decision, trial): it
// converts in the kernel's variant, K__ferry_trial, whose launches run it
// only where the measured dispatch timed their shape faster, and the
// kernel as written wherever no trial decides, as the rule chooses.
// -ferry-trial-candidates=false, and a conversion in place
// (-ferry-dispatch=never: no dispatch, no trial), keep the rule's refusal:
// no cp.async anywhere.
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
// RUN: FileCheck --check-prefix=OFF --implicit-check-not='trial candidate' --implicit-check-not=__ferry %s < %t.off.remarks
// RUN: FileCheck --check-prefix=OFF-PTX %s < %t.off.ptx
// RUN: %ptxas -arch=sm_80 %t.off.ptx -o /dev/null
// RUN: %ferry-cc -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only \
// RUN:   -gline-tables-only -Rpass=ferry -Rpass-missed=ferry -o %t.never.ptx %s 2> %t.never.remarks
// RUN: FileCheck --check-prefix=NEVER --implicit-check-not='trial candidate' --implicit-check-not=__ferry %s < %t.never.remarks
// RUN: FileCheck --check-prefix=OFF-PTX %s < %t.never.ptx
// RUN: %ptxas -arch=sm_80 %t.never.ptx -o /dev/null

// REMARK-DAG: trial-in-place.cu:[[#@LINE+2]]:{{[0-9]+}}: remark: the kernel stays as written and its converted copy is the variant _Z8tree_sumPfPKf__ferry_trial: {{.*}} and a trial of the launch's shape timed it faster
// OFF-DAG: trial-in-place.cu:[[#@LINE+1]]:{{[0-9]+}}: remark: no variant: ferry converted nothing in the kernel
__global__ void tree_sum(float *out, const float *in) {
  __shared__ float s[256];
  unsigned t = threadIdx.x;
  // REMARK-DAG: trial-in-place.cu:[[#@LINE+3]]:{{[0-9]+}}: remark: converted a 4-byte global-to-shared copy to cp.async.ca; it completes before the next barrier; a trial candidate: the variant runs it only where a trial of the launch's shape timed it faster, the kernel as written wherever no trial decides (the cost model alone leaves it as written: the block writes the destination buffer again after the barrier (it computes in place in shared memory, as in a tree reduction or a sorting network, where a single-stage asynchronous copy measured slower; -ferry-cost-model=false converts anyway))
  // OFF-DAG: trial-in-place.cu:[[#@LINE+2]]:{{[0-9]+}}: remark: not converted: cost model: the block writes the destination buffer again after the barrier (it computes in place in shared memory, as in a tree reduction or a sorting network, where a single-stage asynchronous copy measured slower; -ferry-cost-model=false converts anyway) [-Rpass-missed=ferry]
  // NEVER-DAG: trial-in-place.cu:[[#@LINE+1]]:{{[0-9]+}}: remark: not converted: cost model: the block writes the destination buffer again after the barrier (it computes in place in shared memory, as in a tree reduction or a sorting network, where a single-stage asynchronous copy measured slower; -ferry-cost-model=false converts anyway) [-Rpass-missed=ferry]
  s[t] = in[blockIdx.x * 256 + t];
  __syncthreads();
  for (unsigned half = 128; half > 0; half >>= 1) {
    if (t < half)
      s[t] += s[t + half];
    __syncthreads();
  }
  if (t == 0)
    out[blockIdx.x] = s[0];
}

// PTX-LABEL: .entry _Z8tree_sumPfPKf(
// PTX-NOT:   cp.async
// PTX-LABEL: .entry _Z8tree_sumPfPKf__ferry_trial(
// PTX:       cp.async.ca.shared.global [{{%rd[0-9]+}}], [{{%rd[0-9]+}}], 4;
// PTX:       cp.async.wait_group 0;
// PTX-NEXT:  bar.sync 0;

// OFF-PTX:     .entry _Z8tree_sumPfPKf(
// OFF-PTX-NOT: cp.async
// OFF-PTX-NOT: __ferry
