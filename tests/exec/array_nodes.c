/* Nodes carved from one calloc'd array and linked through &arr[i]: a random permutation
   cycle, walked by following links; pointer differences give back array positions. */
// ARGS: 5000
// EXPECT: {"type": "struct node", "owner": "main", "indexed": true, "compressed": true, "index_bits": 32}
#include <stdio.h>
#include <stdlib.h>

struct node {
    long weight;
    struct node *next;
    struct node *skip;
};

static unsigned long long seed = 31337;

static unsigned lcg(void) {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return (unsigned)(seed >> 33);
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 1000;
    if (n < 2)
        n = 2;
    struct node *arr = calloc((size_t)n, sizeof(struct node));
    int *perm = malloc((size_t)n * sizeof(int));
    for (int i = 0; i < n; i++)
        perm[i] = i;
    for (int i = n - 1; i > 0; i--) {
        int j = (int)(lcg() % (unsigned)(i + 1));
        int t = perm[i];
        perm[i] = perm[j];
        perm[j] = t;
    }
    for (int i = 0; i < n; i++) {
        arr[perm[i]].next = &arr[perm[(i + 1) % n]];
        arr[i].weight = (long)(lcg() % 1000);
    }
    for (int i = 0; i < n; i++)
        arr[i].skip = arr[i].next->next;
    long total = 0;
    unsigned order = 0;
    struct node *p = &arr[perm[0]];
    for (int k = 0; k < n; k++) {
        total += p->weight;
        order = order * 31u + (unsigned)(p - arr);
        p = p->next;
    }
    int back = p == &arr[perm[0]];
    long skipsum = 0;
    struct node *q = arr;
    for (int k = 0; k < n; k++) {
        skipsum += q->weight;
        q = q->skip;
    }
    struct node *last = arr + (n - 1);
    /* Differences are signed: backward links give negative distances. */
    long backward = 0, maxback = 0;
    for (int i = 0; i < n; i++) {
        long d = arr[i].next - &arr[i];
        if (arr[i].next - &arr[i] < 0)
            backward++;
        if (-d > maxback)
            maxback = -d;
    }
    printf("backward=%ld maxback=%ld\n", backward, maxback);
    printf("n=%d total=%ld order=%u back=%d skipsum=%ld last=%ld pos=%ld\n", n, total, order,
           back, skipsum, last->weight, (long)(last->next - arr));
    free(perm);
    free(arr);
    return 0;
}
