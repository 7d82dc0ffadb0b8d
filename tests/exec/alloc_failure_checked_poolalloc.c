/* Allocation failure that the program handles: a node array of 2^40 bytes (calloc)
   and of 2^40 nodes (malloc) cannot be had, so the original prints "cannot allocate,
   skipped" and carries on. Pooled, the request is larger than any reservation, and
   pc_calloc/pc_alloc return the null index as malloc returns NULL (runtime/ptrcomp_rt.h,
   "Running out of memory"). The same program as tests/exec/alloc_failure_checked.c,
   in pool-allocation mode: pc_addr makes the null index a null pointer. */
// PTRCOMP-ARGS: --mode=poolalloc
// EXPECT: {"type": "struct node", "owner": "try_calloc", "pooled": true, "indexed": false}
// EXPECT: {"type": "struct node", "owner": "try_malloc", "pooled": true, "indexed": false}
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

struct node {
    long v;
    struct node *next;
};

static long use_array(struct node *arr, size_t n) {
    for (size_t i = 0; i < n; i++) {
        arr[i].v = (long)i;
        arr[i].next = i + 1 < n ? &arr[i + 1] : NULL;
    }
    long s = 0;
    for (struct node *p = arr; p; p = p->next) s += p->v;
    return s;
}

static void try_calloc(size_t n) {
    struct node *arr = calloc(n / sizeof(struct node), sizeof(struct node));
    if (!arr) { printf("calloc %zu: cannot allocate, skipped\n", n); return; }
    printf("calloc %zu: sum %ld\n", n, use_array(arr, n / sizeof(struct node)));
    free(arr);
}

static void try_malloc(size_t n) {
    struct node *arr = malloc(n * sizeof(struct node));
    if (!arr) { printf("malloc %zu nodes: cannot allocate, skipped\n", n); return; }
    printf("malloc %zu nodes: sum %ld\n", n, use_array(arr, n));
    free(arr);
}

int main(void) {
    try_calloc(100 * sizeof(struct node));
    try_calloc((size_t)1 << 40);
    try_malloc(100);
    try_malloc((size_t)1 << 40);
    try_malloc(SIZE_MAX / sizeof(struct node) / 2);
    printf("done\n");
    return 0;
}
