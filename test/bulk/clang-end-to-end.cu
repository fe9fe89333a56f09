// From CUDA source through ferry-cc (clang 22 + ferry) for sm_90a: a
// block's 1-byte copies become a cp.async.bulk completed on an mbarrier;
// __launch_bounds__(256) bounds a row to 256 bytes (at least 128: the
// run-time size test stays, blockDim.x may be smaller). For sm_80 the same
// source keeps 16-byte cp.async.cg chunks, with no mbarrier. Both PTX
// assemble.
//
// RUN: %ferry-cc -mllvm -ferry-lone-copy=false -mllvm -ferry-dispatch=never -mllvm -ferry-bulk=auto --cuda-gpu-arch=sm_90a -O3 -S --cuda-device-only -Rpass=ferry \
// RUN:   -Rpass-missed=ferry -Rpass-analysis=ferry -o %t.sm90a.ptx %s 2>&1 \
// RUN:   | FileCheck --check-prefix=REMARK90 %s
// RUN: FileCheck --check-prefix=PTX90 %s < %t.sm90a.ptx
// RUN: %ptxas -arch=sm_90a %t.sm90a.ptx -o /dev/null
// RUN: %ferry-cc -mllvm -ferry-lone-copy=false -mllvm -ferry-dispatch=never -mllvm -ferry-bulk=auto --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only -Rpass=ferry \
// RUN:   -Rpass-missed=ferry -Rpass-analysis=ferry -o %t.sm80.ptx %s 2>&1 \
// RUN:   | FileCheck --check-prefix=REMARK80 %s
// RUN: FileCheck --check-prefix=PTX80 %s < %t.sm80.ptx
// RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null

__global__ void __launch_bounds__(256) shift_bytes(const unsigned char *__restrict__ in,
                                                  unsigned char *__restrict__ out) {
  __shared__ unsigned char tile[256];
  unsigned t = threadIdx.x;
  tile[t] = in[blockIdx.x * blockDim.x + t];
  __syncthreads();
  out[blockIdx.x * blockDim.x + t] = tile[(t + 1) % blockDim.x] ^ (unsigned char)t;
}

// REMARK90: clang-end-to-end.cu:[[#@LINE-5]]:{{[0-9]+}}: remark: converted the block's 1-byte global-to-shared copies over blockDim.x elements to a cp.async.bulk of blockDim.x*1 bytes completed on an mbarrier when that is at least 128 bytes
// REMARK90-NOT: remark:
// PTX90-LABEL: .entry _Z11shift_bytesPKhPh(
// PTX90:         mbarrier.init.shared.b64
// PTX90:         cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes
// PTX90:         mbarrier.try_wait.parity.shared.b64

// REMARK80: clang-end-to-end.cu:[[#@LINE-12]]:{{[0-9]+}}: remark: converted the block's 1-byte global-to-shared copies to 16-byte cp.async.cg chunks
// REMARK80-NOT: remark:
// PTX80-LABEL: .entry _Z11shift_bytesPKhPh(
// PTX80-NOT:     mbarrier
// PTX80:         cp.async.cg.shared.global
// PTX80-NOT:     mbarrier

// -ferry-dispatch=never in the RUN lines: the kernels are converted in place,
// as this test checks; test/dispatch/ checks the launch dispatch's variants.
