/* A heap array of node pointers sorted by qsort and copied with memcpy: code ptrcomp does
   not rewrite reads its elements as real pointers, so the array must keep its type. */
// ARGS: 2000
// EXPECT: {"type": "struct node *", "pooled": false, "reason": "qsort"}
// EXPECT: {"type": "struct node", "pooled": false, "reason": "qsort"}
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct node {
    int key;
    struct node *next;
};

static int by_key(const void *a, const void *b) {
    const struct node *x = *(struct node *const *)a, *y = *(struct node *const *)b;
    return (x->key > y->key) - (x->key < y->key);
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 100;
    struct node *list = NULL;
    unsigned x = 777;
    for (int i = 0; i < n; i++) {
        struct node *p = malloc(sizeof *p);
        x = x * 1103515245u + 12345u;
        p->key = (int)(x >> 8) % 10000;
        p->next = list;
        list = p;
    }
    struct node **arr = malloc(n * sizeof *arr);
    int k = 0;
    for (struct node *p = list; p; p = p->next)
        arr[k++] = p;
    qsort(arr, n, sizeof *arr, by_key);
    struct node **copy = malloc(n * sizeof *copy);
    memcpy(copy, arr, n * sizeof *arr);
    long sum = 0;
    for (int i = 0; i < n; i++)
        sum += (long)copy[i]->key * (i % 7);
    printf("first=%d last=%d sum=%ld\n", copy[0]->key, copy[n - 1]->key, sum);
    free(copy);
    free(arr);
    while (list) {
        struct node *next = list->next;
        free(list);
        list = next;
    }
    return 0;
}
