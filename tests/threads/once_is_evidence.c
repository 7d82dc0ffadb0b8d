/* pthread_once runs its function on the calling thread, but only a program that has (or
   whose libraries may start) threads needs it: it is evidence of threads, and the global
   registry it sets up gets a thread-safe pool. */
// EXPECT: {"type": "struct entry", "owner": "(global)", "compressed": true, "threads": "safe", "thread_reason": "it is reachable from global variables and the program starts threads (it calls pthread_once at once_is_evidence.c:33:5)"}
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct entry { int id; struct entry *next; };

static struct entry *registry;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void add(int id)
{
    struct entry *e = malloc(sizeof *e);
    if (!e)
        exit(2);
    e->id = id;
    e->next = registry;
    registry = e;
}

static void setup(void)
{
    for (int i = 0; i < 8; i++)
        add(i * i);
}

static int lookup(int id)
{
    /* every entry point of a library would start with this */
    pthread_once(&once, setup);
    int depth = 0;
    for (struct entry *e = registry; e; e = e->next, depth++)
        if (e->id == id)
            return depth;
    return -1;
}

int main(void)
{
    printf("%d %d %d\n", lookup(9), lookup(49), lookup(5));
    while (registry) {
        struct entry *e = registry->next;
        free(registry);
        registry = e;
    }
    return 0;
}
