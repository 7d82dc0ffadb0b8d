/* The byte distance between two nodes taken through integer casts would observe the
   new layout (it printed 3 for 7 when compressed): such a difference is a byte access,
   so the node keeps its layout. One-way casts used as hash keys stay compressed
   (ptr_hash_address.c). */
// EXPECT: {"type": "struct node", "owner": "main", "compressed": false, "reason": "collapsed: the bytes between two of its objects are measured from their addresses as integers (converted at ptr_int_difference.c:16:19) at ptr_int_difference.c:16:35"}
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
struct node { int val; struct node *next; };
int main(void) {
  struct node *arr = calloc(8, sizeof(struct node));
  for (int i = 0; i < 7; i++) { arr[i].val = i; arr[i].next = &arr[i + 1]; }
  arr[7].val = 7; arr[7].next = NULL;
  struct node *last = arr;
  while (last->next) last = last->next;
  long d = (long)((uintptr_t)last - (uintptr_t)arr);
  printf("%ld %d\n", d / (long)sizeof(struct node), last->val);
  free(arr);
  return 0;
}
