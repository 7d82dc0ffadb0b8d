/* Doubly linked list with head and tail pointers passed by address: insertion after and
   before nodes in the middle, deletion from the middle, walks in both directions. */
// EXPECT: {"type": "struct dnode", "owner": "main", "indexed": true, "compressed": true, "index_bits": 32}
#include <stdio.h>
#include <stdlib.h>

struct dnode {
    struct dnode *prev;
    int val;
    struct dnode *next;
};

static unsigned long long seed = 7;

static unsigned lcg(void) {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return (unsigned)(seed >> 33);
}

static struct dnode *new_node(int val) {
    struct dnode *d = malloc(sizeof(struct dnode));
    d->prev = d->next = NULL;
    d->val = val;
    return d;
}

static void insert_after(struct dnode **tail, struct dnode *pos, struct dnode *d) {
    d->prev = pos;
    d->next = pos->next;
    if (pos->next)
        pos->next->prev = d;
    else
        *tail = d;
    pos->next = d;
}

static void insert_before(struct dnode **head, struct dnode *pos, struct dnode *d) {
    d->next = pos;
    d->prev = pos->prev;
    if (pos->prev)
        pos->prev->next = d;
    else
        *head = d;
    pos->prev = d;
}

static void unlink_node(struct dnode **head, struct dnode **tail, struct dnode *d) {
    if (d->prev)
        d->prev->next = d->next;
    else
        *head = d->next;
    if (d->next)
        d->next->prev = d->prev;
    else
        *tail = d->prev;
    free(d);
}

static struct dnode *nth(struct dnode *head, int k) {
    while (k-- > 0 && head->next)
        head = head->next;
    return head;
}

static unsigned forward_sum(struct dnode *head) {
    unsigned s = 0;
    for (struct dnode *p = head; p; p = p->next)
        s = s * 33u + (unsigned)p->val;
    return s;
}

static unsigned backward_sum(struct dnode *tail) {
    unsigned s = 0;
    for (struct dnode *p = tail; p; p = p->prev)
        s = s * 33u + (unsigned)p->val;
    return s;
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 500;
    struct dnode *head = new_node(0);
    struct dnode *tail = head;
    int count = 1;
    for (int i = 1; i < n; i++) {
        struct dnode *pos = nth(head, (int)(lcg() % (unsigned)count));
        if (i % 3 == 0)
            insert_before(&head, pos, new_node(i));
        else
            insert_after(&tail, pos, new_node(i));
        count++;
    }
    printf("count=%d fwd=%u bwd=%u head=%d tail=%d\n", count, forward_sum(head),
           backward_sum(tail), head->val, tail->val);
    for (int i = 0; i < n / 2 && count > 1; i++) {
        unlink_node(&head, &tail, nth(head, (int)(lcg() % (unsigned)count)));
        count--;
    }
    printf("count=%d fwd=%u bwd=%u head=%d tail=%d\n", count, forward_sum(head),
           backward_sum(tail), head->val, tail->val);
    while (head) {
        struct dnode *next = head->next;
        free(head);
        head = next;
    }
    return 0;
}
