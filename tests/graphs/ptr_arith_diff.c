/* Pointer arithmetic stays in the array's node (A); pointer differences are plain integers:
   no U, no collapse. */
#include <stddef.h>
#include <stdlib.h>

struct item {
    int key;
    double w; /* sizeof 16 */
};

static ptrdiff_t count_between(struct item *lo, struct item *hi) {
    return hi - lo;
}

int main(void) {
    struct item *arr = calloc(8, sizeof *arr); // @arr
    struct item *end = arr + 8;
    struct item *mid = &arr[4];
    ptrdiff_t d = end - arr;
    ptrdiff_t d2 = count_between(arr, mid);
    struct item *last = end - 1;
    last->key = (int)(d + d2);
    mid->w = 0.5;
    return last->key;
}
