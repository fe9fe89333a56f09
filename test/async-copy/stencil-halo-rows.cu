// A 2-D stencil whose tile has a halo row above and below, as written in
// CUDA. clang -O3 merges the two guarded halo stores into one store through
// a phi of &tile[0][tx] and &tile[17][tx], reached through `switch (ty)`;
// each incoming pointer is told apart from the thread's row ty + 1 with the
// value its switch case fixes, so the interior copy converts. The merged
// halo store stores a phi of the loaded value and 0.0f: a guarded copy, it
// becomes a cp.async whose source size is 0 where the guard fails (at the
// image's edge), told apart from the interior the same way. The 5-point
// stencil adds halo columns, stored under tx == 0 and tx == 31 in blocks
// with two predecessors (the select of the value became a branch): the fact
// comes from the block that dominates them, entered only from its case;
// they are guarded copies too.
//
// RUN: %ferry-cc -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only -gline-tables-only \
// RUN:   -Rpass=ferry -Rpass-missed=ferry -o %t.ptx %s 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: FileCheck --check-prefix=PTX %s < %t.ptx
// RUN: %ptxas -arch=sm_80 %t.ptx -o /dev/null

constexpr int kTile = 16;

__global__ void stencil(float *out, const float *in, int width, int height) {
  __shared__ float tile[kTile + 2][kTile];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * kTile + ty, col = blockIdx.x * kTile + tx;
  // REMARK: stencil-halo-rows.cu:[[#@LINE+1]]:{{[0-9]+}}: remark: converted a 4-byte global-to-shared copy to cp.async.ca
  tile[ty + 1][tx] = in[row * width + col];
  // (the merged store carries no line of its own)
  // REMARK: stencil-halo-rows.cu:{{[0-9]+}}:{{[0-9]+}}: remark: converted a guarded 4-byte global-to-shared copy to cp.async.ca with a source size of 0 where the guard fails
  if (ty == 0)
    tile[0][tx] = row > 0 ? in[(row - 1) * width + col] : 0.0f;
  if (ty == kTile - 1)
    tile[kTile + 1][tx] = row + 1 < height ? in[(row + 1) * width + col] : 0.0f;
  __syncthreads();
  out[row * width + col] = 0.25f * tile[ty][tx] + 0.5f * tile[ty + 1][tx] + 0.25f * tile[ty + 2][tx];
}

constexpr int kTileX = 32, kTileY = 8;

__global__ void stencil5(float *__restrict__ out, const float *__restrict__ in, int width, int height) {
  __shared__ float tile[kTileY + 2][kTileX + 2];
  int tx = threadIdx.x, ty = threadIdx.y;
  int col = blockIdx.x * kTileX + tx, row = blockIdx.y * kTileY + ty;
  // REMARK: stencil-halo-rows.cu:[[#@LINE+1]]:{{[0-9]+}}: remark: converted a 4-byte global-to-shared copy to cp.async.ca
  tile[ty + 1][tx + 1] = in[row * width + col];
  // REMARK: stencil-halo-rows.cu:{{[0-9]+}}:{{[0-9]+}}: remark: converted a guarded 4-byte global-to-shared copy to cp.async.ca with a source size of 0 where the guard fails
  if (ty == 0)
    tile[0][tx + 1] = row > 0 ? in[(row - 1) * width + col] : 0.0f;
  if (ty == kTileY - 1)
    tile[kTileY + 1][tx + 1] = row + 1 < height ? in[(row + 1) * width + col] : 0.0f;
  if (tx == 0)
    // REMARK: stencil-halo-rows.cu:[[#@LINE+1]]:{{[0-9]+}}: remark: converted a guarded 4-byte global-to-shared copy to cp.async.ca with a source size of 0 where the guard fails
    tile[ty + 1][0] = col > 0 ? in[row * width + col - 1] : 0.0f;
  if (tx == kTileX - 1)
    // REMARK: stencil-halo-rows.cu:[[#@LINE+1]]:{{[0-9]+}}: remark: converted a guarded 4-byte global-to-shared copy to cp.async.ca with a source size of 0 where the guard fails
    tile[ty + 1][kTileX + 1] = col + 1 < width ? in[row * width + col + 1] : 0.0f;
  __syncthreads();
  out[row * width + col] =
      0.5f * tile[ty + 1][tx + 1] +
      0.125f * (tile[ty][tx + 1] + tile[ty + 2][tx + 1] + tile[ty + 1][tx] + tile[ty + 1][tx + 2]);
}
// REMARK-NOT: remark:

// PTX-LABEL: .entry _Z7stencilPfPKfii(
// PTX:         cp.async.ca.shared.global [%rd{{[0-9]+}}+64], [%rd{{[0-9]+}}], 4;
// PTX:         cp.async.ca.shared.global [%rd{{[0-9]+}}], [%rd{{[0-9]+}}], 4, %r{{[0-9]+}};
// PTX:         cp.async.commit_group;
// PTX-NEXT:    cp.async.wait_group {{[[:space:]]*}}0;
// PTX-NEXT:    bar.sync {{[[:space:]]*}}0;
// PTX-LABEL: .entry _Z8stencil5PfPKfii(
// PTX:         cp.async.ca.shared.global [%rd{{[0-9]+}}+140], [%rd{{[0-9]+}}], 4;
// PTX-COUNT-3: cp.async.ca.shared.global [%rd{{[0-9]+}}{{(\+[0-9]+)?}}], [%rd{{[0-9]+}}], 4, %r{{[0-9]+}};
// PTX:         cp.async.commit_group;
// PTX-NEXT:    cp.async.wait_group {{[[:space:]]*}}0;
// PTX-NEXT:    bar.sync {{[[:space:]]*}}0;

// -ferry-dispatch=never in the RUN lines: the kernels are converted in place,
// as this test checks; test/dispatch/ checks the launch dispatch's variants.
