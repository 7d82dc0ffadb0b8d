/* Static locals that cannot move to file scope keep their function to one version, so
   the structures that would give it a second stay unchanged, each with its reason: a name
   that a file-scope variable declared later also has, `__func__` in an initialiser, a
   type declared inside the function, a macro redefined inside the function before it (the
   array would have had 4 elements, not 16), the name of a C library function (`index`,
   declared by a header the output includes), an alignment that names a local enumerator.
   A declaration that a macro defined before the function writes moves with its macro. */
// EXPECT: {"type": "struct anode", "owner": "main", "compressed": false, "reason": "'apush' has a static local 'calls' (static_local_unshared.c:20:14) that cannot be declared outside it (its name is also declared at static_local_unshared.c:87:5), which the 2 copies of 'apush' that ptrcomp writes (one per calling context) would not share"}
// EXPECT: {"type": "struct bnode", "owner": "main", "compressed": false, "reason": "'bpush' has a static local 'who' (static_local_unshared.c:27:22) that cannot be declared outside it (it uses __func__), which the 2 copies of 'bpush' that ptrcomp writes (one per calling context) would not share"}
// EXPECT: {"type": "struct cnode", "owner": "main", "compressed": false, "reason": "'cpush' has a static local 'st' (static_local_unshared.c:35:23) that cannot be declared outside it (it names 'struct stats', declared at static_local_unshared.c:34:10, which is not visible before the function), which the 2 copies of 'cpush' that ptrcomp writes (one per calling context) would not share"}
// EXPECT: {"type": "struct enode", "owner": "main", "compressed": false, "reason": "'epush' has a static local 'slots' (static_local_unshared.c:53:15) that cannot be declared outside it ('#undef SLOTS' comes between the function's start and it), which the 2 copies of 'epush' that ptrcomp writes (one per calling context) would not share"}
// EXPECT: {"type": "struct fnode", "owner": "main", "compressed": false, "reason": "'fpush' has a static local 'index' (static_local_unshared.c:61:14) that cannot be declared outside it (its name is that of a C library function or object), which the 2 copies of 'fpush' that ptrcomp writes (one per calling context) would not share"}
// EXPECT: {"type": "struct gnode", "owner": "main", "compressed": false, "reason": "'gpush' has a static local 'line' (static_local_unshared.c:69:15) that cannot be declared outside it (it names 'LINE', declared at static_local_unshared.c:68:10, which is not visible before the function), which the 2 copies of 'gpush' that ptrcomp writes (one per calling context) would not share"}
// EXPECT: {"type": "struct dnode", "owner": "main", "compressed": true}
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
struct anode { int v; struct anode *next; };
static struct anode *apush(struct anode *h, int v) {
  static int calls;
  struct anode *n = malloc(sizeof *n);
  n->v = v + calls++; n->next = h;
  return n;
}
struct bnode { int v; struct bnode *next; };
static struct bnode *bpush(struct bnode *h, int v) {
  static const char *who = __func__;
  struct bnode *n = malloc(sizeof *n);
  n->v = v + (int)strlen(who); n->next = h;
  return n;
}
struct cnode { int v; struct cnode *next; };
static struct cnode *cpush(struct cnode *h, int v) {
  struct stats { int n; };
  static struct stats st;
  struct cnode *n = malloc(sizeof *n);
  n->v = v + st.n++; n->next = h;
  return n;
}
#define COUNTER(name) static int name = 0
struct dnode { int v; struct dnode *next; };
static struct dnode *dpush(struct dnode *h, int v) {
  COUNTER(dcalls);
  struct dnode *n = malloc(sizeof *n);
  n->v = v + dcalls++; n->next = h;
  return n;
}
#define SLOTS 4
struct enode { int v; struct enode *next; };
static struct enode *epush(struct enode *h, int v) {
#undef SLOTS
#define SLOTS 16
  static char slots[SLOTS];
  struct enode *n = malloc(sizeof *n);
  slots[v % SLOTS]++;
  n->v = v + (int)sizeof slots; n->next = h;
  return n;
}
struct fnode { int v; struct fnode *next; };
static struct fnode *fpush(struct fnode *h, int v) {
  static int index;
  struct fnode *n = malloc(sizeof *n);
  n->v = v + index++; n->next = h;
  return n;
}
struct gnode { int v; struct gnode *next; };
static struct gnode *gpush(struct gnode *h, int v) {
  enum { LINE = 64 };
  static char line[8] __attribute__((aligned(LINE)));
  struct gnode *n = malloc(sizeof *n);
  line[v % 8] = 1;
  n->v = v + (int)((unsigned long)line % LINE); n->next = h;
  return n;
}
#define LIST(T, push)                                                                  \
  do {                                                                                 \
    struct T *a = NULL, *b = NULL;                                                     \
    for (int i = 0; i < 5; i++) { a = push(a, i); b = push(b, i); }                    \
    long s = 0;                                                                        \
    for (struct T *p = a; p; p = p->next) s += p->v;                                   \
    for (struct T *p = b; p; p = p->next) s += p->v * 100;                             \
    printf("%ld\n", s);                                                                \
    b = (struct T *)(unsigned long)b;                                                  \
    while (a) { struct T *n = a->next; free(a); a = n; }                               \
    while (b) { struct T *n = b->next; free(b); b = n; }                               \
  } while (0)
int calls;
int main(void) {
  LIST(anode, apush);
  LIST(bnode, bpush);
  LIST(cnode, cpush);
  LIST(dnode, dpush);
  LIST(enode, epush);
  LIST(fnode, fpush);
  LIST(gnode, gpush);
  return calls;
}
