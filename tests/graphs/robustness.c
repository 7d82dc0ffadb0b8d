/* Idioms of real C the analysis must survive (no crash, a graph for every function):
   container_of, flexible array members, bit-fields, VLAs, statement expressions, computed
   goto, setjmp, inline asm, pointers copied through byte buffers, pointers hashed as
   integers, _Generic. */
#include <setjmp.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct link {
    struct link *next;
};

struct item {
    int key;
    struct link link; /* offset 8 */
};

#define container_of(p, T, m) ((T *)((char *)(p) - offsetof(T, m)))

struct flex {
    int n;
    struct flex *next;
    int data[];
};

struct bits {
    unsigned a : 3;
    unsigned b : 5;
    struct bits *next;
};

static jmp_buf env;

static int weird(int n) {
    struct item *it = malloc(sizeof *it);
    it->key = 1;
    it->link.next = NULL;
    struct link *lp = &it->link;
    struct item *back = container_of(lp, struct item, link);
    struct flex *f = malloc(sizeof *f + (size_t)n * sizeof f->data[0]);
    f->n = n;
    f->next = f;
    f->data[0] = 1;
    struct bits *b = malloc(sizeof *b);
    b->a = 1;
    b->b = 2;
    b->next = b;
    int vla[n > 0 ? n : 1];
    vla[0] = back->key;
    int r = ({ int t = f->data[0]; t + 1; });
    void *target = n ? &&one : &&two;
    goto *target;
one:
    r++;
two:
    if (setjmp(env))
        return r;
    __asm__ volatile("" : : "r"(b) : "memory");
    char raw[sizeof(void *)];
    memcpy(raw, &f, sizeof f);
    struct flex *g;
    memcpy(&g, raw, sizeof g);
    uintptr_t h = (uintptr_t)b;
    r += (int)(h & 1) + g->n + vla[0] + b->a;
    free(it);
    free(f);
    free(b);
    return r + _Generic(r, int: 1, default: 2);
}

int main(int argc, char **argv) {
    (void)argv;
    return weird(argc);
}
