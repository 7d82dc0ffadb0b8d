/* The file's last #include sits in an #ifdef that is off in the ordinary build: the
   runtime's #include must go after its #endif, not inside it, or pc_idx32 is unknown. */
// ARGS: 500
// EXPECT: {"type": "struct cell", "owner": "main", "indexed": true, "compressed": true}
#include <stdio.h>
#include <stdlib.h>
#ifdef DEBUG_ALLOC
#include <assert.h>
#define CHECK(x) assert(x)
#endif

struct cell {
    long value;
    struct cell *next;
};

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 100;
    struct cell *head = NULL;
    for (int i = 0; i < n; i++) {
        struct cell *c = malloc(sizeof *c);
        c->value = (long)i * i % 97;
        c->next = head;
        head = c;
    }
    long sum = 0;
    while (head) {
        struct cell *next = head->next;
        sum += head->value;
        free(head);
        head = next;
    }
    printf("%ld\n", sum);
    return 0;
}
