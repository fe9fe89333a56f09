/* The nvcc options ferry-cc ignores, the -Werror kinds it knows and the
 * options it refuses (nvcc_option_tables.h). */
#include "nvcc_option_tables.h"

const struct nvcc_ignorable nvcc_ignorable[] = {
    {"t", "threads", true, "clang compiles the architectures one after another"},
    {"split-compile", "split-compile", true, "clang compiles each architecture in one piece"},
    {"Xcudafe", "cudafe-options", true, "cudafe is nvcc's front end; clang parses CUDA itself"},
    {"Xfatbin", "fatbin-options", true, "clang writes the fat binary itself"},
    {"diag-suppress", "diag-suppress", true, "nvcc's diagnostic numbers mean nothing to clang (use -Wno-<warning>)"},
    {"diag-warn", "diag-warn", true, "nvcc's diagnostic numbers mean nothing to clang"},
    {"diag-error", "diag-error", true, "nvcc's diagnostic numbers mean nothing to clang (use -Werror=<warning>)"},
    {"diag-default", "diag-default", true, "nvcc's diagnostic numbers mean nothing to clang"},
    {"keep-dir", "keep-dir", true, "--keep keeps clang's intermediate files in the working directory"},
    {"display-error-number", "display-error-number", false, "clang's diagnostics carry no numbers"},
    {"no-display-error-number", "no-display-error-number", false, "clang's diagnostics carry no numbers"},
    {"extra-device-vectorization", "extra-device-vectorization", false,
     "clang's -O3 vectorizes device code as far as it can"},
    {"use-local-env", "use-local-env", false, "clang needs no Visual Studio environment"},
};
const size_t nvcc_ignorable_count = sizeof nvcc_ignorable / sizeof *nvcc_ignorable;

const struct nvcc_werror_kind nvcc_werror_kinds[] = {
    {"all-warnings", "-Werror"},
    {"deprecated-declarations", "-Werror=deprecated-declarations"},
    {"reorder", "-Werror=reorder"},
    /* A host function called from device code is already an error in
     * clang wherever the device code is emitted. */
    {"cross-execution-space-call", ""},
    {"default-stream-launch", NULL},
    {"missing-launch-bounds", NULL},
    {"ext-lambda-captures-this", NULL},
};
const size_t nvcc_werror_kind_count = sizeof nvcc_werror_kinds / sizeof *nvcc_werror_kinds;

const struct nvcc_unmappable nvcc_unmappable[] = {
    {"Xnvlink", "nvlink-options", "clang does not run nvlink"},
    {"cubin", "cubin", "use --cuda-device-only -c for the device object"},
    {"fatbin", "fatbin", "clang writes the fat binary inside the object (-c)"},
    {"lib", "lib", "make the archive with ar from objects compiled with -c"},
    {"run", "run", "run the program yourself"},
    {"arch-ls", "list-gpu-arch", "see clang's --cuda-gpu-arch values in clang --help"},
};
const size_t nvcc_unmappable_count = sizeof nvcc_unmappable / sizeof *nvcc_unmappable;
