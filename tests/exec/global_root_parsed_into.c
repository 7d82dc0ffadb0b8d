/* A global root that a parser fills in, as a JSON library's test programs do: `static
   struct item root[1]` receives the top value, its children are on the heap, and the
   same functions take the root and the children. The root moves into the pool (object
   1), so the whole structure is compressed. */
// EXPECT: {"type": "struct item", "owner": "(global)", "indexed": true, "compressed": true, "index_bits": 32, "moved_into_pool": ["global 'root' (global_root_parsed_into.c:22:20)"]}
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum kind { NUMBER, LIST };

struct item {
    struct item *next;
    struct item *prev;
    struct item *child;
    enum kind kind;
    long number;
};

/* The parsed document: one element, so that `root` is a `struct item *` in the code
   that uses it, as in the libraries that do this. */
static struct item root[1];
static int allocations;

static const char *skip(const char *s) {
    while (*s == ' ' || *s == '\n')
        s++;
    return s;
}

static struct item *new_item(void) {
    struct item *it = calloc(1, sizeof *it);
    if (!it) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
    allocations++;
    return it;
}

static const char *parse_value(struct item *it, const char *s);

static const char *parse_list(struct item *it, const char *s) {
    struct item *last = NULL;
    it->kind = LIST;
    s = skip(s + 1);
    while (*s && *s != ']') {
        struct item *c = new_item();
        s = parse_value(c, s);
        if (!s)
            return NULL;
        if (last) {
            last->next = c;
            c->prev = last;
        } else {
            it->child = c;
        }
        last = c;
        s = skip(s);
        if (*s == ',')
            s = skip(s + 1);
    }
    return *s == ']' ? s + 1 : NULL;
}

static const char *parse_value(struct item *it, const char *s) {
    s = skip(s);
    if (*s == '[')
        return parse_list(it, s);
    char *end;
    it->kind = NUMBER;
    it->number = strtol(s, &end, 10);
    return end == s ? NULL : end;
}

static void print(const struct item *it, int depth) {
    if (it->kind == NUMBER) {
        printf("%*s%ld\n", depth * 2, "", it->number);
        return;
    }
    printf("%*s[\n", depth * 2, "");
    for (const struct item *c = it->child; c; c = c->next)
        print(c, depth + 1);
    printf("%*s]\n", depth * 2, "");
}

static long total(const struct item *it) {
    if (it->kind == NUMBER)
        return it->number;
    long t = 0;
    for (const struct item *c = it->child; c; c = c->next)
        t += total(c);
    return t;
}

static void delete_children(struct item *it) {
    struct item *c = it->child;
    while (c) {
        struct item *n = c->next;
        delete_children(c);
        free(c);
        allocations--;
        c = n;
    }
    it->child = NULL;
}

/* The last element of the root's list, walked backwards. */
static void print_backwards(const struct item *list) {
    const struct item *c = list->child;
    while (c && c->next)
        c = c->next;
    for (; c; c = c->prev)
        printf("%ld ", total(c));
    printf("\n");
}

int main(int argc, char **argv) {
    const char *text = argc > 1 ? argv[1] : "[1, [2, 3], [4, [5, 6], []], 7, [[8]]]";
    if (!parse_value(root, text)) {
        printf("parse error\n");
        return 1;
    }
    print(root, 0);
    printf("total %ld, %d items on the heap, root is %s, %zu bytes\n", total(root),
           allocations, root->kind == LIST ? "a list" : "a number", sizeof root);
    print_backwards(&root[0]);
    delete_children(root);
    memset(root, 0, sizeof(root));
    printf("after delete: %d, root %ld\n", allocations, total(root));
    /* Parsed again into the same root. */
    if (!parse_value(root, "[10, [20], 30]"))
        return 1;
    printf("total %ld\n", total(root));
    delete_children(root);
    return allocations;
}
