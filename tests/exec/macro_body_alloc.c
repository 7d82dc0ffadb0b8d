/* Allocation macros: `#define NEW(T) ((T *)malloc(sizeof(T)))`, an array form with
   calloc, and a macro that frees: each use becomes the pool's allocation or free, written
   in place of the invocation. */
// ARGS: 400
// EXPECT: {"type": "struct item", "owner": "main", "indexed": true, "compressed": true}
#include <stdio.h>
#include <stdlib.h>

struct item {
    int id;
    short tag;
    struct item *next;
    struct item *prev;
};

#define NEW(T) ((T *)malloc(sizeof(T)))
#define NEW_ZEROED(T) ((T *)calloc(1, sizeof(T)))
#define DELETE(p) free(p)

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 100;
    struct item *head = NULL, *tail = NULL;
    for (int i = 0; i < n; i++) {
        struct item *it = (i % 3) ? NEW(struct item) : NEW_ZEROED(struct item);
        it->id = i;
        it->tag = (short)(i % 3 ? i % 5 : it->tag);
        it->next = NULL;
        it->prev = tail;
        if (tail)
            tail->next = it;
        else
            head = it;
        tail = it;
    }
    long s = 0;
    for (struct item *it = tail; it; it = it->prev)
        s = s * 3 % 1000003 + it->id + it->tag;
    printf("s=%ld\n", s);
    while (head) {
        struct item *nx = head->next;
        DELETE(head);
        head = nx;
    }
    return 0;
}
