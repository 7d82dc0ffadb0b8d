/* memcpy between two struct pointers of one type unifies their nodes (and the targets of
   their pointer fields) without collapsing. */
#include <stdlib.h>
#include <string.h>

struct child {
    int v;
};

struct node {
    int id;
    struct child *kid; /* offset 8 */
};

int main(void) {
    struct node *src = malloc(sizeof *src); // @src
    src->id = 1;
    src->kid = malloc(sizeof *src->kid); // @kid
    src->kid->v = 2;
    struct node *dst = malloc(sizeof *dst); // @dst
    memcpy(dst, src, sizeof *dst);
    struct node *other = malloc(sizeof *other); // @other
    other->id = 3;
    other->kid = NULL;
    return dst->kid->v + other->id;
}
