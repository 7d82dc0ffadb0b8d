/* Other spellings of allocation hooks: a calloc hook called as (*zalloc)(n, size), a
   local copy of a hook, an element of a table of hooks. Each may only hold its
   allocator (the table's two entries are both malloc), so each call becomes a pool
   operation: pc_calloc for the zeroed array of nodes, pc_alloc for the others. */
// ARGS: 400
// EXPECT: {"type": "struct pt", "owner": "main", "indexed": true, "compressed": true, "hooks": [{"hook": "zalloc", "targets": ["calloc"], "decision": "pool allocation"}]}
// EXPECT: {"type": "struct link", "owner": "main", "indexed": true, "compressed": true, "hooks": [{"hook": "alloc", "targets": ["malloc"], "decision": "pool allocation"}, {"hook": "hook_table[]", "targets": ["malloc"], "decision": "pool allocation"}]}
#include <stdio.h>
#include <stdlib.h>

typedef void *(*alloc_fn)(size_t);

static void *(*zalloc)(size_t, size_t) = calloc;
static alloc_fn hook_table[2] = { malloc, malloc };

struct pt {
    int x, y;
    struct pt *nearest;
};

struct link {
    long v;
    struct link *next;
};

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 10;
    struct pt *pts = (*zalloc)((size_t)n, sizeof(struct pt));
    if (!pts)
        return 1;
    for (int i = 0; i < n; i++) {
        pts[i].x = (i * 37) % 101;
        pts[i].y = (i * 59) % 103;
    }
    for (int i = 0; i < n; i++) {
        long best = -1;
        for (int j = 0; j < n; j++) {
            long dx = pts[i].x - pts[j].x, dy = pts[i].y - pts[j].y, d = dx * dx + dy * dy;
            if (j != i && (best < 0 || d < best)) {
                best = d;
                pts[i].nearest = &pts[j];
            }
        }
    }
    long s = 0;
    for (int i = 0; i < n; i++)
        s += pts[i].nearest ? pts[i].nearest->x : 0;
    alloc_fn alloc = hook_table[0];
    struct link *l = NULL;
    for (int i = 0; i < n; i++) {
        struct link *k = i % 2 ? alloc(sizeof *k) : hook_table[i % 2](sizeof *k);
        if (!k)
            return 1;
        k->v = i;
        k->next = l;
        l = k;
    }
    for (struct link *k = l; k; k = k->next)
        s += k->v;
    printf("s=%ld\n", s);
    while (l) {
        struct link *next = l->next;
        free(l);
        l = next;
    }
    free(pts);
    return 0;
}
