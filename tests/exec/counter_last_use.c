/* __COUNTER__ keeps its values (tool/rules/Counter.h): STAMP, which expands it, is used
   on a node in main, so the use is written as its expansion and the value becomes a
   number; no expansion of __COUNTER__ follows it in the file, so no later value changes,
   and the structure is compressed. A value read before it is untouched. */
// EXPECT: {"type": "struct node", "owner": "main", "indexed": true, "compressed": true}
#include <stdio.h>
#include <stdlib.h>

struct node {
    int id;
    int v;
    struct node *next;
};

#define STAMP(n) do { (n)->id = __COUNTER__; } while (0)

static int first_id = __COUNTER__;

int main(void) {
    struct node *h = NULL;
    for (int i = 0; i < 5; i++) {
        struct node *n = malloc(sizeof(struct node));
        n->v = i * 10;
        n->next = h;
        h = n;
    }
    STAMP(h);
    printf("first_id %d, head id %d\n", first_id, h->id);
    while (h) {
        struct node *n = h->next;
        free(h);
        h = n;
    }
    return 0;
}
