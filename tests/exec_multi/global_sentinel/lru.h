/* An LRU list of cache entries whose sentinel is a global node, declared here and
   defined in lru.c; main.c links entries to it as well. */
#ifndef LRU_H
#define LRU_H

struct entry {
    struct entry *newer, *older;
    int key;
    long value;
};

extern struct entry lru;
extern int lru_count;

void lru_init(void);
struct entry *lru_find(int key);
void lru_touch(struct entry *e);
void lru_drop_oldest(void);

#endif
