// A ring of per-thread copies that 16-byte chunks of the block could take
// gets the kernel's second variant (dispatch.h, FERRY_ALT_CHUNKS_ATTRIBUTE):
// the variant's ring moves each thread's 4-byte element by cp.async.ca (the
// rules' choice), the alternative's ring moves the block's tile in 16-byte
// cp.async.cg chunks whose stages follow the bytes in flight (%nsmid read
// as it runs), so that a trial of each launch shape times both (on an H200
// each wins at some occupancy: bench/results/h200-ring-in-flight.txt).
//   - words: 4-byte elements: an alternative;
//   - shorts: 2-byte elements, which only chunks move: the variant's ring
//     is already chunks, no alternative, no remark about one;
//   - scattered: the element of thread t at 2t, which no chunk of the
//     block covers: no alternative.
// Under -ferry-dispatch=never there are no variants at all.
//
// RUN: %ferry-cc --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only -gline-tables-only \
// RUN:   -Rpass=ferry -Rpass-missed=ferry -Rpass-analysis=ferry -o %t.ptx %s 2> %t.remarks
// RUN: FileCheck --check-prefix=REMARK --implicit-check-not=NoSecondVariant %s < %t.remarks
// RUN: FileCheck --check-prefix=PTX --implicit-check-not=shorts{{.*}}__ferry_alt --implicit-check-not=scattered{{.*}}__ferry_alt %s < %t.ptx
// RUN: %ptxas -arch=sm_80 %t.ptx -o /dev/null
// RUN: %ferry-cc --cuda-gpu-arch=sm_90a -O3 -S --cuda-device-only -o %t.sm90a.ptx %s
// RUN: FileCheck --check-prefix=PTX %s < %t.sm90a.ptx
// RUN: %ptxas -arch=sm_90a %t.sm90a.ptx -o /dev/null
// RUN: %ferry-cc -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only \
// RUN:   -o %t.never.ptx %s
// RUN: FileCheck --check-prefix=NEVER %s < %t.never.ptx

__global__ void words(int *__restrict__ out, const int *__restrict__ in, long n) {
  __shared__ int tile[256];
  unsigned t = threadIdx.x;
  int acc = 0;
  for (long b = 0; b < n; b++) {
    tile[t] = in[(b * gridDim.x + blockIdx.x) * 256 + t];
    __syncthreads();
    acc += tile[t] * 3 + tile[(t + 1) % 256];
    __syncthreads();
  }
  out[blockIdx.x * 256 + t] = acc;
}
// REMARK: alternative-chunk-ring.cu:[[@LINE-7]]:13: remark: converted a 4-byte global-to-shared copy to cp.async.ca and pipelined its loop over S stages chosen per launch

__global__ void shorts(unsigned *__restrict__ out, const unsigned short *__restrict__ in, long n) {
  __shared__ unsigned short tile[256];
  unsigned t = threadIdx.x;
  unsigned acc = 0;
  for (long b = 0; b < n; b++) {
    tile[t] = in[(b * gridDim.x + blockIdx.x) * 256 + t];
    __syncthreads();
    acc += tile[t] * 3u + tile[t ^ 1];
    __syncthreads();
  }
  out[blockIdx.x * 256 + t] = acc;
}
// REMARK: alternative-chunk-ring.cu:[[@LINE-7]]:13: remark: converted a 2-byte global-to-shared copy to 16-byte cp.async.cg chunks of the block and pipelined its loop over S stages chosen per launch

__global__ void scattered(int *__restrict__ out, const int *__restrict__ in, long n) {
  __shared__ int tile[512];
  unsigned t = threadIdx.x;
  int acc = 0;
  for (long b = 0; b < n; b++) {
    tile[2 * t] = in[(b * gridDim.x + blockIdx.x) * 512 + 2 * t];
    __syncthreads();
    acc += tile[2 * t] * 3 + tile[(2 * t + 2) % 512];
    __syncthreads();
  }
  out[blockIdx.x * 256 + t] = acc;
}
// REMARK: alternative-chunk-ring.cu:[[@LINE-7]]:17: remark: converted a 4-byte global-to-shared copy to cp.async.ca and pipelined its loop over S stages chosen per launch

// ferry-dispatch-finish speaks of the second variant after every kernel's
// copies (words is defined at line 27).
// REMARK: alternative-chunk-ring.cu:27:1: remark: the kernel's second variant is _Z5wordsPiPKil__ferry_alt, the kernel converted another way than its variant (its rings issue 16-byte chunks of the block where the variant's issue each thread's copy): each launch through the kernel's launch stub runs it only where a trial of the launch's shape timed it the fastest of the kernel's entries (FERRY_DISPATCH=measure); where no trial decides, never

// Each kernel's one static tile takes its ring in the launch's dynamic
// shared memory (static-tile-ring-per-launch.ll): the variants are
// K__ferry_ring. The variant: each thread's element, S the launch's, one
// copy of the loop per S. The alternative, after every kernel's variant:
// chunks, S also bounded by the bytes in flight as it runs (%nsmid).
// PTX-LABEL: .entry _Z5wordsPiPKil__ferry_ring(
// PTX-NOT:     %nsmid
// PTX:         cp.async.ca.shared.global [{{.*}}], [{{.*}}], 4;
// PTX:         cp.async.wait_group 62;
// PTX:         cp.async.wait_group 15;
// PTX-LABEL: .entry _Z6shortsPjPKtl__ferry_ring(
// PTX-LABEL: .entry _Z9scatteredPiPKil__ferry_ring(
// PTX-LABEL: .entry _Z5wordsPiPKil__ferry_alt(
// PTX:         mov.u32 {{.*}}, %nsmid;
// PTX-NOT:     cp.async.ca
// PTX:         cp.async.cg.shared.global [{{.*}}], [{{.*}}], 16;
// PTX:         cp.async.wait_group 62;
// PTX:         cp.async.wait_group 15;
// PTX:         cp.async.wait_group 7;
// PTX:         cp.async.wait_group 3;
// PTX:         cp.async.wait_group 1;

// NEVER-NOT: __ferry
