/* A struct returned by value carries its pointer fields to the caller; two calls give two
   separate copies of the callee's heap nodes. */
#include <stdlib.h>

struct node {
    int v;
    struct node *next;
};

struct pair {
    struct node *head;
    struct node *tail;
};

static struct pair make_pair(void) {
    struct pair r;
    r.head = malloc(sizeof *r.head); // @head
    r.tail = malloc(sizeof *r.tail); // @tail
    r.head->next = r.tail;
    r.tail->next = NULL;
    r.head->v = 1;
    r.tail->v = 2;
    return r;
}

int main(void) {
    struct pair a = make_pair();
    struct pair b = make_pair();
    return a.head->v + a.tail->v + b.head->v + b.tail->v;
}
