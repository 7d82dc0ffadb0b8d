/* qsort and bsearch call the comparison function with pointers into the array; bsearch
   returns a pointer into the array. */
#include <stdlib.h>

struct rec {
    int key;
    const char *name;
};

static const struct rec *last_seen;

static int cmp(const void *a, const void *b) {
    const struct rec *x = a;
    const struct rec *y = b;
    last_seen = x;
    return (x->key > y->key) - (x->key < y->key);
}

int main(void) {
    size_t n = 8;
    struct rec *arr = malloc(n * sizeof *arr); // @arr
    for (size_t i = 0; i < n; i++) {
        arr[i].key = (int)(n - i);
        arr[i].name = "r";
    }
    qsort(arr, n, sizeof *arr, cmp);
    struct rec key = { 3, "k" };
    struct rec *found = bsearch(&key, arr, n, sizeof *arr, cmp);
    const struct rec *seen = last_seen;
    return (found ? found->key : -1) + (seen ? seen->key : 0);
}
