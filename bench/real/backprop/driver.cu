// real-repo: yuhc/gpu-rodinia
// real-source: cuda/backprop/backprop_cuda_kernel.cu
// Rodinia Back Propagation, the input layer's two kernels as
// backprop_cuda.cu launches them: bpnn_layerforward_CUDA (16x16 blocks,
// grid 1 x in/16) and bpnn_adjust_weights_cuda. The program copies the
// weights to the device again before the second launch; here each kernel
// has its own weight buffer, reset outside the timed region, so the two
// launches see the data they see in the program. in = 16 x 65535 input
// units, the most the grid (1 x in/16, y at most 65535) takes (the program's
// usual argument is 65536), 16 hidden units.
#include "../real.cuh"

#include "yuhc/gpu-rodinia/cuda/backprop/backprop_cuda_kernel.cu"

int main(int argc, char **argv) {
  real::options o = real::parse(argc, argv);
  const int in = o.small ? 1024 : 16 * 65535, hid = 16;
  const size_t wsize = (size_t)(in + 1) * (hid + 1);
  const int num_blocks = in / 16;

  std::vector<float> input(in + 1), weights(wsize), prev(wsize), delta(hid + 1);
  real::lcg rng(6);
  for (float &x : input) x = rng.uniform();
  for (float &x : weights) x = rng.uniform() - 0.5f;
  for (float &x : prev) x = 0.01f * (rng.uniform() - 0.5f);
  for (float &x : delta) x = 0.1f * (rng.uniform() - 0.5f);

  float *input_cuda, *output_hidden_cuda, *forward_weights, *hidden_partial_sum, *adjust_weights,
      *prev_weights, *hidden_delta_cuda;
  REAL_CHECK(cudaMalloc(&input_cuda, (in + 1) * sizeof(float)));
  REAL_CHECK(cudaMalloc(&output_hidden_cuda, (hid + 1) * sizeof(float)));
  REAL_CHECK(cudaMalloc(&forward_weights, wsize * sizeof(float)));
  REAL_CHECK(cudaMalloc(&adjust_weights, wsize * sizeof(float)));
  REAL_CHECK(cudaMalloc(&prev_weights, wsize * sizeof(float)));
  REAL_CHECK(cudaMalloc(&hidden_partial_sum, num_blocks * WIDTH * sizeof(float)));
  REAL_CHECK(cudaMalloc(&hidden_delta_cuda, (hid + 1) * sizeof(float)));
  REAL_CHECK(cudaMemcpy(input_cuda, input.data(), (in + 1) * sizeof(float), cudaMemcpyHostToDevice));
  REAL_CHECK(cudaMemcpy(hidden_delta_cuda, delta.data(), (hid + 1) * sizeof(float), cudaMemcpyHostToDevice));
  dim3 grid(1, num_blocks), threads(16, 16);
  real::time_runs(
      o,
      [&] {
        REAL_CHECK(cudaMemcpy(forward_weights, weights.data(), wsize * sizeof(float), cudaMemcpyHostToDevice));
        REAL_CHECK(cudaMemcpy(adjust_weights, weights.data(), wsize * sizeof(float), cudaMemcpyHostToDevice));
        REAL_CHECK(cudaMemcpy(prev_weights, prev.data(), wsize * sizeof(float), cudaMemcpyHostToDevice));
      },
      [&] {
        bpnn_layerforward_CUDA<<<grid, threads>>>(input_cuda, output_hidden_cuda, forward_weights,
                                                  hidden_partial_sum, in, hid);
        bpnn_adjust_weights_cuda<<<grid, threads>>>(hidden_delta_cuda, hid, input_cuda, in, adjust_weights,
                                                     prev_weights);
      });
  real::hash h;
  h.add_device(forward_weights, wsize);
  h.add_device(hidden_partial_sum, (size_t)num_blocks * WIDTH);
  h.add_device(adjust_weights, wsize);
  h.add_device(prev_weights, wsize);
  real::print_hash(h);
  return 0;
}
