/* ferry-cc's one answer to an allocation that failed. */
#ifndef FERRY_TOOLS_CHECKED_H
#define FERRY_TOOLS_CHECKED_H

/* `pointer` itself, or, where it is NULL (malloc, strdup and the like
 * failed), perror's message and exit status 1: a compile driver has no
 * useful way on without memory. */
void *checked(void *pointer);

#endif
