/*
 * health: simulation of a hierarchical health-care system. Villages form a 4-ary tree
 * LEVELS deep; every village has a hospital whose staff grows with its level. Each time
 * step, patients appear at villages, wait for a free member of staff, are assessed, and
 * are then either treated in that hospital or sent up to the parent village's hospital.
 * Every hospital keeps its patients in doubly-linked lists (waiting, in assessment, in
 * treatment, leaving upwards); list cells are allocated and freed as patients move.
 *
 * usage: health LEVELS STEPS
 */
#include <stdio.h>
#include <stdlib.h>

#define ASSESS_TIME 3
#define TREAT_TIME 10

struct village;

struct patient {
    int id;
    int hosps_visited;
    int time;      /* steps spent in the system */
    int time_left; /* steps left in the current stage */
    struct village *home;
};

struct cell {
    struct patient *patient;
    struct cell *prev, *next;
};

struct plist {
    struct cell *head, *tail;
    int count;
};

struct hospital {
    int staff, free_staff;
    struct plist waiting, assess, inside, up;
};

struct village {
    struct village *child[4];
    struct village *parent;
    int level;
    unsigned seed;
    struct hospital hosp;
};

struct stats {
    long long generated, treated, total_time, total_visits;
    int next_id;
};

static void out_of_memory(void)
{
    fprintf(stderr, "health: out of memory\n");
    exit(1);
}

static unsigned village_rand(struct village *v)
{
    v->seed = v->seed * 1103515245u + 12345u;
    return (v->seed >> 8) & 0xffff;
}

static void list_append(struct plist *l, struct patient *p)
{
    struct cell *c = malloc(sizeof *c);
    if (c == NULL)
        out_of_memory();
    c->patient = p;
    c->next = NULL;
    c->prev = l->tail;
    if (l->tail != NULL)
        l->tail->next = c;
    else
        l->head = c;
    l->tail = c;
    l->count++;
}

/* Unlink and free cell c; returns its patient. */
static struct patient *list_remove(struct plist *l, struct cell *c)
{
    struct patient *p = c->patient;

    if (c->prev != NULL)
        c->prev->next = c->next;
    else
        l->head = c->next;
    if (c->next != NULL)
        c->next->prev = c->prev;
    else
        l->tail = c->prev;
    l->count--;
    free(c);
    return p;
}

static struct village *make_village(int level, int label, struct village *parent)
{
    struct village *v = malloc(sizeof *v);
    int i;

    if (v == NULL)
        out_of_memory();
    v->parent = parent;
    v->level = level;
    v->seed = (unsigned)label * 2654435761u + 7u;
    v->hosp.staff = v->hosp.free_staff = 1 << (level - 1);
    v->hosp.waiting.head = v->hosp.waiting.tail = NULL;
    v->hosp.assess.head = v->hosp.assess.tail = NULL;
    v->hosp.inside.head = v->hosp.inside.tail = NULL;
    v->hosp.up.head = v->hosp.up.tail = NULL;
    v->hosp.waiting.count = v->hosp.assess.count = 0;
    v->hosp.inside.count = v->hosp.up.count = 0;
    for (i = 0; i < 4; i++)
        v->child[i] = level > 1 ? make_village(level - 1, label * 4 + i + 1, v) : NULL;
    return v;
}

/* Patients in treatment: discharge those who are done. */
static void check_inside(struct village *v, struct stats *s)
{
    struct cell *c, *next;

    for (c = v->hosp.inside.head; c != NULL; c = next) {
        struct patient *p = c->patient;
        next = c->next;
        p->time++;
        if (--p->time_left == 0) {
            list_remove(&v->hosp.inside, c);
            s->treated++;
            s->total_time += p->time;
            s->total_visits += p->hosps_visited;
            free(p);
        }
    }
}

/* Patients in assessment: when done, treat here or send up. */
static void check_assess(struct village *v)
{
    struct cell *c, *next;

    for (c = v->hosp.assess.head; c != NULL; c = next) {
        struct patient *p = c->patient;
        next = c->next;
        p->time++;
        if (--p->time_left == 0) {
            list_remove(&v->hosp.assess, c);
            v->hosp.free_staff++;
            if (v->parent == NULL || village_rand(v) % 10 < 7) {
                p->time_left = TREAT_TIME;
                list_append(&v->hosp.inside, p);
            } else {
                list_append(&v->hosp.up, p);
            }
        }
    }
}

/* Waiting patients: start assessments while staff is free. */
static void check_waiting(struct village *v)
{
    struct cell *c, *next;

    for (c = v->hosp.waiting.head; c != NULL; c = next) {
        struct patient *p = c->patient;
        next = c->next;
        p->time++;
        if (v->hosp.free_staff > 0) {
            v->hosp.free_staff--;
            list_remove(&v->hosp.waiting, c);
            p->time_left = ASSESS_TIME;
            list_append(&v->hosp.assess, p);
        }
    }
}

/* One time step of village v and its sub-tree. Patients v sends upwards are left in
 * v->hosp.up for the parent to collect. */
static void simulate(struct village *v, struct stats *s)
{
    int i;

    for (i = 0; i < 4; i++) {
        struct village *ch = v->child[i];
        if (ch == NULL)
            continue;
        simulate(ch, s);
        while (ch->hosp.up.head != NULL) {
            struct patient *p = list_remove(&ch->hosp.up, ch->hosp.up.head);
            p->hosps_visited++;
            list_append(&v->hosp.waiting, p);
        }
    }
    check_inside(v, s);
    check_assess(v);
    check_waiting(v);
    if (village_rand(v) % 100 < 30) {
        struct patient *p = malloc(sizeof *p);
        if (p == NULL)
            out_of_memory();
        p->id = s->next_id++;
        p->hosps_visited = 1;
        p->time = 0;
        p->time_left = 0;
        p->home = v;
        s->generated++;
        list_append(&v->hosp.waiting, p);
    }
}

/* Patients still in the system, and a hash of where they are. */
static long long census(const struct village *v, unsigned long long *hash)
{
    long long n = (long long)v->hosp.waiting.count + v->hosp.assess.count +
                  v->hosp.inside.count + v->hosp.up.count;
    const struct cell *c;
    int i;

    for (c = v->hosp.waiting.head; c != NULL; c = c->next)
        *hash = (*hash ^ (unsigned long long)(c->patient->id + c->patient->home->level)) *
                0x100000001B3ULL;
    for (i = 0; i < 4; i++)
        if (v->child[i] != NULL)
            n += census(v->child[i], hash);
    return n;
}

int main(int argc, char **argv)
{
    int levels = argc > 1 ? atoi(argv[1]) : 5;
    int steps = argc > 2 ? atoi(argv[2]) : 100;
    struct stats s = {0, 0, 0, 0, 0};
    struct village *top;
    unsigned long long hash = 0xCBF29CE484222325ULL;
    long long remaining;
    int t;

    if (levels < 1 || levels > 12 || steps < 0) {
        fprintf(stderr, "usage: health LEVELS(1..12) STEPS\n");
        return 2;
    }
    top = make_village(levels, 0, NULL);
    for (t = 0; t < steps; t++)
        simulate(top, &s);
    remaining = census(top, &hash);
    printf("health levels=%d steps=%d generated=%lld treated=%lld time=%lld visits=%lld "
           "remaining=%lld hash=%016llx\n",
           levels, steps, s.generated, s.treated, s.total_time, s.total_visits, remaining, hash);
    return 0;
}
