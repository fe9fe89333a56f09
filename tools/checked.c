#include "checked.h"

#include <stdio.h>
#include <stdlib.h>

void *checked(void *pointer) {
  if (!pointer) {
    perror("ferry-cc");
    exit(1);
  }
  return pointer;
}
