/* Static local objects linked with heap nodes move into their pool as globals do: a
   circular list's head that points to itself (`static struct node ring = { -1, &ring }`,
   its image says `.next = 1`, the object's number), an array of sentinels set up on
   the first call, and a sentinel with values that each call walks to; their names become
   the constant indices of their objects inside their functions. */
// EXPECT: {"type": "struct node", "owner": "(global)", "compressed": true, "moved_into_pool": ["static local 'ring' of ring_insert (static_local_objects.c:15:22)"]}
// EXPECT: {"type": "struct node", "owner": "(global)", "compressed": true, "moved_into_pool": ["static local 'buckets' of bucket_push (static_local_objects.c:24:22)"]}
// EXPECT: {"type": "struct node", "owner": "(global)", "compressed": true, "moved_into_pool": ["static local 'sentinel' of walk_with_sentinel (static_local_objects.c:51:22)"]}
#include <stdio.h>
#include <stdlib.h>
struct node { int key; struct node *next; };

/* A circular list whose head is a static local pointing to itself. */
static struct node *ring_insert(int k) {
  static struct node ring = { -1, &ring };
  struct node *n = malloc(sizeof *n);
  if (!n) exit(1);
  n->key = k; n->next = ring.next; ring.next = n;
  return &ring;
}

/* Buckets of sentinels in a static local array. */
static struct node *bucket_push(int k) {
  static struct node buckets[4];
  static int ready;
  if (!ready) {
    for (int i = 0; i < 4; i++) { buckets[i].key = -i; buckets[i].next = &buckets[i]; }
    ready = 1;
  }
  struct node *b = &buckets[k % 4];
  struct node *n = malloc(sizeof *n);
  if (!n) exit(1);
  n->key = k; n->next = b->next; b->next = n;
  return b;
}

static int sum_ring(const struct node *head) {
  int s = 0;
  for (const struct node *p = head->next; p != head; p = p->next) s += p->key;
  return s;
}

static void free_ring(struct node *head) {
  struct node *p = head->next;
  while (p != head) { struct node *n = p->next; free(p); p = n; }
  head->next = head;
}

/* A sentinel declared in main itself, initialised. */
static int walk_with_sentinel(void) {
  static struct node sentinel = { -7, NULL };
  struct node *h = &sentinel;
  for (int i = 0; i < 5; i++) {
    struct node *n = malloc(sizeof *n);
    if (!n) exit(1);
    n->key = i; n->next = h; h = n;
  }
  int s = 0;
  for (struct node *p = h; p != &sentinel; p = p->next) s += p->key;
  while (h != &sentinel) { struct node *n = h->next; free(h); h = n; }
  return s * 100 + sentinel.key;
}

int main(void) {
  struct node *r = 0, *b[4] = {0};
  printf("walk %d %d\n", walk_with_sentinel(), walk_with_sentinel());
  for (int i = 0; i < 20; i++) {
    r = ring_insert(i);
    b[i % 4] = bucket_push(i);
  }
  printf("ring %d\n", sum_ring(r));
  for (int i = 0; i < 4; i++) printf("bucket %d: %d (key %d)\n", i, sum_ring(b[i]), b[i]->key);
  free_ring(r);
  for (int i = 0; i < 4; i++) free_ring(b[i]);
  printf("after %d\n", sum_ring(ring_insert(99)));
  free_ring(r);
  return 0;
}
