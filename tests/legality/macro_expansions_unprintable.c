// rules/MacroExpansions.h: each PUSH_* macro's body changes (memset needs the object's
// address), so a use would be written as its expansion, printed from the AST. Each body
// holds something that the printer would not write back as the compiler saw it, so each
// list stays unchanged, with the reason.
// EXPECT: {"type": "struct na", "owner": "list_na", "pooled": false, "reason": "but its code declares 'counter' extern"}
// EXPECT: {"type": "struct nb", "owner": "list_nb", "pooled": false, "reason": "but its code declares 'calls' thread-local"}
// EXPECT: {"type": "struct nc", "owner": "list_nc", "pooled": false, "reason": "but its code declares 'pad' with an attribute"}
// EXPECT: {"type": "struct nd", "owner": "list_nd", "pooled": false, "reason": "but its code names 'weight', which is a macro where the use is written"}
// EXPECT: {"type": "struct ne", "owner": "list_ne", "pooled": false, "reason": "but its code expands _Pragma (through macro 'PUSH_E'), which the expansion would write as clang sees it"}
// EXPECT: {"type": "struct nf", "owner": "list_nf", "pooled": false, "reason": "but its code expands __GNUC__ (through macro 'PUSH_F'), which the expansion would write as clang sees it"}
// EXPECT: {"type": "struct ng", "owner": "list_ng", "pooled": false, "reason": "but its code uses <stdatomic.h>, which the expansion would write as clang's builtins"}
// EXPECT: {"type": "struct nh", "owner": "list_nh", "pooled": false, "reason": "but its code holds a string that the expansion cannot write as it is"}
// EXPECT: {"type": "struct ni", "owner": "list_ni", "pooled": false, "reason": "but its code names a macro in its arguments that expands __LINE__, whose line the expansion, written on one line, would change"}
// EXPECT: {"type": "struct nj", "owner": "list_nj", "pooled": false, "reason": "but its code passes __LINE__ to another macro in a use spread over lines, whose expansion, written on one line, would count another line"}
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NODE(name) struct name { int val; struct name *next; }
NODE(na); NODE(nb); NODE(nc); NODE(nd); NODE(ne); NODE(nf); NODE(ng); NODE(nh); NODE(ni);
NODE(nj);

#define INIT(v, h) do { memset(v, 0, sizeof *(v)); (v)->next = (h); (h) = (v); } while (0)

int counter = 5;
// extern: printed, the declaration would be a new local hiding the global.
#define PUSH_A(h, v) do { extern int counter; counter++; INIT(v, h); } while (0)
// thread-local: printed, the counter would be shared by the threads.
#define PUSH_B(h, v) do { static __thread int calls; if (++calls > 99) exit(2); INIT(v, h); } while (0)
static long aligned;
// an attribute: printed, the alignment would be lost.
#define PUSH_C(h, v) do { _Alignas(64) char pad = 1; aligned += (long)((unsigned long)&pad % 64) + pad; INIT(v, h); } while (0)
static int weighed;
static int weight(int x) { return x * 2; }
#define weight(x) (weighed++, weight(x))
// a name that is a macro where the use is: printed, weight(k) would expand again.
#define PUSH_D(h, v, k) do { INIT(v, h); (v)->val = weight(k); } while (0)
// _Pragma: not in the AST.
#define PUSH_E(h, v) do { _Pragma("GCC diagnostic push") INIT(v, h); \
    _Pragma("GCC diagnostic pop") } while (0)
// __GNUC__: printed as clang's value.
#define PUSH_F(h, v) do { INIT(v, h); (v)->val = __GNUC__ > 0; } while (0)
static atomic_int made;
// <stdatomic.h>: printed as clang's builtins.
#define PUSH_G(h, v) do { atomic_fetch_add(&made, 1); INIT(v, h); } while (0)
// a string with ?? (a trigraph where they are on).
#define PUSH_H(h, v) do { INIT(v, h); printf("?\?=\n"); } while (0)
#define LN() __LINE__
#define PUSH_I(h, v, l) do { INIT(v, h); (v)->val = (l); } while (0)
#define ID(x) x
#define PUSH_J(h, v) do { INIT(v, h); (v)->val = ID(__LINE__); } while (0)


static long list_na(int n) {
  struct na *h = NULL, *v;
  long s = 0;
  for (int i = 0; i < n; i++) { v = malloc(sizeof *v); if (!v) exit(1); PUSH_A(h, v); v->val = i; }
  while (h) { s = s * 3 + h->val; v = h->next; free(h); h = v; }
  return s;
}
static long list_nb(int n) {
  struct nb *h = NULL, *v;
  long s = 0;
  for (int i = 0; i < n; i++) { v = malloc(sizeof *v); if (!v) exit(1); PUSH_B(h, v); v->val = i; }
  while (h) { s = s * 3 + h->val; v = h->next; free(h); h = v; }
  return s;
}
static long list_nc(int n) {
  struct nc *h = NULL, *v;
  long s = 0;
  for (int i = 0; i < n; i++) { v = malloc(sizeof *v); if (!v) exit(1); PUSH_C(h, v); v->val = i; }
  while (h) { s = s * 3 + h->val; v = h->next; free(h); h = v; }
  return s;
}
static long list_nd(int n) {
  struct nd *h = NULL, *v;
  long s = 0;
  for (int i = 0; i < n; i++) { v = malloc(sizeof *v); if (!v) exit(1); PUSH_D(h, v, i); }
  while (h) { s = s * 3 + h->val; v = h->next; free(h); h = v; }
  return s;
}
static long list_ne(int n) {
  struct ne *h = NULL, *v;
  long s = 0;
  for (int i = 0; i < n; i++) { v = malloc(sizeof *v); if (!v) exit(1); PUSH_E(h, v); v->val = i; }
  while (h) { s = s * 3 + h->val; v = h->next; free(h); h = v; }
  return s;
}
static long list_nf(int n) {
  struct nf *h = NULL, *v;
  long s = 0;
  for (int i = 0; i < n; i++) { v = malloc(sizeof *v); if (!v) exit(1); PUSH_F(h, v); v->val += i; }
  while (h) { s = s * 3 + h->val; v = h->next; free(h); h = v; }
  return s;
}
static long list_ng(int n) {
  struct ng *h = NULL, *v;
  long s = 0;
  for (int i = 0; i < n; i++) { v = malloc(sizeof *v); if (!v) exit(1); PUSH_G(h, v); v->val = i; }
  while (h) { s = s * 3 + h->val; v = h->next; free(h); h = v; }
  return s;
}
static long list_nh(int n) {
  struct nh *h = NULL, *v;
  long s = 0;
  for (int i = 0; i < n; i++) { v = malloc(sizeof *v); if (!v) exit(1); PUSH_H(h, v); v->val = i; }
  while (h) { s = s * 3 + h->val; v = h->next; free(h); h = v; }
  return s;
}
static long list_ni(int n) {
  struct ni *h = NULL, *v;
  long s = 0;
  for (int i = 0; i < n; i++) {
    v = malloc(sizeof *v);
    if (!v) exit(1);
    PUSH_I(h, v,
           LN());
  }
  while (h) { s = s * 3 + h->val; v = h->next; free(h); h = v; }
  return s;
}
static long list_nj(int n) {
  struct nj *h = NULL, *v;
  long s = 0;
  for (int i = 0; i < n; i++) {
    v = malloc(sizeof *v);
    if (!v) exit(1);
    PUSH_J(h,
           v);
  }
  while (h) { s = s * 3 + h->val; v = h->next; free(h); h = v; }
  return s;
}

int main(void) {
  printf("%ld %ld %ld %ld %ld\n", list_na(4), list_nb(4), list_nc(4), list_nd(4),
         list_ne(4));
  printf("%ld %ld %ld %ld %ld\n", list_nf(4), list_ng(4), list_nh(4), list_ni(4),
         list_nj(4));
  printf("%d %ld %d %d\n", counter, aligned, weighed, atomic_load(&made));
  return 0;
}
