/* check.h: the one assertion macro the runtime tests use. A failed check names itself on
   stderr and exits with status 1, so the harness can tell it from an abort (the runtime's
   fatal errors) and from a crash. */
#ifndef PTRCOMP_TEST_CHECK_H
#define PTRCOMP_TEST_CHECK_H

#include <stdio.h>
#include <stdlib.h>

#define CHECK(cond)                                                                    \
  do {                                                                                 \
    if (!(cond)) {                                                                     \
      fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);         \
      exit(1);                                                                         \
    }                                                                                  \
  } while (0)

#endif
