/* oldc generator, seed 55127 (and 55183), was a compile-veto: lookup, which walks a
   bucket chain, calls hash before any declaration of it (old C, built with
   -Wno-implicit-function-declaration). Its clone is written before the original, so the
   clone's call came first and the self-check took the implicit declaration for one in
   code ptrcomp wrote. Such a call of one of the program's own functions is the
   original's call; only calls of ptrcomp's clones must be declared before use. */
/* cflags: -std=gnu89 -Wno-implicit-int -Wno-return-type -Wno-implicit-function-declaration -Wno-deprecated-non-prototype */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct bucket { char name[16]; int val; struct bucket *next; };

static struct bucket *lookup(struct bucket **tab, int nb, char *s)
{
    register struct bucket *p;

    for (p = tab[hash(s, nb)]; p != NULL; p = p->next)
        if (strcmp(s, p->name) == 0)
            return(p);
    return NULL;
}

static void install(tab, nb, s, val)
struct bucket **tab; int nb; char *s; int val;
{
    struct bucket *p = lookup(tab, nb, s);
    int h;
    if (p != NULL) {
        p->val += val;
        return;
    }
    p = (struct bucket *)malloc(sizeof(struct bucket));
    if (p == NULL)
        exit(1);
    strcpy(p->name, s);
    p->val = val;
    h = hash(s, nb);
    p->next = tab[h];
    tab[h] = p;
}

hash(s, nb)
char *s; int nb;
{
    unsigned h = 0;
    while (*s)
        h = h * 31 + (unsigned char)*s++;
    return (int)(h % (unsigned)nb);
}

int main()
{
    struct bucket *tab[7];
    char name[16];
    int i, total = 0;
    for (i = 0; i < 7; i++)
        tab[i] = NULL;
    for (i = 0; i < 40; i++) {
        sprintf(name, "k%d", i % 13);
        install(tab, 7, name, i);
    }
    for (i = 0; i < 13; i++) {
        struct bucket *p;
        sprintf(name, "k%d", i);
        p = lookup(tab, 7, name);
        total = total * 3 + (p ? p->val : -1);
    }
    for (i = 0; i < 7; i++)
        while (tab[i]) {
            struct bucket *n = tab[i]->next;
            free((char *)tab[i]);
            tab[i] = n;
        }
    printf("%d\n", total);
    return 0;
}
