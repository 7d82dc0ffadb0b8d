/* An array of structs from one calloc: one H node, A flag, element type and size. */
#include <stdlib.h>

struct item {
    int key;
    struct item *next; /* offset 8 */
};

int main(void) {
    int n = 10;
    struct item *items = calloc(n, sizeof *items); // @items
    for (int i = 0; i < n; i++) {
        items[i].key = i;
        items[i].next = i + 1 < n ? &items[i + 1] : NULL;
    }
    struct item *it = &items[3];
    return it->next->key;
}
