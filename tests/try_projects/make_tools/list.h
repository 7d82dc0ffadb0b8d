struct cell {
    int value;
    struct cell *next;
};
struct cell *push(struct cell *next, int value);
long sum(const struct cell *c);
void release(struct cell *c);
