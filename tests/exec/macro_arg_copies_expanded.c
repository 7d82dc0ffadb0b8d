/* A constructor macro in the style of container libraries: VEC_NEW allocates into its
   argument and hands it to VEC_INIT, which passes it unparenthesised to memset. The
   invocation is written as its expansion (its body allocates), but the argument `v`
   is spelled once in the file and expanded three times: as the variable assigned
   (an index), compared with NULL, and as memset's pointer (the object's address).
   Argument copies share the one edit where they are spelled, so differing copies
   leave the structure unchanged, with the reason, even though the expansion could
   print each copy with its own text; the ideal is the todo. (With `memset((v), ...)`
   the parentheses take the edit and the vector is compressed, see macro_twice.c for
   copies that agree.) */
// EXPECT: {"type": "struct vec", "owner": "main", "pooled": false, "reason": "the argument of macro 'VEC_NEW' at macro_arg_copies_expanded.c:34:13 is expanded more than once, and its expansions would need different rewrites"}
// EXPECT: {"type": "struct vec", "indexed": true, "compressed": true, "todo": true}
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
