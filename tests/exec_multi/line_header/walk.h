/* A header of main.c only, whose static function list_len (called with pooled lists
   only) is replaced by its clone: inside the clone and after it, __LINE__ is the
   original's. (A static function of a header that several files include would get a
   clone per file's calls: not this test.) */
#ifndef WALK_H
#define WALK_H

#include "list.h"

static int list_len(const struct item *l) {
    int n = 0;
    for (; l; l = l->next)
        n++;
    printf("list_len in %s at line %d\n", file_name(__FILE__), __LINE__);
    return n;
}

static inline int after_clone(void) { return __LINE__; }

#endif
