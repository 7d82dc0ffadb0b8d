/* A directed graph from two mutually recursive struct types: a list of vertices, each with
   a list of out-edges pointing back to vertices. Depth-first search by recursion, in-degree
   counts, removal of every edge into one vertex. Both structures are owned by run. */
// EXPECT: {"type": "struct vertex", "owner": "run", "indexed": true, "compressed": true, "index_bits": 32}
// EXPECT: {"type": "struct edge", "owner": "run", "indexed": true, "compressed": true, "index_bits": 32}
#include <stdio.h>
#include <stdlib.h>

struct edge;

struct vertex {
    int id;
    int mark;
    int indeg;
    struct edge *out;
    struct vertex *next;
};

struct edge {
    int weight;
    struct vertex *to;
    struct edge *next;
};

static unsigned long long seed = 5;

static unsigned lcg(void) {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return (unsigned)(seed >> 33);
}

static struct vertex *vertex_at(struct vertex *vs, int id) {
    while (vs && vs->id != id)
        vs = vs->next;
    return vs;
}

static void add_edge(struct vertex *from, struct vertex *to, int w) {
    struct edge *e = malloc(sizeof *e);
    e->weight = w;
    e->to = to;
    e->next = from->out;
    from->out = e;
    to->indeg++;
}

static unsigned dfs(struct vertex *v, int depth) {
    if (v->mark)
        return 0;
    v->mark = 1;
    unsigned s = (unsigned)v->id * (unsigned)(depth + 1);
    for (struct edge *e = v->out; e; e = e->next)
        s += (unsigned)e->weight + 3u * dfs(e->to, depth + 1);
    return s;
}

static int remove_edges_to(struct vertex *vs, struct vertex *target) {
    int removed = 0;
    for (struct vertex *v = vs; v; v = v->next) {
        struct edge *prev = NULL;
        struct edge *e = v->out;
        while (e) {
            struct edge *next = e->next;
            if (e->to == target) {
                if (prev)
                    prev->next = next;
                else
                    v->out = next;
                target->indeg--;
                free(e);
                removed++;
            } else {
                prev = e;
            }
            e = next;
        }
    }
    return removed;
}

static void clear_marks(struct vertex *vs) {
    for (; vs; vs = vs->next)
        vs->mark = 0;
}

static unsigned run(int nv, int ne) {
    struct vertex *vs = NULL;
    for (int i = nv - 1; i >= 0; i--) {
        struct vertex *v = malloc(sizeof(struct vertex));
        v->id = i;
        v->mark = 0;
        v->indeg = 0;
        v->out = NULL;
        v->next = vs;
        vs = v;
    }
    for (int i = 0; i < ne; i++) {
        struct vertex *a = vertex_at(vs, (int)(lcg() % (unsigned)nv));
        struct vertex *b = vertex_at(vs, (int)(lcg() % (unsigned)nv));
        add_edge(a, b, (int)(lcg() % 100));
    }
    unsigned reach = dfs(vs, 0);
    int maxdeg = 0, maxid = 0;
    for (struct vertex *v = vs; v; v = v->next)
        if (v->indeg > maxdeg) {
            maxdeg = v->indeg;
            maxid = v->id;
        }
    struct vertex *hub = vertex_at(vs, maxid);
    int removed = remove_edges_to(vs, hub);
    clear_marks(vs);
    unsigned reach2 = dfs(vs, 0);
    printf("nv=%d ne=%d reach=%u hub=%d indeg=%d removed=%d now=%d reach2=%u\n", nv, ne,
           reach, maxid, maxdeg, removed, hub->indeg, reach2);
    while (vs) {
        struct vertex *next = vs->next;
        while (vs->out) {
            struct edge *e = vs->out;
            vs->out = e->next;
            free(e);
        }
        free(vs);
        vs = next;
    }
    return reach ^ reach2;
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 300;
    unsigned x = run(n, 4 * n);
    x ^= run(n / 2 + 1, n);
    printf("x=%u\n", x);
    return 0;
}
