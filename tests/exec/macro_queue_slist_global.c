/* <sys/queue.h> SLIST whose head is a global variable initialised with
   SLIST_HEAD_INITIALIZER: a stack of items pushed and popped by functions that name the
   global, SLIST_INSERT_HEAD, SLIST_FOREACH, SLIST_REMOVE (a search through the list) and
   SLIST_REMOVE_HEAD expanded at their uses. */
// EXPECT: {"type": "struct item", "owner": "(global)", "indexed": true, "compressed": true}
#include <stdio.h>
#include <stdlib.h>
#include <sys/queue.h>

struct item {
    int v;
    SLIST_ENTRY(item) link;
};

SLIST_HEAD(ihead, item);

static struct ihead stack = SLIST_HEAD_INITIALIZER(stack);

static void push(int v)
{
    struct item *it = malloc(sizeof *it);
    if (!it)
        exit(2);
    it->v = v;
    SLIST_INSERT_HEAD(&stack, it, link);
}

static int pop(void)
{
    struct item *it = SLIST_FIRST(&stack);
    int v = it->v;
    SLIST_REMOVE_HEAD(&stack, link);
    free(it);
    return v;
}

static long sum(void)
{
    struct item *it;
    long s = 0;
    SLIST_FOREACH(it, &stack, link)
        s += it->v;
    return s;
}

static void remove_value(int v)
{
    struct item *it;
    SLIST_FOREACH(it, &stack, link) {
        if (it->v == v) {
            SLIST_REMOVE(&stack, it, item, link);
            free(it);
            return;
        }
    }
}

int main(void)
{
    long popped = 0;
    int i;
    for (i = 0; i < 1000; i++)
        push(i * 37 % 1001);
    printf("sum %ld\n", sum());
    for (i = 0; i < 1000; i += 7)
        remove_value(i * 37 % 1001);
    printf("sum %ld\n", sum());
    while (!SLIST_EMPTY(&stack))
        popped += pop();
    printf("popped %ld empty %d\n", popped, SLIST_EMPTY(&stack));
    return 0;
}
