/* printf-like logging macros around field reads: a variadic LOG passing __VA_ARGS__ to
   printf, a GNU `, ##__VA_ARGS__` TRACE whose argument list may be empty, and a call
   spread over several lines. The format strings come from the macros' bodies and stay;
   the field reads are rewritten where they are spelled, in main and in a clone. */
// ARGS: 40
// EXPECT: {"type": "struct item", "owner": "main", "indexed": true, "compressed": true}
#include <stdio.h>
#include <stdlib.h>

struct item {
    int id;
    double weight;
    struct item *next;
};

static int verbose = 1;

#define LOG(fmt, ...) printf("log: " fmt "\n", __VA_ARGS__)
#define TRACE(fmt, ...)                                                                  \
    do {                                                                                 \
        if (verbose)                                                                     \
            printf("trace: " fmt "\n", ##__VA_ARGS__);                                   \
    } while (0)

static double total(const struct item *it) {
    double t = 0;
    for (; it; it = it->next) {
        TRACE("item %d weighs %.1f", it->id, it->weight);
        t += it->weight;
    }
    TRACE("done");
    return t;
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 10;
    struct item *head = NULL;
    for (int i = 0; i < n; i++) {
        struct item *it = malloc(sizeof *it);
        it->id = i;
        it->weight = (i % 7) * 0.5;
        it->next = head;
        head = it;
        LOG("added %d (next %d)", it->id, it->next ? it->next->id : -1);
    }
    LOG("first %d, second %d, total %.1f",
        head->id,
        head->next->id,
        total(head));
    while (head) {
        struct item *next = head->next;
        LOG("freeing %d", head->id);
        free(head);
        head = next;
    }
    return 0;
}
