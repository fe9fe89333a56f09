/* The nvcc options ferry-cc ignores with a note, the -Werror kinds it
 * knows and the options it refuses: read by the translation
 * (nvcc_flags.c) and listed by --help (ferry_cc_help.c), so that the two
 * cannot disagree. */
#ifndef FERRY_TOOLS_NVCC_OPTION_TABLES_H
#define FERRY_TOOLS_NVCC_OPTION_TABLES_H

#include <stdbool.h>
#include <stddef.h>

/* An option that changes nothing clang does: ignored with a note saying
 * why. One with a value takes it as nvcc does (=V or the next argument). */
struct nvcc_ignorable {
  const char *short_name, *long_name;
  bool takes_value;
  const char *why;
};
extern const struct nvcc_ignorable nvcc_ignorable[];
extern const size_t nvcc_ignorable_count;

/* nvcc's -Werror kinds (-Werror K, --Werror=K,K): clang is the flag each
 * becomes, "" for none, NULL for one ignored with a note. */
struct nvcc_werror_kind {
  const char *kind, *clang;
};
extern const struct nvcc_werror_kind nvcc_werror_kinds[];
extern const size_t nvcc_werror_kind_count;

/* An option with no clang counterpart: an error saying why. */
struct nvcc_unmappable {
  const char *short_name, *long_name, *why;
};
extern const struct nvcc_unmappable nvcc_unmappable[];
extern const size_t nvcc_unmappable_count;

#endif
