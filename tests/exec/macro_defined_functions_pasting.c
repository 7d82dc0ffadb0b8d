/* Written out, a use keeps the tokens its macro makes: an empty argument pasted to a
   name (`static int pfx##sum` with no prefix) leaves `static int sum`, not `intsum`; a
   macro that declares the functions before defining them (KL_DECL inside KL_INIT) is
   written out too, with other code after the use on its line. */
// EXPECT: {"type": "struct a", "owner": "main", "compressed": true}
// EXPECT: {"type": "struct cell", "owner": "main", "compressed": true}
#include <stdio.h>
#include <stdlib.h>
struct a { int v; struct a *below; };
#define STACK_DEFINE(pfx, type) \
	static type *pfx##push(type *top, int v) { \
		type *c = malloc(sizeof *c); \
		if (!c) exit(2); \
		c->v = v; c->below = top; \
		return c; \
	} \
	static int pfx##sum(const type *t) { int s = 0; for (; t; t = t->below) s += t->v; return s; }
STACK_DEFINE(, struct a)

struct cell { int v; struct cell *below; };
#define KL_DECL(name, type) static type *name##_push(type *top, int v);
#define KL_IMPL(name, type) \
	static type *name##_push(type *top, int v) { \
		type *c = malloc(sizeof *c); \
		if (!c) exit(2); \
		c->v = v; c->below = top; \
		return c; \
	}
#define KL_INIT(name, type) KL_DECL(name, type) KL_IMPL(name, type)
KL_INIT(cells, struct cell) static int glob = 3;

int main(void) {
	struct a *x = NULL;
	for (int i = 1; i <= 5; i++) x = push(x, i);
	printf("%d\n", sum(x));
	while (x) { struct a *n = x->below; free(x); x = n; }
	struct cell *top = NULL;
	for (int i = 1; i <= 4; i++) top = cells_push(top, i * glob);
	int s = 0;
	while (top) { struct cell *b = top->below; s += top->v; free(top); top = b; }
	printf("%d\n", s);
	return 0;
}
