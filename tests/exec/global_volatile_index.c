/* A list head that a signal handler sets, declared `struct node *volatile`: the index
   that replaces it stays volatile (`static volatile pc_idx32 head`), so the loop that
   waits for the handler reads it again each time. Without volatile, -O2 reads it once
   and the output spins forever. The unnamed enum member of the node is declared with
   the enum's integer type in the new layout (it has no name to print). */
// EXPECT: {"type": "struct node", "owner": "(global)", "indexed": true, "compressed": true}
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>

static struct node {
    enum { RED, BLACK } color;
    int v;
    struct node *next;
} *volatile head;
static struct node *volatile spare;

static void on_timer(int sig)
{
    (void)sig;
    head = spare;
}

int main(void)
{
    struct itimerval t;
    struct sigaction sa;
    long spins = 0;
    struct node *p = malloc(sizeof *p);
    if (!p)
        return 2;
    p->v = 42;
    p->color = BLACK;
    p->next = NULL;
    spare = p;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_timer;
    sigaction(SIGALRM, &sa, NULL);
    memset(&t, 0, sizeof t);
    t.it_value.tv_usec = 20000;
    setitimer(ITIMER_REAL, &t, NULL);
    while (!head)
        spins++;
    printf("%d %d %d\n", head->v, head->color == BLACK, spins > 0);
    free(head);
    return 0;
}
