/* `static struct conf *last = NULL;` inside a function (the tail of a global list it
   appends to): the static local lives in the globals graph and becomes an index whose
   null initialiser is written 0. It kept `= NULL` (an index initialised from a void *),
   and the self-check left the list unchanged. */
// EXPECT: {"type": "struct conf", "owner": "(global)", "indexed": true, "compressed": true}
#include <stdio.h>
#include <stdlib.h>
struct conf { int v; struct conf *next; };
static struct conf *head;
static struct conf *add(int v) {
    static struct conf *last = NULL;
    struct conf *c = malloc(sizeof *c);
    if (!c) exit(2);
    c->v = v; c->next = NULL;
    if (last) last->next = c; else head = c;
    last = c;
    return c;
}
int main(void) {
    int i, s = 0; struct conf *c;
    for (i = 0; i < 10; i++) add(i);
    for (c = head; c; c = c->next) s = s * 3 + c->v;
    printf("%d\n", s);
    while (head) { c = head->next; free(head); head = c; }
    return 0;
}
