/* Compound literals: automatic storage inside a function (S), static at file scope (G). */
#include <stdlib.h>

struct pt {
    int x;
    int y;
};

struct seg {
    struct pt *from;
    struct pt *to;
};

struct pt *origin = &(struct pt){ 0, 0 };

int main(void) {
    struct pt *p = &(struct pt){ 1, 2 };
    struct seg *s = malloc(sizeof *s); // @s
    s->from = p;
    s->to = origin;
    struct seg local = (struct seg){ .from = p, .to = p };
    return s->from->x + s->to->y + local.to->x;
}
