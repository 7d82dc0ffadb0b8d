#include "lru.h"

#include <stdlib.h>

struct entry lru;
int lru_count;

void lru_init(void) {
    lru.newer = lru.older = &lru;
}

struct entry *lru_find(int key) {
    for (struct entry *e = lru.older; e != &lru; e = e->older)
        if (e->key == key)
            return e;
    return NULL;
}

static void unlink_entry(struct entry *e) {
    e->newer->older = e->older;
    e->older->newer = e->newer;
}

/* Makes e the newest entry. */
void lru_touch(struct entry *e) {
    unlink_entry(e);
    e->older = lru.older;
    e->newer = &lru;
    lru.older->newer = e;
    lru.older = e;
}

void lru_drop_oldest(void) {
    struct entry *e = lru.newer;
    if (e == &lru)
        return;
    unlink_entry(e);
    free(e);
    lru_count--;
}
