/* Locals declared with typeof of a node pointer, as utlist's LDECLTYPE(head) declares
   its temporaries inside list macros: each declaration is written again with the local's
   new type (`pc_idx32 _tmp;`), so no typeof is left to see the index. Also a struct copy
   declared `__typeof__(*head)`, `typeof(h) a, b` with two declarators, `const typeof`,
   and sizeof of such locals, which keeps the original's value. */
// EXPECT: {"type": "struct el", "owner": "main", "compressed": true}
#include <stdio.h>
#include <stdlib.h>

#define LDECLTYPE(x) __typeof(x)
#define LL_APPEND(head, add)                                                    \
  do {                                                                          \
    LDECLTYPE(head) _tmp;                                                       \
    (add)->next = NULL;                                                         \
    if (head) {                                                                 \
      _tmp = (head);                                                            \
      while (_tmp->next) { _tmp = _tmp->next; }                                 \
      _tmp->next = (add);                                                       \
    } else {                                                                    \
      (head) = (add);                                                           \
    }                                                                           \
  } while (0)
#define LL_DELETE(head, del)                                                    \
  do {                                                                          \
    LDECLTYPE(head) _tmp;                                                       \
    if ((head) == (del)) {                                                      \
      (head) = (head)->next;                                                    \
    } else {                                                                    \
      _tmp = (head);                                                            \
      while (_tmp->next && (_tmp->next != (del))) _tmp = _tmp->next;            \
      if (_tmp->next) _tmp->next = (del)->next;                                 \
    }                                                                           \
  } while (0)
#define LL_FOREACH_SAFE(head, el, tmp) \
  for ((el) = (head); (el) && ((tmp) = (el)->next, 1); (el) = (tmp))
#define LL_REVERSE(head)                                                        \
  do {                                                                          \
    LDECLTYPE(head) _curr = (head);                                             \
    LDECLTYPE(head) _prev = NULL, _nx;                                          \
    while (_curr) { _nx = _curr->next; _curr->next = _prev; _prev = _curr; _curr = _nx; } \
    (head) = _prev;                                                             \
  } while (0)

typedef struct el { int id; struct el *next; } el;

static long sizes(el *head) {
    __typeof__(head) a = head, b = head ? head->next : NULL;
    const __typeof__(head) c = a;
    __typeof__(*head) copy = *head;
    long s = (long)sizeof a + (long)sizeof c + (long)sizeof copy;
    return s * 100 + (b ? b->id : -1) + copy.id + c->id;
}

int main(void) {
    el *head = NULL, *e, *tmp;
    for (int i = 0; i < 10; i++) {
        e = malloc(sizeof *e);
        if (!e)
            return 1;
        e->id = i;
        LL_APPEND(head, e);
    }
    LL_REVERSE(head);
    LL_FOREACH_SAFE(head, e, tmp) {
        printf("%d ", e->id);
        if (e->id % 3 == 0) {
            LL_DELETE(head, e);
            free(e);
        }
    }
    printf("\n%ld\n", sizes(head));
    __typeof__(head) last = head;
    while (last->next)
        last = last->next;
    printf("%d\n", last->id);
    LL_FOREACH_SAFE(head, e, tmp) {
        LL_DELETE(head, e);
        free(e);
    }
    return head != NULL;
}
