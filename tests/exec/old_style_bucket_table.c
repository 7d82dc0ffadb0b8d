/* A symbol table in the style of old C: a global bucket array allocated with a cast,
   `table = (struct d **)malloc(nb * sizeof(struct d *))`, lookups returning `return(p);`
   and `return(NULL);`, nodes freed with `free((char *)p)`. The global becomes
   `pc_idx32 *table`, the cast and the element size follow (`(pc_idx32 *)malloc(nb *
   sizeof(pc_idx32))`), and the nodes are compressed. Before, the cast stayed, the
   global kept its type, and the self-check left the table unchanged. */
// EXPECT: {"type": "struct d", "owner": "(global)", "indexed": true, "compressed": true}
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
struct d { char name[16]; int v; struct d *next; };
static struct d **table;
static int nb = 31;
static unsigned h(const char *s) { unsigned x = 0; while (*s) x = x * 31 + (unsigned char)*s++; return x; }
static struct d *lookup(const char *s) {
    struct d *p;
    for (p = table[h(s) % nb]; p != NULL; p = p->next)
        if (strcmp(p->name, s) == 0) return(p);
    return(NULL);
}
static void install(const char *s, int v) {
    struct d *p = lookup(s);
    unsigned k;
    if (p == NULL) {
        p = (struct d *)malloc(sizeof(struct d));
        strcpy(p->name, s);
        k = h(s) % nb;
        p->next = table[k];
        table[k] = p;
    }
    p->v = v;
}
int main(void) {
    int i; char buf[16]; long s = 0; struct d *p, *q;
    table = (struct d **)malloc(nb * sizeof(struct d *));
    for (i = 0; i < nb; i++) table[i] = NULL;
    for (i = 0; i < 200; i++) { sprintf(buf, "k%d", i % 77); install(buf, i); }
    for (i = 0; i < nb; i++) for (p = table[i]; p; p = p->next) s += p->v * (i + 1);
    printf("%ld %d\n", s, lookup("k5")->v);
    for (i = 0; i < nb; i++) for (p = table[i]; p; p = q) { q = p->next; free((char *)p); }
    free((char *)table);
    return 0;
}
