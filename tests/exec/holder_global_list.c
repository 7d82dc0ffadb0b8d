/* A list whose head and tail live in a struct-typed global with a zero initializer
   (`struct fifo jobs = {0}`), used from several functions. */
// EXPECT: {"type": "struct job", "owner": "(global)", "indexed": true, "compressed": true, "index_bits": 32}
#include <stdio.h>
#include <stdlib.h>

struct job {
    int id, cost;
    struct job *next;
};

struct fifo {
    struct job *head, *tail;
    long total;
};

struct fifo jobs = {0};

static void submit(int id, int cost)
{
    struct job *j = malloc(sizeof *j);
    j->id = id;
    j->cost = cost;
    j->next = NULL;
    if (jobs.tail)
        jobs.tail->next = j;
    else
        jobs.head = j;
    jobs.tail = j;
    jobs.total += cost;
}

static int run_one(void)
{
    struct job *j = jobs.head;
    int id;
    if (!j)
        return -1;
    jobs.head = j->next;
    if (!jobs.head)
        jobs.tail = NULL;
    jobs.total -= j->cost;
    id = j->id;
    free(j);
    return id;
}

int main(void)
{
    long check = 0;
    for (int i = 0; i < 1000; i++) {
        submit(i, i % 17);
        if (i % 3 == 0)
            check = check * 7 % 1000003 + run_one();
    }
    printf("%ld %ld\n", check, jobs.total);
    while (run_one() >= 0)
        ;
    return 0;
}
