/* A function that owns its list and leaves by several return paths: before allocating,
   from inside the building loop, from a nested loop while scanning, with the return value
   computed from the structure, and at the end. Every path must give the same result. */
// EXPECT: {"type": "struct item", "owner": "scan", "indexed": true, "compressed": true, "index_bits": 32}
#include <stdio.h>
#include <stdlib.h>

struct item {
    int v;
    struct item *next;
};

static unsigned long long seed = 4242;

static unsigned lcg(void) {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return (unsigned)(seed >> 33);
}

static void drop(struct item *p) {
    while (p) {
        struct item *n = p->next;
        free(p);
        p = n;
    }
}

/* Returns a code telling which path was taken, plus a value. */
static int scan(int n, int stop_at, int target, long *out) {
    if (n <= 0)
        return -1;
    struct item *head = NULL;
    for (int i = 0; i < n; i++) {
        struct item *it = malloc(sizeof(struct item));
        it->v = (int)(lcg() % 1000);
        it->next = head;
        head = it;
        if (it->v == stop_at) {
            *out = i;
            drop(head);
            return 1;
        }
    }
    for (struct item *p = head; p; p = p->next)
        for (struct item *q = p->next; q; q = q->next)
            if (p->v + q->v == target) {
                *out = (long)p->v * 1000 + q->v;
                drop(head);
                return 2;
            }
    if (head->v % 7 == 0) {
        int v = head->v;
        drop(head);
        return v;
    }
    long s = 0;
    for (struct item *p = head; p; p = p->next)
        s += p->v;
    *out = s;
    drop(head);
    return 0;
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 60;
    int paths[4] = {0, 0, 0, 0};
    long total = 0;
    for (int round = 0; round < 400; round++) {
        long out = 0;
        int len = round % 5 == 4 ? 0 : n + round % 13;
        int code = scan(len, (int)(lcg() % 5000), (int)(lcg() % 2500), &out);
        if (code < 0)
            paths[3]++;
        else if (code <= 2)
            paths[code]++;
        else
            paths[3]++;
        total = total * 31 % 1000000007 + out + code;
    }
    printf("paths: %d %d %d %d total=%ld\n", paths[0], paths[1], paths[2], paths[3], total);
    return 0;
}
