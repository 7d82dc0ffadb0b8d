#include <stdlib.h>

#include "list.h"

struct entry *make_list(int n) {
    struct entry *l = NULL;
    for (int i = 0; i < n; i++) {
        struct entry *e = ENTRY_NEW();
        ENTRY_KEY(e) = i * 37 % 101;
        e->weight = i % 9;
        ENTRY_PUSH(l, e);
    }
    return l;
}

long list_weight(const struct entry *l) {
    long w = 0;
    for (; l; l = ENTRY_NEXT(l))
        w += l->weight * ENTRY_KEY(l);
    return w;
}

void free_list(struct entry *l) {
    while (l) {
        struct entry *nx = ENTRY_NEXT(l);
        free(l);
        l = nx;
    }
}
