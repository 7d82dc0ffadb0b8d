/* A list built behind a dummy head node on the stack (`struct node dummy; tail = &dummy`),
   so the same pointers point both to a stack object and to heap objects: the dummy head
   moves into the list's pool (allocated where it is declared, freed with the pool when
   main returns) and the list is compressed. A second, purely heap list in the same
   function is indexed. */
// EXPECT: {"type": "struct snode", "owner": "main", "indexed": true, "compressed": true, "moved_into_pool": ["local 'dummy' of main (stack_sentinel.c:30:18)"]}
// EXPECT: {"type": "struct hnode", "owner": "main", "indexed": true, "compressed": true, "index_bits": 32}
#include <stdio.h>
#include <stdlib.h>

struct snode {
    int v;
    struct snode *next;
};

struct hnode {
    int v;
    struct hnode *next;
};

static unsigned long long seed = 515;

static unsigned lcg(void) {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return (unsigned)(seed >> 33);
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 1000;
    struct snode dummy;
    dummy.v = -1;
    dummy.next = NULL;
    struct snode *tail = &dummy;
    struct hnode *h = NULL;
    for (int i = 0; i < n; i++) {
        struct snode *s = malloc(sizeof *s);
        s->v = (int)(lcg() % 500);
        s->next = NULL;
        tail->next = s;
        tail = s;
        struct hnode *x = malloc(sizeof *x);
        x->v = s->v + 1;
        x->next = h;
        h = x;
    }
    long a = 0, b = 0;
    for (struct snode *p = dummy.next; p; p = p->next)
        a = a * 3 % 1000003 + p->v;
    for (struct hnode *p = h; p; p = p->next)
        b = b * 3 % 1000003 + p->v;
    printf("a=%ld b=%ld tail=%d\n", a, b, tail->v);
    struct snode *p = dummy.next;
    while (p) {
        struct snode *next = p->next;
        free(p);
        p = next;
    }
    while (h) {
        struct hnode *next = h->next;
        free(h);
        h = next;
    }
    return 0;
}
