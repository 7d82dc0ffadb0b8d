/* Compound assignment and increments on pointers are pointer arithmetic: A flag. */
#include <stdlib.h>

static int sum(int *v, int n) {
    int s = 0;
    int *end = v;
    end += n;
    for (int *it = v; it != end; it++)
        s += *it;
    return s;
}

int main(void) {
    int *arr = malloc(10 * sizeof *arr); // @arr
    int *walk = malloc(4 * sizeof *walk); // @walk
    int *one = malloc(sizeof *one); // @one
    for (int i = 0; i < 10; i++)
        arr[i] = i;
    *one = 3;
    *walk = 1;
    walk += 1;
    *walk = 2;
    walk -= 1;
    return sum(arr, 10) + *one + *walk;
}
