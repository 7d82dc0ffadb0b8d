/* A static inline function of a header with a static local: one file calls it for two
   lists (two versions), another file has a file-scope variable of the same name. */
#ifndef TALLY_H
#define TALLY_H
#include <stdlib.h>
struct item { int weight; struct item *next; };
static inline long tally(const struct item *it, int factor) {
    static long visits;
    long total = 0;
    visits++;
    for (; it; it = it->next)
        total += (long)it->weight * factor;
    return total + visits;
}
#endif
