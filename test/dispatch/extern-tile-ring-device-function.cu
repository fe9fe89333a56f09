// A ring in the launch's dynamic shared memory overlays every extern
// __shared__ array (they all start there): it is made only where nothing
// but kernels use such arrays. Here a device function the kernel calls
// (not inlined) reads one, so the variant's ring stays a static array of
// its own, its stages fixed at compile time, with a remark saying why; the
// variant keeps the name K__ferry (its launches get their own bytes).
//
// RUN: %ferry-cc --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only -gline-tables-only \
// RUN:   -Rpass=ferry -Rpass-analysis=ferry -o %t.ptx %s 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: %ptxas -arch=sm_80 %t.ptx -o /dev/null
// RUN: FileCheck --check-prefix=PTX %s < %t.ptx

__device__ __noinline__ int peek(unsigned i) {
  extern __shared__ int elsewhere[];
  return elsewhere[i];
}

__global__ void __launch_bounds__(256) seed(int *__restrict__ out, const int *__restrict__ in,
                                            int batches) {
  extern __shared__ int shared[];
  unsigned i = threadIdx.x;
  size_t grid_size = (size_t)gridDim.x * blockDim.x;
  int last = 0;
  for (int batch = 0; batch < batches; batch++) {
    size_t block_batch = blockIdx.x * blockDim.x + grid_size * batch;
    // REMARK: extern-tile-ring-device-function.cu:[[#@LINE+2]]:{{[0-9]+}}: remark: converted a 4-byte global-to-shared copy to cp.async.ca and pipelined its loop over 16 stages
    // REMARK: extern-tile-ring-device-function.cu:[[#@LINE+1]]:{{[0-9]+}}: remark: the extern __shared__ tile's ring is a static array of its own, its stages fixed at compile time, not chosen per launch in the launch's dynamic shared memory: a function other than a kernel uses an extern __shared__ array
    shared[i] = in[block_batch + i];
    __syncthreads();
    out[block_batch + i] = shared[i] * 3 + shared[(i + 1) % blockDim.x];
    __syncthreads();
  }
  __syncthreads();
  out[i] += peek(i);
}
// REMARK: remark: the kernel stays as written and its converted copy is the variant _Z4seedPiPKii__ferry:

// PTX-NOT: __ferry_ring
// PTX-LABEL: .visible .entry _Z4seedPiPKii__ferry(
// PTX: .shared .align 16 .b8 {{.*}}ring{{.*}}[16384];
// PTX-NOT: dynamic_smem_size
// PTX: cp.async.wait_group 15;
