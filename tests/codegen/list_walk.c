/* Read-only list walks called from a loop that also changes the list: the walks'
   versions receive the pool's base and compile like the originals. */
// SAME-CODE: list_len list_max
// CFLAGS: -fno-inline
#include <stdio.h>
#include <stdlib.h>

struct item {
    long key;
    struct item *next;
};

static int list_len(const struct item *p) {
    int n = 0;
    for (; p; p = p->next)
        n++;
    return n;
}

static long list_max(const struct item *p) {
    long m = 0;
    while (p != NULL) {
        if (p->key > m)
            m = p->key;
        p = p->next;
    }
    return m;
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 10;
    int rounds = argc > 2 ? atoi(argv[2]) : 10;
    struct item *head = NULL;
    long check = 0;
    for (int r = 0; r < rounds; r++) {
        for (int i = 0; i < n; i++) {
            struct item *it = malloc(sizeof *it);
            it->key = (i * 7919L + r) % 1009;
            it->next = head;
            head = it;
        }
        check += list_len(head) + list_max(head);
    }
    printf("%ld\n", check);
    while (head) {
        struct item *next = head->next;
        free(head);
        head = next;
    }
    return 0;
}
