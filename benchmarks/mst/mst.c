/*
 * mst: minimum spanning tree of a complete graph by Prim's algorithm. Every vertex keeps
 * the weights of its edges to all other vertices in its own chained hash table, keyed
 * by the neighbouring vertex (hashed by its number). The vertices not yet in the tree
 * form a linked list; each step removes the closest one and updates the distances of
 * the rest through hash-table look-ups.
 *
 * usage: mst NVERTICES
 */
#include <stdio.h>
#include <stdlib.h>

struct vertex;

struct entry {
    struct vertex *key;
    int weight;
    struct entry *next;
};

struct hash {
    int nbuckets;
    struct entry **buckets; /* heap array of chain heads */
};

struct vertex {
    int id;
    int mindist;
    struct vertex *next; /* list of vertices not yet in the tree */
    struct hash *edges;
};

static void out_of_memory(void)
{
    fprintf(stderr, "mst: out of memory\n");
    exit(1);
}

static struct hash *hash_new(int nbuckets)
{
    struct hash *h = malloc(sizeof *h);
    if (h == NULL)
        out_of_memory();
    h->nbuckets = nbuckets;
    h->buckets = calloc((size_t)nbuckets, sizeof *h->buckets);
    if (h->buckets == NULL)
        out_of_memory();
    return h;
}

static unsigned bucket_of(const struct hash *h, const struct vertex *key)
{
    return ((unsigned)key->id * 2654435761u >> 7) % (unsigned)h->nbuckets;
}

static void hash_insert(struct hash *h, struct vertex *key, int weight)
{
    struct entry *e = malloc(sizeof *e);
    unsigned b = bucket_of(h, key);

    if (e == NULL)
        out_of_memory();
    e->key = key;
    e->weight = weight;
    e->next = h->buckets[b];
    h->buckets[b] = e;
}

static int hash_lookup(const struct hash *h, const struct vertex *key)
{
    const struct entry *e;

    for (e = h->buckets[bucket_of(h, key)]; e != NULL; e = e->next)
        if (e->key == key)
            return e->weight;
    return -1;
}

/* Deterministic symmetric edge weight. */
static int edge_weight(int i, int j)
{
    unsigned a = (unsigned)(i < j ? i : j), b = (unsigned)(i < j ? j : i);
    unsigned h = a * 0x9E3779B1u ^ (b + 0x7F4A7C15u) * 0x85EBCA77u;
    h ^= h >> 15;
    h *= 0x2C1B3C6Du;
    h ^= h >> 12;
    return 1 + (int)(h % 100000u);
}

/* Vertices 0..n-1 as a list, each with a hash table holding all its edges. */
static struct vertex *make_graph(int n)
{
    struct vertex **all = malloc((size_t)n * sizeof *all);
    struct vertex *list = NULL;
    int i, j;

    if (all == NULL)
        out_of_memory();
    for (i = n - 1; i >= 0; i--) {
        struct vertex *v = malloc(sizeof *v);
        if (v == NULL)
            out_of_memory();
        v->id = i;
        v->mindist = 0x7fffffff;
        v->edges = hash_new(n / 4 + 1);
        v->next = list;
        list = v;
        all[i] = v;
    }
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++)
            if (j != i)
                hash_insert(all[i]->edges, all[j], edge_weight(i, j));
    free(all);
    return list;
}

/* Prim: returns the total weight of the tree. */
static long long prim(struct vertex *list)
{
    struct vertex *inserted = list;
    struct vertex *rest = list->next;
    long long total = 0;

    while (rest != NULL) {
        struct vertex *v, *prev = NULL, *best = NULL, *best_prev = NULL;
        int best_dist = 0x7fffffff;

        for (v = rest; v != NULL; prev = v, v = v->next) {
            int d = hash_lookup(v->edges, inserted);
            if (d < v->mindist)
                v->mindist = d;
            if (v->mindist < best_dist) {
                best_dist = v->mindist;
                best = v;
                best_prev = prev;
            }
        }
        if (best_prev == NULL)
            rest = best->next;
        else
            best_prev->next = best->next;
        total += best_dist;
        inserted = best;
    }
    return total;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 256;
    struct vertex *graph;

    if (n < 2 || n > 40000) {
        fprintf(stderr, "usage: mst NVERTICES(2..40000)\n");
        return 2;
    }
    graph = make_graph(n);
    printf("mst vertices=%d weight=%lld\n", n, prim(graph));
    return 0;
}
