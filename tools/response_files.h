/* Arguments kept in files: clang's and nvcc's @FILE, and nvcc's
 * --options-file FILE (-optf), which CMake writes for long command lines.
 * They are read before translation, so that nvcc options inside them are
 * translated like those on the command line. */
#ifndef FERRY_TOOLS_RESPONSE_FILES_H
#define FERRY_TOOLS_RESPONSE_FILES_H

#include <stdbool.h>

/* Replaces the argument count and vector (argv[0] kept) with the arguments, files expanded
 * in place, recursively; false after a message naming a file that cannot
 * be read. */
bool expand_response_files(int *argc, char ***argv);

#endif
