// rules/FunctionScope.h, FileScopeExpansions.h: written out as text, this use would mean
// something else: STR2 would stringize `LABEL` where the macro stringizes what LABEL
// expands to ("sum"). The use is not written out, and its function stays in the macro.
// EXPECT: {"type": "struct node", "owner": "sum5", "pooled": false, "reason": "the body of 'sum5' is written inside a macro"}
#include <stdio.h>
#include <stdlib.h>
struct node { int val; struct node *next; };
#define STR2(x) #x
#define LABEL sum
#define DEFINE_SUM(name, count, label) \
  static int name(void) { \
    struct node *head = NULL; \
    for (int i = 0; i < (count); i++) { \
      struct node *n = malloc(sizeof(struct node)); \
      n->val = i; n->next = head; head = n; \
    } \
    int s = 0; \
    while (head) { struct node *n = head->next; s += head->val; free(head); head = n; } \
    printf("%s\n", STR2(label)); \
    return s; \
  }
DEFINE_SUM(sum5, 5, LABEL)
int main(void) {
  printf("%d\n", sum5());
  return 0;
}
