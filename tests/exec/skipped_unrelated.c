/* Skipped #if branches that name nothing the transformation changes (a counter, the
   standard library, a struct left as it is): no note in the report. */
// ARGS: 30
// EXPECT: {"type": "struct item", "owner": "main", "indexed": true, "compressed": true, "notes": []}
#include <stdio.h>
#include <stdlib.h>

struct item {
    int v;
    struct item *next;
};

struct stats {
    long sum;
    int count;
};

#ifdef PROFILE
static long probes;
#define PROBE() (probes++)
#else
#define PROBE() ((void)0)
#endif

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 10;
    struct item *list = NULL;
    struct stats st = {0, 0};
    for (int i = 0; i < n; i++) {
        struct item *x = malloc(sizeof *x);
        x->v = i * i;
        x->next = list;
        list = x;
        PROBE();
    }
    for (struct item *x = list; x; x = x->next) {
        st.sum += x->v;
        st.count++;
    }
#if 0
    printf("old format: %ld/%d\n", st.sum, st.count);
#endif
#ifdef PROFILE
    fprintf(stderr, "%ld probes\n", probes);
#endif
    printf("%ld %d\n", st.sum, st.count);
    while (list) {
        struct item *next = list->next;
        free(list);
        list = next;
    }
    return 0;
}
