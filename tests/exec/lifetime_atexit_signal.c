/* Code that runs when nobody called it: an atexit handler walks and frees, after main
   has returned, a list that main's callee built; a signal handler (raised by the program)
   counts the nodes of another. Both lists are reached through global variables, so their
   pools are global: never destroyed, and present when the handlers run
   (analysis/PoolLifetimes.h). */
// EXPECT: {"type": "struct item", "owner": "(global)", "indexed": true, "compressed": true}
// EXPECT: {"type": "struct tick", "owner": "(global)", "indexed": true, "compressed": true}
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>

struct item {
    int v;
    struct item *next;
};

struct tick {
    int n;
    struct tick *next;
};

static struct item *items;
static struct tick *ticks;
static volatile sig_atomic_t seen;

static void build(int n) {
    for (int i = 0; i < n; i++) {
        struct item *it = malloc(sizeof *it);
        it->v = i * i;
        it->next = items;
        items = it;
    }
}

static void at_exit(void) {
    long s = 0;
    while (items) {
        struct item *n = items->next;
        s += items->v;
        free(items);
        items = n;
    }
    printf("at exit: %ld\n", s);
}

static void on_signal(int sig) {
    (void)sig;
    for (struct tick *t = ticks; t; t = t->next)
        seen += t->n;
}

int main(void) {
    build(100);
    atexit(at_exit);
    signal(SIGUSR1, on_signal);
    for (int i = 1; i <= 10; i++) {
        struct tick *t = malloc(sizeof *t);
        t->n = i;
        t->next = ticks;
        ticks = t;
        raise(SIGUSR1);
    }
    printf("seen %d\n", (int)seen);
    while (ticks) {
        struct tick *t = ticks->next;
        free(ticks);
        ticks = t;
    }
    return 0;
}
