/* Macro bodies with # and ##: SHOW prints its argument's text (`#n`) beside a field read
   in its body, FIELD pastes a field name (`f##_x`). Each use written as its expansion
   keeps the string and the pasted name the original program had, and AT the line number
   (__LINE__) of its use in the original; __FILE__ would stay __FILE__. (An argument that
   changes and is stringized, `SHOW(head->next)`, still leaves its structure unchanged.) */
// EXPECT: {"type": "struct snode", "owner": "main", "indexed": true, "compressed": true}
// EXPECT: {"type": "struct pnode", "owner": "main", "indexed": true, "compressed": true}
#include <stdio.h>
#include <stdlib.h>

struct snode {
    int val;
    struct snode *next;
};

struct pnode {
    int v_x, w_x;
    struct pnode *next;
};

#define SHOW(n) printf(#n " = %d\n", (n)->val)
#define AT(n) printf("line %d: %d\n", __LINE__, (n)->val)
#define CAT(a, b) a##b
#define FIELD(n, f) ((n)->CAT(f, _x))

int main(void) {
    struct snode *head = NULL;
    struct pnode *q = NULL;
    for (int i = 0; i < 20; i++) {
        struct snode *s = malloc(sizeof *s);
        s->val = i * 5;
        s->next = head;
        head = s;
        struct pnode *p = malloc(sizeof *p);
        FIELD(p, v) = i;
        FIELD(p, w) = FIELD(p, v) * 2;
        p->next = q;
        q = p;
    }
    SHOW(head);
    struct snode *second = head->next;
    SHOW(second);
    AT(second);
    int s = 0;
    for (struct pnode *p = q; p; p = p->next)
        s += FIELD(p, v) + FIELD(p, w);
    printf("s=%d\n", s);
    while (head) {
        struct snode *n = head->next;
        free(head);
        head = n;
    }
    while (q) {
        struct pnode *n = q->next;
        free(q);
        q = n;
    }
    return 0;
}
