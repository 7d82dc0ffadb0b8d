/* A hash table in a struct-typed global (`static struct table symtab`), the bucket array
   a member: the global becomes a `struct table_pc32` of indices and its entries are
   compressed. */
// EXPECT: {"type": "struct sym", "owner": "(global)", "indexed": true, "compressed": true, "index_bits": 32}
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NB 32

struct sym {
    char name[12];
    int uses;
    struct sym *next;
};

struct table {
    struct sym *bucket[NB];
    int count;
};

static struct table symtab;

static unsigned hash(const char *s)
{
    unsigned h = 5381;
    while (*s)
        h = h * 33 + (unsigned char)*s++;
    return h % NB;
}

static struct sym *intern(const char *name)
{
    unsigned h = hash(name);
    for (struct sym *s = symtab.bucket[h]; s; s = s->next)
        if (strcmp(s->name, name) == 0) {
            s->uses++;
            return s;
        }
    struct sym *s = malloc(sizeof *s);
    snprintf(s->name, sizeof s->name, "%s", name);
    s->uses = 1;
    s->next = symtab.bucket[h];
    symtab.bucket[h] = s;
    symtab.count++;
    return s;
}

int main(void)
{
    char buf[12];
    long check = 0;
    for (int i = 0; i < 400; i++) {
        snprintf(buf, sizeof buf, "v%d", i * 7 % 53);
        check += intern(buf)->uses;
    }
    for (int b = 0; b < NB; b++)
        for (struct sym *s = symtab.bucket[b]; s; s = s->next)
            check = check * 3 % 1000003 + s->uses;
    printf("%d %ld\n", symtab.count, check);
    for (int b = 0; b < NB; b++)
        while (symtab.bucket[b]) {
            struct sym *s = symtab.bucket[b];
            symtab.bucket[b] = s->next;
            free(s);
        }
    return 0;
}
