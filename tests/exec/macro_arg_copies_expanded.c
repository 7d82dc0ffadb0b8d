/* A constructor macro in the style of container libraries: VEC_NEW allocates into its
   argument and hands it to VEC_INIT, which passes it unparenthesised to memset. The
   invocation is written as its expansion (its body allocates), and the argument `v`,
   spelled once in the file, is expanded three times with three different texts: as the
   variable assigned (an index), compared with NULL, and as memset's pointer (the
   object's address). The expansion prints each copy with its own text, so the vector is
   compressed. (With `memset((v), ...)` the parentheses take the edit, see macro_twice.c
   for copies that agree; macro_arg_copies_differ.c for copies in an invocation that
   cannot be written as its expansion.) */
// EXPECT: {"type": "struct vec", "owner": "main", "indexed": true, "compressed": true, "index_bits": 32}
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct vec {
    size_t len, cap;
    int *items;
};

#define VEC_INIT(v) do { memset(v, 0, sizeof(struct vec)); (v)->cap = 8; } while (0)
#define VEC_NEW(v)                                          \
    do {                                                    \
        (v) = (struct vec *)malloc(sizeof(struct vec));     \
        if ((v) == NULL)                                    \
            exit(2);                                        \
        VEC_INIT(v);                                        \
    } while (0)

int main(void)
{
    struct vec *squares;
    VEC_NEW(squares);
    squares->items = malloc(squares->cap * sizeof(int));
    if (squares->items == NULL)
        return 2;
    for (int i = 0; i < 30; i++) {
        if (squares->len == squares->cap) {
            squares->cap *= 2;
            int *grown = realloc(squares->items, squares->cap * sizeof(int));
            if (grown == NULL)
                return 2;
            squares->items = grown;
        }
        squares->items[squares->len++] = i * i;
    }
    long sum = 0;
    for (size_t i = 0; i < squares->len; i++)
        sum += squares->items[i];
    printf("len=%zu cap=%zu sum=%ld\n", squares->len, squares->cap, sum);
    free(squares->items);
    free(squares);
    return 0;
}
