/*
 * perimeter: build a region quadtree of a 2^LEVELS x 2^LEVELS black-and-white image
 * (the union of a few discs) and compute the perimeter of the black region by finding,
 * for every black leaf and each of its four sides, the neighbouring block of equal or
 * larger size through parent pointers (Samet's neighbour-finding method).
 *
 * usage: perimeter LEVELS [PASSES]
 */
#include <stdio.h>
#include <stdlib.h>

enum color { WHITE, BLACK, GREY };
enum quadrant { NW, NE, SW, SE };
enum direction { NORTH, EAST, SOUTH, WEST };

struct quad {
    enum color color;
    enum quadrant kind; /* which child of the parent this node is */
    struct quad *nw, *ne, *sw, *se;
    struct quad *parent;
};

#define NDISCS 6

struct disc {
    long long cx, cy, r;
};

static struct disc discs[NDISCS];

static unsigned long long rng_state = 88172645463325252ULL;

static unsigned rng_next(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (unsigned)(rng_state >> 16);
}

static long long sq(long long v)
{
    return v * v;
}

static long long clampll(long long v, long long lo, long long hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

/* Pixel (x, y) is black when its centre lies in a disc. Pixels are unit squares; the
 * centre of pixel x is at x + 1/2, so work in doubled coordinates. */
static int square_in_disc(const struct disc *d, long long x, long long y, long long size)
{
    /* every pixel centre of the square inside the disc: check the farthest corner centres */
    long long x0 = 2 * x + 1, x1 = 2 * (x + size) - 1, y0 = 2 * y + 1, y1 = 2 * (y + size) - 1;
    long long dx = sq(x0 - d->cx) > sq(x1 - d->cx) ? sq(x0 - d->cx) : sq(x1 - d->cx);
    long long dy = sq(y0 - d->cy) > sq(y1 - d->cy) ? sq(y0 - d->cy) : sq(y1 - d->cy);
    return dx + dy <= sq(d->r);
}

static int square_misses_disc(const struct disc *d, long long x, long long y, long long size)
{
    /* no pixel centre of the square inside the disc: nearest centre is outside */
    long long nx = clampll(d->cx, 2 * x + 1, 2 * (x + size) - 1);
    long long ny = clampll(d->cy, 2 * y + 1, 2 * (y + size) - 1);
    /* centres sit on odd coordinates: round the nearest point to one */
    if ((nx & 1) == 0)
        nx += (nx < d->cx) ? 1 : -1;
    if ((ny & 1) == 0)
        ny += (ny < d->cy) ? 1 : -1;
    nx = clampll(nx, 2 * x + 1, 2 * (x + size) - 1);
    ny = clampll(ny, 2 * y + 1, 2 * (y + size) - 1);
    return sq(nx - d->cx) + sq(ny - d->cy) > sq(d->r);
}

static enum color classify(long long x, long long y, long long size)
{
    int i, all_miss = 1;

    for (i = 0; i < NDISCS; i++) {
        if (square_in_disc(&discs[i], x, y, size))
            return BLACK;
        if (!square_misses_disc(&discs[i], x, y, size))
            all_miss = 0;
    }
    if (all_miss)
        return WHITE;
    return size == 1 ? BLACK : GREY; /* a single pixel touched by a disc is inside it */
}

static struct quad *new_quad(enum color color, enum quadrant kind, struct quad *parent)
{
    struct quad *q = malloc(sizeof(struct quad));
    if (q == NULL) {
        fprintf(stderr, "perimeter: out of memory\n");
        exit(1);
    }
    q->color = color;
    q->kind = kind;
    q->parent = parent;
    q->nw = q->ne = q->sw = q->se = NULL;
    return q;
}

/* Image y grows southwards. */
static struct quad *build(long long x, long long y, long long size, enum quadrant kind,
                          struct quad *parent)
{
    enum color c = classify(x, y, size);
    struct quad *q = new_quad(c, kind, parent);
    long long h = size / 2;

    if (c == GREY) {
        q->nw = build(x, y, h, NW, q);
        q->ne = build(x + h, y, h, NE, q);
        q->sw = build(x, y + h, h, SW, q);
        q->se = build(x + h, y + h, h, SE, q);
    }
    return q;
}

static struct quad *child(const struct quad *q, enum quadrant k)
{
    switch (k) {
    case NW:
        return q->nw;
    case NE:
        return q->ne;
    case SW:
        return q->sw;
    default:
        return q->se;
    }
}

/* Does quadrant k touch side d of its parent? */
static int on_side(enum direction d, enum quadrant k)
{
    switch (d) {
    case NORTH:
        return k == NW || k == NE;
    case SOUTH:
        return k == SW || k == SE;
    case EAST:
        return k == NE || k == SE;
    default:
        return k == NW || k == SW;
    }
}

/* Mirror image of quadrant k across the axis perpendicular to d. */
static enum quadrant mirror(enum direction d, enum quadrant k)
{
    static const enum quadrant vertical[4] = {SW, SE, NW, NE};   /* NORTH/SOUTH */
    static const enum quadrant horizontal[4] = {NE, NW, SE, SW}; /* EAST/WEST */
    return (d == NORTH || d == SOUTH) ? vertical[k] : horizontal[k];
}

/* Neighbour of q in direction d of equal or larger size; NULL outside the image. */
static struct quad *neighbour(const struct quad *q, enum direction d)
{
    struct quad *p = q->parent;

    if (p != NULL && on_side(d, q->kind))
        p = neighbour(p, d);
    if (p != NULL && p->color == GREY)
        return child(p, mirror(d, q->kind));
    return p;
}

/* Length of white border of block q (side `size`) along its side facing direction d. */
static long long white_along(const struct quad *q, enum direction d, long long size)
{
    if (q->color == GREY) {
        enum quadrant a, b;
        switch (d) {
        case NORTH:
            a = NW, b = NE;
            break;
        case SOUTH:
            a = SW, b = SE;
            break;
        case EAST:
            a = NE, b = SE;
            break;
        default:
            a = NW, b = SW;
            break;
        }
        return white_along(child(q, a), d, size / 2) + white_along(child(q, b), d, size / 2);
    }
    return q->color == WHITE ? size : 0;
}

static const enum direction opposite[4] = {SOUTH, WEST, NORTH, EAST};

static long long perimeter(const struct quad *q, long long size)
{
    long long sum = 0;
    int d;

    if (q->color == GREY) {
        long long h = size / 2;
        return perimeter(q->nw, h) + perimeter(q->ne, h) + perimeter(q->sw, h) +
               perimeter(q->se, h);
    }
    if (q->color == WHITE)
        return 0;
    for (d = NORTH; d <= WEST; d++) {
        const struct quad *n = neighbour(q, (enum direction)d);
        if (n == NULL || n->color == WHITE)
            sum += size;
        else if (n->color == GREY)
            sum += white_along(n, opposite[d], size);
    }
    return sum;
}

static long long count_nodes(const struct quad *q)
{
    if (q->color != GREY)
        return 1;
    return 1 + count_nodes(q->nw) + count_nodes(q->ne) + count_nodes(q->sw) +
           count_nodes(q->se);
}

int main(int argc, char **argv)
{
    int levels = argc > 1 ? atoi(argv[1]) : 10;
    int passes = argc > 2 ? atoi(argv[2]) : 1;
    long long size, per = 0;
    struct quad *root;
    int i;

    if (levels < 1 || levels > 28 || passes < 1) {
        fprintf(stderr, "usage: perimeter LEVELS(1..28) [PASSES]\n");
        return 2;
    }
    size = 1LL << levels;
    for (i = 0; i < NDISCS; i++) {
        /* doubled coordinates, discs roughly inside the image */
        discs[i].cx = (long long)(rng_next() % 1000) * size / 500;
        discs[i].cy = (long long)(rng_next() % 1000) * size / 500;
        discs[i].r = (long long)(150 + rng_next() % 300) * size / 1000;
    }
    root = build(0, 0, size, NW, NULL);
    for (i = 0; i < passes; i++)
        per += perimeter(root, size);
    printf("perimeter levels=%d nodes=%lld perimeter=%lld\n", levels, count_nodes(root),
           per / passes);
    return 0;
}
