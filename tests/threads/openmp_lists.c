/* An OpenMP parallel for builds, sums and frees one list per iteration. The lists belong
   to main, whose parallel region runs on several threads at once, so their pool is
   thread-safe. */
// ARGS: 3000
// CFLAGS: -fopenmp
// EXPECT: {"type": "struct link", "owner": "main", "compressed": true, "threads": "safe"}
#include <stdio.h>
#include <stdlib.h>

struct link {
    long v;
    struct link *next;
};

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 100;
    long total = 0;
#pragma omp parallel for reduction(+ : total) schedule(dynamic, 16)
    for (int i = 0; i < n; i++) {
        struct link *head = NULL;
        for (int k = 0; k <= i % 50; k++) {
            struct link *l = malloc(sizeof *l);
            l->v = (long)i * k;
            l->next = head;
            head = l;
        }
        while (head) {
            struct link *next = head->next;
            total += head->v;
            free(head);
            head = next;
        }
    }
    printf("%ld\n", total);
    return 0;
}
