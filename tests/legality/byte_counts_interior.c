// ByteCounts rule (tool/rules/ByteCounts.h): `memset(&n->key, 0, sizeof *n)` clears a
// whole node through a pointer to its first member. The count is the size of the
// original struct, and in the new layout the bytes after 'key' are other members: the
// structure stays as it is. A count that stays inside the member (the memset in
// 'clear_key') would be allowed.
// EXPECT: {"type": "struct node", "owner": "main", "pooled": false, "reason": "a byte count through a pointer into a 'struct node' object, whose layout changes, that may reach past the member it points to at byte_counts_interior.c:14:3"}
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
struct node { int key; int hits; struct node *next; };
static void clear_key(struct node *n) { memset(&n->key, 0, sizeof n->key); }
static void reset(struct node *n) {
  clear_key(n);
  memset(&n->key, 0, sizeof *n);
}
int main(void) {
  struct node *arr = malloc(4 * sizeof *arr);
  if (!arr)
    return 1;
  for (int i = 0; i < 4; i++) {
    arr[i].key = i + 1;
    arr[i].hits = 10 * i;
    arr[i].next = i < 3 ? &arr[i + 1] : NULL;
  }
  reset(&arr[1]);
  arr[1].next = &arr[2];
  int s = 0, c = 0;
  for (struct node *p = arr; p; p = p->next) {
    s += p->key + p->hits;
    c++;
  }
  printf("sum %d count %d\n", s, c);
  free(arr);
  return 0;
}
