/* A null index converted to a real pointer or an integer must stay null: (char *)p,
   (uintptr_t)p and a pointer passed to a libc function, with p at the end of a list. */
// ARGS: 20
// EXPECT: {"type": "struct link", "owner": "main", "indexed": true, "compressed": true}
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

struct link {
    int v;
    struct link *next;
};

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 5;
    struct link *head = NULL;
    for (int i = 0; i < n; i++) {
        struct link *l = malloc(sizeof *l);
        l->v = i;
        l->next = head;
        head = l;
    }
    struct link *last = head;
    while (last->next)
        last = last->next;
    struct link *end = last->next;
    char *bytes = (char *)end;
    printf("%d %d %d\n", bytes == NULL, (uintptr_t)end == 0, (uintptr_t)head != 0);
    printf("%s\n", end ? "more" : "end");
    while (head) {
        struct link *nx = head->next;
        free(head);
        head = nx;
    }
    return 0;
}
