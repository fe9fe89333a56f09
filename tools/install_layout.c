/* ferry-cc carries no build or source directory: it resolves its own
 * executable (through symbolic links, so a link to it in another bin/
 * directory still finds the real prefix) and looks one level up. */
#include "install_layout.h"
#include "checked.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char *joined(const char *directory, const char *name) {
  size_t length = strlen(directory) + strlen(name) + 2;
  char *path = checked(malloc(length));
  snprintf(path, length, "%s/%s", directory, name);
  return path;
}

/* The directory part of path, cut in place. */
static char *parent_of(char *path) {
  char *slash = strrchr(path, '/');
  if (slash && slash != path)
    *slash = '\0';
  else if (slash)
    slash[1] = '\0';
  return path;
}

bool find_install_layout(struct install_layout *layout) {
  char *executable = realpath("/proc/self/exe", NULL);
  if (!executable) {
    perror("ferry-cc: cannot resolve its own path (/proc/self/exe)");
    return false;
  }
  char *bin_dir = checked(strdup(executable));
  char *root = checked(strdup(parent_of(bin_dir)));
  parent_of(root);
  layout->executable = executable;
  layout->root = root;
  layout->bin_dir = bin_dir;
  layout->plugin = joined(root, "lib/ferry.so");
  char *bitcode = joined(root, "lib/ferry-rt.bc");
  layout->runtime_bitcode = access(bitcode, R_OK) == 0 ? bitcode : NULL;
  layout->include_dir = joined(root, "include");
  if (access(layout->plugin, R_OK) != 0) {
    fprintf(stderr,
            "ferry-cc: error: the plugin is not where ferry-cc looks for it: %s "
            "(ferry-cc finds ferry relative to itself, %s; run the ferry-cc of a "
            "build tree or of an installed prefix)\n",
            layout->plugin, executable);
    return false;
  }
  return true;
}
