/* nvcc's floating-point options as clang's device options.
 *
 * nvcc's defaults are --fmad=true, -prec-div=true, -prec-sqrt=true and
 * --ftz=false; --use_fast_math implies --ftz=true, -prec-div=false,
 * -prec-sqrt=false and --fmad=true, and maps the math library's
 * transcendentals to their fast intrinsics. An explicit option wins over
 * what --use_fast_math implies, before it on the line or after it (nvcc
 * 13's PTX: `-prec-div=true --use_fast_math` divides with div.rn.ftz).
 * Each becomes, for the device half alone:
 *
 * - --use_fast_math: -ffast-math (the fast division and square root, and
 *   the fast sinf, cosf, sincosf, logf and log2f of clang's CUDA headers),
 *   and for the five functions nvcc also makes fast and clang's headers
 *   do not (expf, exp10f, log10f, tanf, powf: they call libdevice's
 *   __nv_expf, ...), the device half's preprocessor names libdevice's fast
 *   form in place of the full one (-D__nv_expf=__nv_fast_expf), which is
 *   what nvcc's __expf, ... compile to.
 * - --ftz: -f[no-]gpu-flush-denormals-to-zero, after -ffast-math.
 * - --fmad=false: -ffp-contract=off, after -ffast-math (which sets fast):
 *   mul.rn and add.rn, which ptxas keeps apart, as nvcc's.
 * - --fmad=true, nvcc's default: cicc's rule, on an nvcc-style line
 *   without --use_fast_math. cicc contracts in its backend, one basic block
 *   at a time: a product becomes an fma operand where each of its uses is
 *   an add in the product's own block, at most four of them (x + a*b and
 *   a*b + x alike); a product subtracted (x - a*b, a*b - x), also used by a
 *   multiply or a subtraction, or used in another block (a product hoisted
 *   before a loop or a branch) stays mul, and the add or sub stays too
 *   (measured with nvcc 13, f32 and f64: docs/PUBLIC_BUILDS.md). That is
 *   the NVPTX backend's own fadd combine, which -nvptx-fma-level=1 turns on
 *   whatever the flags say, with LLVM's other contraction (clang's CUDA
 *   default -ffp-contract=fast: a product subtracted, or sunk next to its
 *   add) off: -ffp-contract=off. Of an add of two products both fuse the
 *   first; which comes first differs where the products' reads are read
 *   again (LLVM merges the reads first): -ferry-contraction-order=nvcc
 *   (passes/lower/contraction_order.c). The mul, add and sub left carry no
 *   rounding modifier, so ptxas may still fuse them, as it may nvcc's.
 *   Under -G cicc contracts nothing: -ffp-contract=off alone. A clang-style
 *   line keeps clang's default; under --use_fast_math, -ffast-math's
 *   contraction stays LLVM's (fast-math flags let the DAG combiner fuse a
 *   product subtracted whatever -ffp-contract says).
 * - -prec-div: clang divides f32 with div.rn (nvcc's default) unless
 *   fast-math flags allow the approximate division (div.approx, nvcc's
 *   under --use_fast_math). The NVPTX backend's -nvptx-prec-divf32 picks
 *   the form whatever the flags say: 1 is div.full (nvcc's
 *   -prec-div=false without --use_fast_math), 2 is IEEE division and
 *   reciprocal (div.rn, rcp.rn: -prec-div=true with --use_fast_math).
 * - -prec-sqrt: libdevice's sqrtf is IEEE (sqrt.rn) only where
 *   __CUDA_PREC_SQRT reflects as 1, which clang leaves 0: true (nvcc's
 *   default, and what an explicit -prec-sqrt=true restores under
 *   --use_fast_math) sets it; false leaves it and makes llvm.sqrt
 *   approximate too (-nvptx-prec-sqrtf32=0).
 *
 * The -mllvm options exist in the host half's backend too, where they
 * change nothing. */
#include "nvcc_floating_point.h"

#include <stddef.h>

/* libdevice's functions that nvcc's --use_fast_math makes fast and clang's
 * -ffast-math leaves full (its headers choose the fast form for the rest). */
static const char *const fast_math_functions[] = {"expf", "exp10f", "log10f", "tanf", "powf"};

void floating_point_arguments(const struct floating_point_options *options, bool nvcc_style,
                              struct argument_list *out) {
  bool fast_math = options->fast_math;
  if (fast_math) {
    argument_add(out, "-Xarch_device");
    argument_add(out, "-ffast-math");
    for (size_t i = 0; i < sizeof fast_math_functions / sizeof *fast_math_functions; i++) {
      argument_add(out, "-Xarch_device");
      argument_format(out, "-D__nv_%s=__nv_fast_%s", fast_math_functions[i], fast_math_functions[i]);
    }
  }
  int flush_to_zero = options->flush_to_zero >= 0 ? options->flush_to_zero : fast_math ? 1 : -1;
  if (flush_to_zero >= 0) {
    argument_add(out, "-Xarch_device");
    argument_add(out, flush_to_zero ? "-fgpu-flush-denormals-to-zero" : "-fno-gpu-flush-denormals-to-zero");
  }
  bool contract_as_cicc = options->contract != 0 && nvcc_style && !fast_math;
  if (contract_as_cicc) {
    argument_add(out, "-Xarch_device");
    argument_add(out, "-ffp-contract=off");
    if (!options->device_debug) {
      argument_add(out, "-mllvm");
      argument_add(out, "-nvptx-fma-level=1");
      /* The device half alone: a step without the plugin (the host's
       * backend under --keep) would reject an option it does not know. */
      argument_add(out, "-Xarch_device");
      argument_add(out, "-mllvm=-ferry-contraction-order=nvcc");
    }
  } else if (options->contract >= 0) {
    argument_add(out, "-Xarch_device");
    argument_add(out, options->contract ? "-ffp-contract=fast" : "-ffp-contract=off");
    /* clang's driver warns that -ffp-contract overrides -ffast-math's:
     * nvcc documents the override and says nothing. */
    if (fast_math)
      argument_add(out, "-Wno-overriding-option");
  }
  if (options->precise_division == 0 && !fast_math) {
    argument_add(out, "-mllvm");
    argument_add(out, "-nvptx-prec-divf32=1");
  } else if (options->precise_division == 1 && fast_math) {
    argument_add(out, "-mllvm");
    argument_add(out, "-nvptx-prec-divf32=2");
  }
  int precise_sqrt = options->precise_sqrt >= 0 ? options->precise_sqrt : nvcc_style && !fast_math ? 1 : -1;
  if (precise_sqrt == 0) {
    argument_add(out, "-mllvm");
    argument_add(out, "-nvptx-prec-sqrtf32=0");
  } else if (precise_sqrt == 1) {
    argument_add(out, "-mllvm");
    argument_add(out, "-nvvm-reflect-add=__CUDA_PREC_SQRT=1");
  }
}
