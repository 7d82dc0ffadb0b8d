/* Included only in debugging builds (-DLIST_DEBUG). */
#ifndef LIST_DEBUG_H
#define LIST_DEBUG_H
#include <stdio.h>
#define LIST_TRACE(msg) fprintf(stderr, "list: %s\n", msg)
#endif
