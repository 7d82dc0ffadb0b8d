/* ByteCounts rule (tool/rules/ByteCounts.h): byte counts through pointers to members of
   a node whose layout changes stay inside those members (a constant no larger than the
   member), so they keep their meaning and the list is compressed. */
// EXPECT: {"type": "struct node", "owner": "main", "indexed": true, "compressed": true}
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct node {
    char name[12];
    int key;
    struct node *next;
};

static void set(struct node *n, const char *name, int key) {
    memset(n->name, 0, sizeof n->name);
    strncpy(n->name, name, sizeof n->name - 1);
    memset(&n->key, 0, sizeof n->key);
    n->key += key;
}

int main(void) {
    static const char *names[] = {"ash", "birch", "cedar", "douglas-fir-tree"};
    struct node *head = NULL;
    for (int i = 0; i < 4; i++) {
        struct node *n = malloc(sizeof *n);
        if (!n)
            return 1;
        set(n, names[i], i * 7);
        n->next = head;
        head = n;
    }
    for (struct node *p = head; p; p = p->next)
        printf("%s %d\n", p->name, p->key);
    while (head) {
        struct node *n = head->next;
        free(head);
        head = n;
    }
    return 0;
}
