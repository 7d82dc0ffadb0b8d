/* A list of lists with <sys/queue.h>: a local STAILQ of groups, each group holding the
   head of an SLIST of members. The STAILQ's stqh_last points to the local head or into
   a group: a slot pointer (analysis/SlotPointers.h), so the groups do not merge with
   main's frame, and groups and members are compressed. */
// EXPECT: {"type": "struct member", "indexed": true, "compressed": true}
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/queue.h>

struct member {
    int uid;
    SLIST_ENTRY(member) next;
};

struct group {
    char name[12];
    int size;
    SLIST_HEAD(, member) members;
    STAILQ_ENTRY(group) link;
};

STAILQ_HEAD(grouplist, group);

static struct group *group_new(struct grouplist *gl, const char *name)
{
    struct group *g = malloc(sizeof *g);
    if (g == NULL)
        exit(2);
    snprintf(g->name, sizeof g->name, "%s", name);
    g->size = 0;
    SLIST_INIT(&g->members);
    STAILQ_INSERT_TAIL(gl, g, link);
    return g;
}

static void join(struct group *g, int uid)
{
    struct member *m = malloc(sizeof *m);
    if (m == NULL)
        exit(2);
    m->uid = uid;
    SLIST_INSERT_HEAD(&g->members, m, next);
    g->size++;
}

static void leave(struct group *g, int uid)
{
    struct member *m;
    SLIST_FOREACH(m, &g->members, next)
        if (m->uid == uid)
            break;
    if (m != NULL) {
        SLIST_REMOVE(&g->members, m, member, next);
        free(m);
        g->size--;
    }
}

int main(void)
{
    static const char *const names[] = {"wheel", "staff", "users", "audio"};
    struct grouplist gl;
    STAILQ_INIT(&gl);
    for (int i = 0; i < 4; i++) {
        struct group *g = group_new(&gl, names[i]);
        for (int u = 0; u < 10 + i * 5; u++)
            join(g, 1000 + u * (i + 1));
    }
    struct group *g;
    STAILQ_FOREACH(g, &gl, link)
        leave(g, 1006);
    STAILQ_FOREACH(g, &gl, link) {
        long sum = 0;
        struct member *m;
        SLIST_FOREACH(m, &g->members, next)
            sum += m->uid;
        printf("%s size=%d sum=%ld\n", g->name, g->size, sum);
    }
    while ((g = STAILQ_FIRST(&gl)) != NULL) {
        STAILQ_REMOVE_HEAD(&gl, link);
        while (!SLIST_EMPTY(&g->members)) {
            struct member *m = SLIST_FIRST(&g->members);
            SLIST_REMOVE_HEAD(&g->members, next);
            free(m);
        }
        free(g);
    }
    return 0;
}
