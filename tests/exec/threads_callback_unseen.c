/* A function of the program handed to a C library function that ptrcomp has no model of
   (dl_iterate_phdr) may be called on any thread, as far as ptrcomp can tell: that is
   evidence of threads (analysis/Plan.cpp, threadEvidence), and the global list's pool,
   which the callback extends, is thread-safe, with the reason in the report. */
// EXPECT: {"type": "struct seen", "owner": "(global)", "compressed": true, "threads": "safe", "thread_reason": "it is reachable from global variables and the program starts threads (it passes 'count_object' to dl_iterate_phdr at threads_callback_unseen.c:31:5, which ptrcomp cannot see and which may call it on another thread)"}
#define _GNU_SOURCE
#include <link.h>
#include <stdio.h>
#include <stdlib.h>

struct seen {
    int index;
    struct seen *next;
};

static struct seen *all;

static int count_object(struct dl_phdr_info *info, size_t size, void *data) {
    (void)info;
    (void)size;
    int *n = data;
    struct seen *s = malloc(sizeof *s);
    s->index = (*n)++;
    s->next = all;
    all = s;
    return 0;
}

int main(void) {
    int n = 0;
    dl_iterate_phdr(count_object, &n);
    int listed = 0;
    for (struct seen *s = all; s; s = s->next)
        listed++;
    printf("%s\n", listed == n && n > 0 ? "every object listed" : "mismatch");
    while (all) {
        struct seen *s = all->next;
        free(all);
        all = s;
    }
    return 0;
}
