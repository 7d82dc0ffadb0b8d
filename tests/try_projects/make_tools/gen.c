/* Writes table.h: the weights app uses, kept in a list while they are made. */
#include <stdio.h>
#include <stdlib.h>

#define CDECL

struct weight {
    int value;
    struct weight *next;
};

int CDECL main(void)
{
    struct weight *head = NULL;
    for (int i = 0; i < 4; i++) {
        struct weight *w = malloc(sizeof *w);
        w->value = 2;
        w->next = head;
        head = w;
    }
    printf("#define WEIGHT %d\n", head->value);
    while (head) {
        struct weight *next = head->next;
        free(head);
        head = next;
    }
    return 0;
}
