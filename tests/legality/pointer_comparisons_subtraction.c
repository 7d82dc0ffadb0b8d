// PointerComparisons rule (tool/rules/PointerComparisons.h): byte distances between
// nodes of one array, taken through char pointers, would observe the new layout's size
// (the output printed 3 instead of 7): the analysis treats a pointer difference through
// char * as a byte access, so the node keeps its layout.
// EXPECT: {"type": "struct node", "owner": "main", "compressed": false, "reason": "accessed as char at pointer_comparisons_subtraction.c:16:12"}
#include <stdio.h>
#include <stdlib.h>
struct node { int val; struct node *next; };
int main(void) {
  struct node *arr = calloc(8, sizeof(struct node));
  for (int i = 0; i < 7; i++) { arr[i].val = i; arr[i].next = &arr[i + 1]; }
  arr[7].val = 7; arr[7].next = NULL;
  struct node *last = arr;
  while (last->next) last = last->next;
  char *base = (char *)arr;
  long d = (char *)last - base;
  printf("%ld %d\n", d / (long)sizeof(struct node), last->val);
  free(arr);
  return 0;
}
