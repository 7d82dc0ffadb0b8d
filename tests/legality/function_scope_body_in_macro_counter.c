// FileScopeExpansions.h: the preprocessor expands a macro argument once, however often
// (even never) its parameter appears; written out, each copy of `__COUNTER__` would be
// expanded on its own and `later` would get another number. The use is not written out.
// EXPECT: {"type": "struct cell", "owner": "main", "pooled": false, "reason": "used inside a macro at function_scope_body_in_macro_counter.c:21:1"}
#include <stdio.h>
#include <stdlib.h>
struct cell { int v; struct cell *below; };
#define ONLY_IF_0(x)
#define STACK_DEFINE(name, id) \
	static struct cell *name##_push(struct cell *top, int v) { \
		struct cell *c = malloc(sizeof *c); \
		if (!c) exit(2); \
		c->v = v; c->below = top; \
		return c; \
	} \
	static int name##_sum(const struct cell *t) { \
		int s = 0; ONLY_IF_0(id) ONLY_IF_0(id) \
		for (; t; t = t->below) s += t->v; \
		return s; \
	}
STACK_DEFINE(cells, __COUNTER__)
static int later = __COUNTER__;
int main(void) {
	struct cell *top = NULL;
	for (int i = 1; i <= 4; i++) top = cells_push(top, i);
	printf("%d later=%d\n", cells_sum(top), later);
	while (top) { struct cell *b = top->below; free(top); top = b; }
	return 0;
}
