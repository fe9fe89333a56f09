// The reuse rule under the launch dispatch: a copy whose thread reads the
// destination buffer many times after the barrier (16 times the bytes it
// copies, unrolled; or in a loop), which the cost model refuses for want of
// speed alone (only a ring of 16-byte chunks pays there, and no ring takes
// a copy outside loops), is a trial candidate (copy_record.h, struct
// ferry_copy_decision, trial): it converts in the kernel's variant,
// K__ferry_trial, whose launches run it only where the measured dispatch
// timed their shape faster, and the kernel as written wherever no trial
// decides, as the rule chooses (bench/real's lud, pathfinder and hotspot:
// their variants forced ran 0.977-1.016x, which trials can tell apart).
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

// REMARK-DAG: trial-reuse.cu:[[#@LINE+2]]:{{[0-9]+}}: remark: the kernel stays as written and its converted copy is the variant _Z6reusedPfPKf__ferry_trial: {{.*}} and a trial of the launch's shape timed it faster
// OFF-DAG: trial-reuse.cu:[[#@LINE+1]]:{{[0-9]+}}: remark: no variant: ferry converted nothing in the kernel
__global__ void reused(float *out, const float *in) {
  __shared__ float s[256];
  unsigned t = threadIdx.x;
  // REMARK-DAG: trial-reuse.cu:[[#@LINE+3]]:{{[0-9]+}}: remark: converted a 4-byte global-to-shared copy to cp.async.ca; it completes before the next barrier; a trial candidate: the variant runs it only where a trial of the launch's shape timed it faster, the kernel as written wherever no trial decides (the cost model alone leaves it as written: each thread reads 16 times as many bytes of the destination buffer as it copies, after the barrier (shared-memory-bound compute, as in a tiled matrix product, where a single-stage asynchronous copy measured slower and only a pipelined ring of 16-byte chunks pays; -ferry-cost-model=false converts anyway))
  // OFF-DAG: trial-reuse.cu:[[#@LINE+2]]:{{[0-9]+}}: remark: not converted: cost model: each thread reads 16 times as many bytes of the destination buffer as it copies, after the barrier (shared-memory-bound compute, as in a tiled matrix product, where a single-stage asynchronous copy measured slower and only a pipelined ring of 16-byte chunks pays; -ferry-cost-model=false converts anyway) [-Rpass-missed=ferry]
  // NEVER-DAG: trial-reuse.cu:[[#@LINE+1]]:{{[0-9]+}}: remark: not converted: cost model: each thread reads 16 times as many bytes of the destination buffer as it copies, after the barrier (shared-memory-bound compute, as in a tiled matrix product, where a single-stage asynchronous copy measured slower and only a pipelined ring of 16-byte chunks pays; -ferry-cost-model=false converts anyway) [-Rpass-missed=ferry]
  s[t] = in[blockIdx.x * 256 + t];
  __syncthreads();
  float acc = 0;
#pragma unroll
  for (int k = 0; k < 16; k++)
    acc += s[(t + k * 17) & 255] * (float)(k + 1);
  out[blockIdx.x * 256 + t] = acc;
}

// REMARK-DAG: trial-reuse.cu:[[#@LINE+2]]:{{[0-9]+}}: remark: the kernel stays as written and its converted copy is the variant _Z10loop_readsPfPKfi__ferry_trial: {{.*}} and a trial of the launch's shape timed it faster
// OFF-DAG: trial-reuse.cu:[[#@LINE+1]]:{{[0-9]+}}: remark: no variant: ferry converted nothing in the kernel
__global__ void loop_reads(float *out, const float *in, int n) {
  __shared__ float s[256];
  unsigned t = threadIdx.x;
  // REMARK-DAG: trial-reuse.cu:[[#@LINE+3]]:{{[0-9]+}}: remark: converted a 4-byte global-to-shared copy to cp.async.ca; it completes before the next barrier; a trial candidate: the variant runs it only where a trial of the launch's shape timed it faster, the kernel as written wherever no trial decides (the cost model alone leaves it as written: a loop reads the destination buffer after the barrier (shared-memory-bound compute, as in a tiled matrix product, where a single-stage asynchronous copy measured slower and only a pipelined ring of 16-byte chunks pays; -ferry-cost-model=false converts anyway))
  // OFF-DAG: trial-reuse.cu:[[#@LINE+2]]:{{[0-9]+}}: remark: not converted: cost model: a loop reads the destination buffer after the barrier (shared-memory-bound compute, as in a tiled matrix product, where a single-stage asynchronous copy measured slower and only a pipelined ring of 16-byte chunks pays; -ferry-cost-model=false converts anyway) [-Rpass-missed=ferry]
  // NEVER-DAG: trial-reuse.cu:[[#@LINE+1]]:{{[0-9]+}}: remark: not converted: cost model: a loop reads the destination buffer after the barrier (shared-memory-bound compute, as in a tiled matrix product, where a single-stage asynchronous copy measured slower and only a pipelined ring of 16-byte chunks pays; -ferry-cost-model=false converts anyway) [-Rpass-missed=ferry]
  s[t] = in[blockIdx.x * 256 + t];
  __syncthreads();
  float acc = 0;
  for (int k = 0; k < n; k++)
    acc += s[(t + k) & 255];
  out[blockIdx.x * 256 + t] = acc;
}

// PTX-LABEL: .entry _Z6reusedPfPKf(
// PTX-NOT:   cp.async
// PTX-LABEL: .entry _Z10loop_readsPfPKfi(
// PTX-NOT:   cp.async
// PTX-LABEL: .entry _Z6reusedPfPKf__ferry_trial(
// PTX:       cp.async.ca.shared.global [{{%rd[0-9]+}}], [{{%rd[0-9]+}}], 4;
// PTX:       cp.async.wait_group 0;
// PTX-NEXT:  bar.sync 0;
// PTX-LABEL: .entry _Z10loop_readsPfPKfi__ferry_trial(
// PTX:       cp.async.ca.shared.global [{{%rd[0-9]+}}], [{{%rd[0-9]+}}], 4;
// PTX:       cp.async.wait_group 0;
// PTX-NEXT:  bar.sync 0;

// OFF-PTX-NOT: cp.async
// OFF-PTX-NOT: __ferry
