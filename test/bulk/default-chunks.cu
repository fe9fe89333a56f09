// By default a block-collective copy on sm_90a stays in 16-byte chunks
// (-ferry-bulk=never is the default): on an H100 (bench/, single stage),
// one cp.async.bulk per 1 KiB row measured 0.88-0.91x legacy where chunks
// measured 0.98-1.00x. -ferry-bulk=auto (rows of 128 bytes or more) and
// always, or the kernel's annotate("ferry:bulk=..."), choose bulk copies.
//
// RUN: %ferry-cc -mllvm -ferry-lone-copy=false --cuda-gpu-arch=sm_90a -O3 -S --cuda-device-only -gline-tables-only \
// RUN:   -mllvm -ferry-collective=always -Rpass=ferry -Rpass-analysis=ferry -o %t.ptx %s 2>&1 \
// RUN:   | FileCheck --check-prefix=REMARK %s
// RUN: FileCheck --check-prefix=PTX %s < %t.ptx
// RUN: %ptxas -arch=sm_90a %t.ptx -o /dev/null
// RUN: %ferry-cc -mllvm -ferry-lone-copy=false --cuda-gpu-arch=sm_90a -O3 -S --cuda-device-only -mllvm -ferry-bulk=auto \
// RUN:   -mllvm -ferry-collective=always -o %t.auto.ptx %s
// RUN: FileCheck --check-prefix=AUTO %s < %t.auto.ptx
// RUN: %ptxas -arch=sm_90a %t.auto.ptx -o /dev/null

__global__ void __launch_bounds__(256) copy_rows(float *__restrict__ out, const float *__restrict__ in) {
  __shared__ float tile[256];
  unsigned t = threadIdx.x;
  // REMARK: default-chunks.cu:[[#@LINE+2]]:{{[0-9]+}}: remark: 16-byte cp.async.cg chunks, not cp.async.bulk: off (-ferry-bulk=never)
  // REMARK: default-chunks.cu:[[#@LINE+1]]:{{[0-9]+}}: remark: converted the block's 4-byte global-to-shared copies to 16-byte cp.async.cg chunks
  tile[t] = in[blockIdx.x * 256 + t];
  __syncthreads();
  out[blockIdx.x * 256 + t] = tile[t ^ 1];
}

// PTX-LABEL: .entry _Z9copy_rowsPfPKf(
// PTX-NOT:     cp.async.bulk
// PTX:         cp.async.cg.shared.global [{{.+}}], [{{.+}}], 16;
// PTX-NOT:     cp.async.bulk
// AUTO-LABEL: .entry _Z9copy_rowsPfPKf(
// AUTO:        cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes
