/* Free and reuse: a FIFO queue of jobs where jobs are repeatedly dequeued, freed and new
   ones allocated, so the pool recycles freed slots; a second phase frees everything and
   allocates again from an empty queue. */
// EXPECT: {"type": "struct job", "owner": "main", "indexed": true, "compressed": true, "index_bits": 32}
#include <stdio.h>
#include <stdlib.h>

struct job {
    int id;
    int work;
    struct job *next;
};

static unsigned long long seed = 9;

static unsigned lcg(void) {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return (unsigned)(seed >> 33);
}

static struct job *make_job(int id) {
    struct job *j = malloc(sizeof(*j));
    j->id = id;
    j->work = 1 + (int)(lcg() % 5);
    j->next = NULL;
    return j;
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 20000;
    struct job *head = NULL, *tail = NULL;
    int next_id = 0, live = 0, peak = 0;
    unsigned done = 0;
    for (int phase = 0; phase < 2; phase++) {
        for (int step = 0; step < n; step++) {
            if (lcg() % 3 != 0 || !head) {
                struct job *j = make_job(next_id++);
                if (tail)
                    tail->next = j;
                else
                    head = j;
                tail = j;
                live++;
                if (live > peak)
                    peak = live;
            } else {
                struct job *j = head;
                if (--j->work > 0) {
                    /* not finished: move it to the back */
                    head = j->next;
                    if (!head) {
                        head = j;
                    } else {
                        j->next = NULL;
                        tail->next = j;
                        tail = j;
                    }
                } else {
                    head = j->next;
                    if (!head)
                        tail = NULL;
                    done = done * 31u + (unsigned)j->id;
                    free(j);
                    live--;
                }
            }
        }
        printf("phase %d: live=%d peak=%d done=%u next_id=%d\n", phase, live, peak, done,
               next_id);
        while (head) {
            struct job *j = head;
            head = head->next;
            free(j);
        }
        tail = NULL;
        live = 0;
    }
    return 0;
}
