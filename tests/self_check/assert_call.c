/* A call inside assert() takes the address of a list head that ptrcomp retypes; the
   rewriter does not reach into the macro argument, so the self-check must catch the
   pointer mismatch and leave the list unchanged (or, once macro arguments are rewritten,
   the call must go to the clone). Either way the output builds and behaves the same. */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

struct entry {
    int value;
    struct entry *next;
};

struct entry *list_append(struct entry **head, const int *v) {
    struct entry *e = malloc(sizeof *e);
    if (!e)
        return NULL;
    e->value = *v;
    e->next = *head;
    *head = e;
    return e;
}

static int list_sum(struct entry *l) {
    int s = 0;
    for (; l; l = l->next)
        s += l->value;
    return s;
}

int main(void) {
    struct entry *list = NULL;
    for (int v = 0; v < 10; v++)
        assert(list_append(&list, &v) != NULL);
    printf("%d\n", list_sum(list));
    while (list) {
        struct entry *n = list->next;
        free(list);
        list = n;
    }
    return 0;
}
