/* Where ferry-cc finds ferry: relative to its own executable, so that the
 * build tree (build/bin/ferry-cc) and an installed prefix (P/bin/ferry-cc)
 * are laid out alike:
 *
 *   ROOT/bin/ferry-cc, ROOT/bin/ferry-report
 *   ROOT/lib/ferry.so            the plugin
 *   ROOT/lib/ferry-rt.bc         the device runtime
 *   ROOT/include/ferry.h, ferry/, ferry_memcpy_async.h */
#ifndef FERRY_TOOLS_INSTALL_LAYOUT_H
#define FERRY_TOOLS_INSTALL_LAYOUT_H

#include <stdbool.h>

struct install_layout {
  const char *executable; /* ferry-cc itself, links resolved */
  const char *root;
  const char *bin_dir;
  const char *plugin;
  const char *runtime_bitcode; /* NULL when it is not there */
  const char *include_dir;
};

/* Fills the layout from /proc/self/exe; false (after a message on stderr
 * naming what is missing) when the plugin is not where it must be. */
bool find_install_layout(struct install_layout *layout);

#endif
