// expect: cp.async
// expect-converted: 47
// expect-remark: converted a 4-byte global-to-shared copy to cp.async.ca
// expect-sm_80-ptx: cp.async.ca.shared.global
// expect-sm_90a-ptx: cp.async.ca.shared.global
//
// A phi of pointers into different __shared__ arrays (issue 13, shape 3):
// the copy phase of an LU perimeter step (Rodinia's lud_perimeter). Threads
// below 16 copy half of the diagonal block into `dia` and a row block into
// `peri_row`; the others the other half of `dia` and a column block into
// `peri_col`. clang unrolls the loops and sinks both sides' last copies
// into one store through `phi [peri_row + off, peri_col + off]`: every
// copy is told apart from it (another array, or 64 bytes below) and all
// become cp.async. The compute after the barrier reads each tile element a
// few times only (the perimeter's triangular solve would make the cost model
// keep the copies plain). Outputs are compared with a CPU reference and,
// by run.sh, bit for bit with the plain build.
#include "harness.cuh"

constexpr int B = 16;

__global__ void perimeter(float *__restrict__ out, const float *__restrict__ m, int dim,
                          int offset) {
  __shared__ float dia[B][B];
  __shared__ float peri_row[B][B];
  __shared__ float peri_col[B][B];
  int i, array_offset, idx;
  if (threadIdx.x < B) {
    idx = threadIdx.x;
    array_offset = offset * dim + offset;
    for (i = 0; i < B / 2; i++) {
      dia[i][idx] = m[array_offset + idx];
      array_offset += dim;
    }
    array_offset = offset * dim + offset;
    for (i = 0; i < B; i++) {
      peri_row[i][idx] = m[array_offset + (blockIdx.x + 1) * B + idx];
      array_offset += dim;
    }
  } else {
    idx = threadIdx.x - B;
    array_offset = (offset + B / 2) * dim + offset;
    for (i = B / 2; i < B; i++) {
      dia[i][idx] = m[array_offset + idx];
      array_offset += dim;
    }
    array_offset = (offset + (blockIdx.x + 1) * B) * dim + offset;
    for (i = 0; i < B; i++) {
      peri_col[i][idx] = m[array_offset + idx];
      array_offset += dim;
    }
  }
  __syncthreads();
  // Thread t (0..31) writes two outputs: a row-side and a column-side sum.
  int t = threadIdx.x, r = t % B, c = t / B;
  float *o = out + (blockIdx.x * 2 * B + t) * 2;
  o[0] = dia[r][(r + c) % B] - 0.5f * peri_row[(r + 3 * c) % B][r];
  o[1] = peri_col[r][(2 * r + c) % B] - 0.25f * dia[(r + 5) % B][r];
}

int main(int argc, char **argv) {
  if (argc != 2)
    return harness::usage(argv[0]);
  harness::Rng rng(0x1D9E);
  harness::Output out;
  int failures = 0;
  char what[96];
  for (int blocks : {1, 3}) {
    for (int offset : {0, 16}) {
      int dim = offset + (blocks + 1) * B + 5; // rows and columns the step reads
      std::vector<float> m((size_t)dim * dim);
      for (float &v : m)
        v = rng.nonzero_float();
      std::vector<float> want((size_t)blocks * 2 * B * 2);
      auto at = [&](int row, int col) { return m[(size_t)row * dim + col]; };
      for (int bx = 0; bx < blocks; bx++) {
        // The tiles as the kernel fills them.
        float dia[B][B], prow[B][B], pcol[B][B];
        for (int i = 0; i < B; i++)
          for (int j = 0; j < B; j++) {
            dia[i][j] = at(offset + i, offset + j);
            prow[i][j] = at(offset + i, offset + (bx + 1) * B + j);
            pcol[i][j] = at(offset + (bx + 1) * B + i, offset + j);
          }
        for (int t = 0; t < 2 * B; t++) {
          int r = t % B, c = t / B;
          float *o = &want[((size_t)bx * 2 * B + t) * 2];
          o[0] = dia[r][(r + c) % B] - 0.5f * prow[(r + 3 * c) % B][r];
          o[1] = pcol[r][(2 * r + c) % B] - 0.25f * dia[(r + 5) % B][r];
        }
      }
      float *d_m = harness::device_copy(m), *d_out = harness::device_poisoned<float>(want.size());
      perimeter<<<blocks, 2 * B>>>(d_out, d_m, dim, offset);
      CHECK_LAUNCH();
      std::vector<float> got = harness::host_copy(d_out, want.size());
      std::snprintf(what, sizeof what, "perimeter blocks=%d offset=%d", blocks, offset);
      failures += harness::count_mismatches(what, got, want) != 0;
      out.append(got);
      CHECK(cudaFree(d_m));
      CHECK(cudaFree(d_out));
    }
  }
  return harness::finish("phi_of_arrays", out, argv[1], failures);
}
