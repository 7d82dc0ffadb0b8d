/* A header that ptrcomp edits: the layout of struct item is written beside it; __LINE__
   and __FILE__ after it must be the original's. */
#ifndef LIST_H
#define LIST_H

#include <stdio.h>
#include <string.h>

/* __FILE__ without clang's "./" for a header found beside an includer named without a
   directory (GCC says "list.h", clang "./list.h"; the output's #line says "list.h"). */
static inline const char *file_name(const char *f) { return strncmp(f, "./", 2) ? f : f + 2; }

struct item {
    int v;
    struct item *next;
};

static inline int header_line(void) { return __LINE__; }
static inline const char *header_file(void) { return file_name(__FILE__); }

int total(const struct item *l);

#endif
