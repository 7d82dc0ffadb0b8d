/* A list whose accessor macros live in a shared header, used from two files. */
#ifndef LIST_H
#define LIST_H

struct entry {
    int key;
    long weight;
    struct entry *next;
};

#define ENTRY_NEXT(e) ((e)->next)
#define ENTRY_KEY(e) ((e)->key)
#define ENTRY_NEW() ((struct entry *)malloc(sizeof(struct entry)))
#define ENTRY_PUSH(list, e)                                                               \
    do {                                                                                  \
        ENTRY_NEXT(e) = (list);                                                           \
        (list) = (e);                                                                     \
    } while (0)

struct entry *make_list(int n);
long list_weight(const struct entry *l);
void free_list(struct entry *l);

#endif
