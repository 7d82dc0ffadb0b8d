/* Pointer-to-pointer insertion (`struct lnk **link = &head; link = &(*link)->next`): the
   link points both to a local pointer variable and into heap objects. Whatever ptrcomp
   decides for the list (the analysis merges the local with the heap objects), the
   transformed program must behave the same. */
// EXPECT: {"type": "struct lnk"}
#include <stdio.h>
#include <stdlib.h>

struct lnk {
    int key;
    struct lnk *next;
};

static unsigned long long seed = 1212;

static unsigned lcg(void) {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return (unsigned)(seed >> 33);
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 800;
    struct lnk *head = NULL;
    for (int i = 0; i < n; i++) {
        int key = (int)(lcg() % 5000);
        struct lnk **link = &head;
        while (*link && (*link)->key < key)
            link = &(*link)->next;
        struct lnk *x = malloc(sizeof *x);
        x->key = key;
        x->next = *link;
        *link = x;
    }
    /* remove duplicates through the same idiom */
    int removed = 0;
    for (struct lnk **link = &head; *link;) {
        struct lnk *cur = *link;
        if (cur->next && cur->next->key == cur->key) {
            *link = cur->next;
            free(cur);
            removed++;
        } else {
            link = &cur->next;
        }
    }
    unsigned s = 0;
    int count = 0;
    for (struct lnk *p = head; p; p = p->next, count++)
        s = s * 31u + (unsigned)p->key;
    printf("count=%d removed=%d s=%u first=%d\n", count, removed, s, head ? head->key : -1);
    while (head) {
        struct lnk *next = head->next;
        free(head);
        head = next;
    }
    return 0;
}
