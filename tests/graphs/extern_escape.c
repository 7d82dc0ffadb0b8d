/* Functions declared but defined nowhere in the program: everything reachable from their
   arguments and results escapes (E), with the call as the reason. */
#include <stdlib.h>

struct payload {
    int n;
};

struct list {
    int x;
    struct list *next;    /* offset 8 */
    struct payload *data; /* offset 16 */
};

extern void consume(struct list *l);
extern struct payload *produce(void);

int main(void) {
    struct list *sent = malloc(sizeof *sent); // @sent
    sent->data = malloc(sizeof *sent->data); // @sd
    sent->next = sent;
    sent->x = 1;
    sent->data->n = 2;
    struct list *kept = malloc(sizeof *kept); // @kept
    kept->x = 3;
    kept->next = NULL;
    kept->data = NULL;
    consume(sent); // @call
    struct payload *got = produce(); // @prod
    return kept->x + got->n;
}
