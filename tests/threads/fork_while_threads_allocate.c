/* fork in a threaded program: while two threads allocate and free nodes of a
   thread-safe pool, main forks children that allocate from the same pool. A pool lock
   held by another thread at the moment of the fork would stay held in the child, which
   would wait forever; the runtime takes its locks around fork, as malloc does. */
// EXPECT: {"type": "struct node", "owner": "(global)", "compressed": true, "threads": "safe"}
// NO-TSAN: ThreadSanitizer does not support fork in a multi-threaded program well
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

struct node { long v; struct node *next; };

static struct node *head;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static volatile int stop;

static void *churn(void *arg)
{
    long k = (long)arg;
    while (!stop) {
        /* more at once than a thread keeps cached: the pool's lock is taken often */
        struct node *batch[300];
        for (int i = 0; i < 300; i++) {
            batch[i] = malloc(sizeof *batch[i]);
            if (!batch[i])
                exit(2);
            batch[i]->v = k;
        }
        pthread_mutex_lock(&lock);
        for (int i = 0; i < 300; i++) {
            batch[i]->next = head;
            head = batch[i];
        }
        for (int i = 0; i < 300 && head; i++) {
            struct node *d = head;
            head = d->next;
            free(d);
        }
        pthread_mutex_unlock(&lock);
    }
    return NULL;
}

int main(void)
{
    pthread_t t[3];
    for (long k = 0; k < 3; k++)
        if (pthread_create(&t[k], NULL, churn, (void *)k) != 0)
            return 1;
    int ok = 0;
    for (int i = 0; i < 1000; i++) {
        pid_t pid = fork();
        if (pid < 0)
            return 1;
        if (pid == 0) {
            int got = 0;
            for (int j = 0; j < 1000; j++) {
                struct node *x = malloc(sizeof *x);
                if (!x)
                    break;
                x->next = head; /* the child has only this thread */
                head = x;
                got++;
            }
            _exit(got == 1000 ? 0 : 3);
        }
        int status;
        if (waitpid(pid, &status, 0) == pid && WIFEXITED(status) && WEXITSTATUS(status) == 0)
            ok++;
    }
    stop = 1;
    for (int k = 0; k < 3; k++)
        pthread_join(t[k], NULL);
    while (head) {
        struct node *x = head->next;
        free(head);
        head = x;
    }
    printf("%d children allocated\n", ok);
    return 0;
}
