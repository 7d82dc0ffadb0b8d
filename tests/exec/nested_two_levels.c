/* Headers two levels down: a ward embeds a desk, which embeds two queues; wards form a
   tree. Each queue header (`&w->desk.in`, `&w->desk.out`) is a distinct place, so each
   gets its own pool of tickets; the ward, desk and queue layouts all change. */
// EXPECT: {"type": "struct ward", "owner": "main", "indexed": true, "compressed": true, "index_bits": 32}
// EXPECT: {"type": "struct ticket", "owner": "main", "indexed": true, "compressed": true, "index_bits": 32}
#include <stdio.h>
#include <stdlib.h>

struct ticket {
    int no;
    struct ticket *next;
};

struct queue {
    struct ticket *first, *last;
    int len;
};

struct desk {
    int open;
    struct queue in, out;
};

struct ward {
    struct ward *left, *right;
    int depth;
    struct desk desk;
};

static void enqueue(struct queue *q, int no)
{
    struct ticket *t = malloc(sizeof *t);
    t->no = no;
    t->next = NULL;
    if (q->last)
        q->last->next = t;
    else
        q->first = t;
    q->last = t;
    q->len++;
}

static int dequeue(struct queue *q)
{
    struct ticket *t = q->first;
    int no;
    if (!t)
        return -1;
    q->first = t->next;
    if (!q->first)
        q->last = NULL;
    q->len--;
    no = t->no;
    free(t);
    return no;
}

static struct ward *build(int depth)
{
    struct ward *w = malloc(sizeof *w);
    w->depth = depth;
    w->desk.open = depth % 2;
    w->desk.in.first = w->desk.in.last = NULL;
    w->desk.out.first = w->desk.out.last = NULL;
    w->desk.in.len = w->desk.out.len = 0;
    w->left = depth > 0 ? build(depth - 1) : NULL;
    w->right = depth > 1 ? build(depth - 2) : NULL;
    return w;
}

static void step(struct ward *w, int t)
{
    if (!w)
        return;
    enqueue(&w->desk.in, t * 3 + w->depth);
    if (w->desk.open || t % 3 == 0) {
        int no = dequeue(&w->desk.in);
        if (no >= 0)
            enqueue(&w->desk.out, no);
    }
    step(w->left, t + 1);
    step(w->right, t + 2);
}

static long report(struct ward *w)
{
    long s;
    if (!w)
        return 0;
    s = w->desk.in.len * 1000L + w->desk.out.len;
    for (struct ticket *t = w->desk.out.first; t; t = t->next)
        s += t->no;
    return s + 7 * report(w->left) + 13 * report(w->right);
}

static void destroy(struct ward *w)
{
    if (!w)
        return;
    destroy(w->left);
    destroy(w->right);
    while (dequeue(&w->desk.in) >= 0)
        ;
    while (dequeue(&w->desk.out) >= 0)
        ;
    free(w);
}

int main(void)
{
    struct ward *root = build(6);
    for (int t = 0; t < 40; t++)
        step(root, t);
    printf("%ld\n", report(root));
    destroy(root);
    return 0;
}
