/* memset of a member that is an array of unsigned char (`memset(p->counts, 0, sizeof
   p->counts)`), the only access the program makes to that member before it reads it
   through a macro: the analysis takes memset's destination as char, which fits an
   unsigned char of the array. It used to find "no char" at that offset and collapse the
   struct (pool allocation only, 64-bit indices); both structs are compressed. */
// EXPECT: {"type": "struct klass", "owner": "main", "indexed": true, "compressed": true}
// EXPECT: {"type": "struct word", "owner": "main", "indexed": true, "compressed": true}
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct klass {
    unsigned long long key;
    unsigned char counts[26];
    struct klass *next;
};

struct word {
    unsigned long long text;
    unsigned char len;
    struct word *next;
    struct klass *cls;
};

#define COUNT(k, c) ((k)->counts[(c)])

static struct klass *new_class(unsigned long long key)
{
    struct klass *k = malloc(sizeof *k);
    if (k == NULL)
        exit(2);
    k->key = key;
    memset(k->counts, 0, sizeof k->counts);
    k->next = NULL;
    return k;
}

int main(void)
{
    struct word *words = NULL, *w;
    unsigned s = 0;
    int i;
    for (i = 0; i < 200; i++) {
        w = malloc(sizeof *w);
        if (w == NULL)
            return 2;
        w->text = (unsigned long long)i * 2654435761u;
        w->len = (unsigned char)(i % 9 + 1);
        w->cls = new_class(w->text % 1000u);
        COUNT(w->cls, i % 26) = w->len;
        w->next = words;
        words = w;
    }
    for (w = words; w != NULL; w = w->next) {
        int c;
        for (c = 0; c < 26; c++)
            s = s * 31u + COUNT(w->cls, c);
        s += (unsigned)w->cls->key;
    }
    printf("%u\n", s);
    while (words != NULL) {
        w = words->next;
        free(words->cls);
        free(words);
        words = w;
    }
    return 0;
}
