/* A file with no #include at all (it declares what it uses): the runtime's #include goes
   right before the first declaration. */
// ARGS: 250
// EXPECT: {"type": "struct pair", "owner": "main", "indexed": true, "compressed": true}
/* declared by hand, as some freestanding-style programs do */
typedef __SIZE_TYPE__ size_t;
void *malloc(size_t);
void free(void *);
int printf(const char *, ...);
int atoi(const char *);

struct pair {
    int a, b;
    struct pair *next;
};

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 10;
    struct pair *l = 0;
    for (int i = 0; i < n; i++) {
        struct pair *p = malloc(sizeof *p);
        p->a = i;
        p->b = n - i;
        p->next = l;
        l = p;
    }
    long s = 0;
    while (l) {
        struct pair *next = l->next;
        s += (long)l->a * l->b;
        free(l);
        l = next;
    }
    printf("%ld\n", s);
    return 0;
}
