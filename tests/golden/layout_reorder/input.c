/* A list node {char; pointer; int; char}: compressed in source order it would take 16
   bytes with padding, so its layout declares the members by alignment (12 bytes). */
#include <stdio.h>
#include <stdlib.h>

struct node {
    char c;
    struct node *next;
    int v;
    char d;
};

static struct node *push(struct node *head, int i) {
    struct node *n = malloc(sizeof *n);
    n->c = (char)('a' + i % 26);
    n->next = head;
    n->v = i * i;
    n->d = (char)('A' + i % 26);
    return n;
}

int main(void) {
    struct node *head = NULL;
    for (int i = 0; i < 50; i++)
        head = push(head, i);
    long sum = 0;
    for (struct node *p = head; p; p = p->next)
        sum += p->c + p->v + p->d;
    printf("%ld\n", sum);
    while (head) {
        struct node *next = head->next;
        free(head);
        head = next;
    }
    return 0;
}
