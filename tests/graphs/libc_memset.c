/* memset(p, 0, sizeof *p) on structs keeps them type-homogeneous. */
#include <stdlib.h>
#include <string.h>

struct rec {
    int id;
    double w;
    struct rec *next; /* offset 16; sizeof 24 */
};

int main(void) {
    struct rec *r = malloc(sizeof *r); // @r
    memset(r, 0, sizeof *r);
    r->id = 1;
    r->next = r;
    struct rec *arr = malloc(4 * sizeof *arr); // @arr
    memset(arr, 0, 4 * sizeof *arr);
    arr[2].w = 1.5;
    struct rec local;
    memset(&local, 0, sizeof local);
    local.next = r;
    return r->id + (int)arr[2].w + local.next->id;
}
