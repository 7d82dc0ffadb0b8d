/* Lists edited through a pointer to the link that holds the current node: the usual
   sorted insertion and deletion (`pp = &(*pp)->next`), with the head a global, a local of
   main passed by address, or a member of a holder on the heap. The pointer designates a
   variable at first and node fields later; the variables stay variables (indices) and the
   nodes go to their pools, and `pp` becomes a pointer to an index. */
// EXPECT: {"type": "struct node", "owner": "(global)", "compressed": true}
// EXPECT: {"type": "struct item", "owner": "main", "compressed": true}
// EXPECT: {"type": "struct bag", "owner": "main", "compressed": true}
// EXPECT: {"type": "struct elem", "owner": "main", "compressed": true}
#include <stdio.h>
#include <stdlib.h>

struct node { int key; struct node *next; };
static struct node *head;

static void insert_sorted(int k) {
  struct node **pp = &head;
  while (*pp && (*pp)->key < k)
    pp = &(*pp)->next;
  struct node *n = malloc(sizeof *n);
  if (!n)
    exit(1);
  n->key = k;
  n->next = *pp;
  *pp = n;
}

static int delete_key(int k) {
  for (struct node **pp = &head; *pp != NULL; pp = &(*pp)->next)
    if ((*pp)->key == k) {
      struct node *x = *pp;
      *pp = x->next;
      free(x);
      return 1;
    }
  return 0;
}

/* The head is the caller's: a parameter walked along the links. */
struct item { long v; struct item *link; };

static void push_back(struct item **at, long v) {
  while (*at)
    at = &(*at)->link;
  *at = calloc(1, sizeof **at);
  if (!*at)
    exit(1);
  (*at)->v = v;
}

static long drop_odd(struct item **at) {
  long dropped = 0;
  while (*at) {
    if ((*at)->v & 1) {
      struct item *x = *at;
      *at = x->link;
      dropped += x->v;
      free(x);
    } else {
      at = &(*at)->link;
    }
  }
  return dropped;
}

/* A head inside a holder on the heap. */
struct elem { unsigned id; struct elem *nx; };
struct bag { struct elem *first; unsigned count; };

static void bag_put(struct bag *b, unsigned id) {
  struct elem **pp = &b->first, *e;
  while (*pp && (*pp)->id > id)
    pp = &(*pp)->nx;
  e = malloc(sizeof *e);
  if (!e)
    exit(1);
  e->id = id;
  e->nx = *pp;
  *pp = e;
  b->count++;
}

int main(void) {
  for (int i = 0; i < 40; i++)
    insert_sorted((i * 17) % 40);
  int deleted = 0;
  for (int i = 0; i < 40; i += 3)
    deleted += delete_key(i);
  for (struct node *n = head; n; n = n->next)
    printf("%d ", n->key);
  printf("| deleted %d\n", deleted);
  while (head) {
    struct node *x = head->next;
    free(head);
    head = x;
  }

  struct item *list = NULL;
  for (long v = 0; v < 25; v++)
    push_back(&list, v * v);
  printf("odd sum %ld:", drop_odd(&list));
  while (list) {
    struct item *x = list->link;
    printf(" %ld", list->v);
    free(list);
    list = x;
  }
  printf("\n");

  struct bag *b = malloc(sizeof *b);
  if (!b)
    return 1;
  b->first = NULL;
  b->count = 0;
  for (unsigned i = 0; i < 30; i++)
    bag_put(b, (i * 7) % 31);
  printf("bag of %u:", b->count);
  for (struct elem *e = b->first, *x; e; e = x) {
    x = e->nx;
    printf(" %u", e->id);
    free(e);
  }
  printf("\n");
  free(b);
  return 0;
}
