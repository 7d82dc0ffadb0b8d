/* Functions that take nodes and return `const char *` (a parser's position, a name), as
   `static const char *parse(struct item *it, const char *s)`: their clones keep the
   `const` of the result type, which the type's source range leaves out. */
// EXPECT: {"type": "struct tok", "owner": "main", "compressed": true}
#include <stdio.h>
#include <stdlib.h>

struct tok {
    struct tok *next;
    const char *text;
    int len;
};

static const char *scan(struct tok *t, const char *s) {
    while (*s == ' ')
        s++;
    t->text = s;
    t->len = 0;
    t->next = NULL;
    while (s[t->len] && s[t->len] != ' ')
        t->len++;
    return *s ? s + t->len : NULL;
}

static const volatile char *const_volatile_name(const struct tok *t) { return t->text; }

static char const *name_of(const struct tok *t) { return t->text; }

int main(void) {
    struct tok *head = NULL, *last = NULL;
    const char *s = "the quick  brown fox";
    for (;;) {
        struct tok *t = malloc(sizeof *t);
        if (!t)
            exit(2);
        if (!(s = scan(t, s))) {
            free(t);
            break;
        }
        if (last)
            last->next = t;
        else
            head = t;
        last = t;
    }
    for (struct tok *t = head; t; t = t->next)
        printf("%.*s/%c\n", t->len, name_of(t), *const_volatile_name(t));
    while (head) {
        struct tok *n = head->next;
        free(head);
        head = n;
    }
    return 0;
}
