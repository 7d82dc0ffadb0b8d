/* The list nodes of layout_reorder.c, {char; ptr; int; char}, each in a program that
   shows its member order, so that its compressed layout keeps the source order (16
   bytes, where 12 would do) and says why: a positional compound literal (ptrcomp keeps
   initializers as written when their type becomes the new layout), an offsetof, a
   memcmp of whole nodes whose sign depends on the first member, and a read of a node's
   first byte through a char pointer (byte 0 of a reordered node would be the index). */
// ARGS: 300
// EXPECT: {"type": "struct lit", "owner": "main", "compressed": true, "layout": "struct lit_pc32", "size_before": 24, "size_after": 16, "reordered": false, "order_kept_because": "a positional initializer of struct lit at layout_reorder_kept.c:68:37 lists its members in order"}
// EXPECT: {"type": "struct off", "owner": "main", "compressed": true, "layout": "struct off_pc32", "size_before": 24, "size_after": 16, "reordered": false, "order_kept_because": "offsetof(struct off, ...) at layout_reorder_kept.c:74:20 reads a member's offset"}
// EXPECT: {"type": "struct cmp", "owner": "main", "compressed": true, "layout": "struct cmp_pc32", "size_before": 24, "size_after": 16, "reordered": false, "order_kept_because": "memcmp compares struct cmp objects byte by byte at layout_reorder_kept.c:82:17"}
// EXPECT: {"type": "struct first", "owner": "main", "compressed": true, "layout": "struct first_pc32", "size_before": 24, "size_after": 16, "reordered": false, "order_kept_because": "a pointer to a struct first object is converted to 'char *' at layout_reorder_kept.c:87:15"}
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct lit {
    char c;
    struct lit *next;
    int v;
    char d;
};

struct off {
    char c;
    struct off *next;
    int v;
    char d;
};

struct cmp {
    char c;
    struct cmp *next;
    int v;
    char d;
};

struct first {
    char c;
    struct first *next;
    int v;
    char d;
};

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 100;

    struct lit *lh = NULL;
    struct off *oh = NULL;
    struct cmp *ch = NULL;
    struct first *fh = NULL;
    for (int i = 0; i < n; i++) {
        struct lit *l = malloc(sizeof *l);
        l->c = (char)('a' + i % 26), l->v = i * 5, l->d = (char)('A' + i % 7);
        l->next = lh, lh = l;
        struct off *o = malloc(sizeof *o);
        o->c = (char)(i % 50), o->v = i - 7, o->d = (char)(i % 3);
        o->next = oh, oh = o;
        struct cmp *c = malloc(sizeof *c);
        memset(c, 0, sizeof *c);
        c->c = (char)(i * 37 % 101), c->v = i, c->d = 1;
        c->next = ch, ch = c;
        struct first *f = malloc(sizeof *f);
        f->c = (char)(i % 90), f->v = -i, f->d = 2;
        f->next = fh, fh = f;
    }

    struct lit sample = (struct lit){'q', NULL, 9, 'r'};
    long long s = sample.c + sample.v + sample.d;
    for (struct lit *p = lh; p; p = p->next)
        s = (s * 31 + p->c + p->v * 3 + p->d) % 1000000007LL;
    printf("lit %lld\n", s);

    s = (long long)offsetof(struct off, d) * 1000;
    for (struct off *p = oh; p; p = p->next)
        s += p->c * 2 + p->v + p->d;
    printf("off %lld\n", s);

    // Byte 0 is member c, set in every node and unique among neighbours.
    int less = 0;
    for (struct cmp *p = ch; p && p->next; p = p->next)
        less += memcmp(p, p->next, sizeof(struct cmp)) < 0;
    printf("cmp %d\n", less);

    s = 0;
    for (struct first *p = fh; p; p = p->next)
        s += *(char *)p * 3 + p->v + p->d;
    printf("first %lld\n", s);

    while (lh) {
        struct lit *x = lh->next;
        free(lh);
        lh = x;
    }
    while (oh) {
        struct off *x = oh->next;
        free(oh);
        oh = x;
    }
    while (ch) {
        struct cmp *x = ch->next;
        free(ch);
        ch = x;
    }
    while (fh) {
        struct first *x = fh->next;
        free(fh);
        fh = x;
    }
    return 0;
}
