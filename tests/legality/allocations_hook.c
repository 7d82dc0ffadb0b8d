// rules/Allocations.h: the allocator object comes from a call, current_allocator(), which
// counts its lookups. The hook only ever holds heap_alloc, which only calls malloc, but
// turning the call through it into pc_alloc would drop those calls (the function pointer
// and the allocator argument): the list stays unchanged.
// EXPECT: {"type": "struct node", "owner": "main", "pooled": false, "reason": "a call through allocation hook 'current_allocator()->alloc' whose pointer or arguments have side effects at allocations_hook.c:17:22"}
#include <stdio.h>
#include <stdlib.h>
struct allocator { void *(*alloc)(struct allocator *self, size_t size); };
static void *heap_alloc(struct allocator *self, size_t size) { (void)self; return malloc(size); }
static struct allocator heap = { heap_alloc };
static int lookups;
static struct allocator *current_allocator(void) { lookups++; return &heap; }
struct node { int val; struct node *next; };
int main(void) {
  struct node *head = NULL;
  for (int i = 0; i < 5; i++) {
    struct node *n = current_allocator()->alloc(current_allocator(), sizeof(struct node));
    n->val = i; n->next = head; head = n;
  }
  int sum = 0;
  for (struct node *p = head; p; p = p->next) sum += p->val;
  printf("%d %d\n", sum, lookups);
  while (head) { struct node *n = head->next; free(head); head = n; }
  return 0;
}
