/* Uses that define functions whose code reaches __LINE__ only through a macro name made
   by pasting (CAT(TRACE_, on) is TRACE_on) or through __builtin_LINE(): each stays on
   its one line when written out, so the numbers printed are those of the uses. */
// EXPECT: {"type": "struct cell", "owner": "main", "compressed": true}
#include <stdio.h>
#include <stdlib.h>
#define CAT_(a, b) a##b
#define CAT(a, b) CAT_(a, b)
#define TRACE_on() printf("trace at line %d\n", __LINE__)
#define TRACE_off() ((void)0)
#define STACK_DEFINE(name, type, trace) \
	static type *name##_push(type *top, int v) { \
		type *c = malloc(sizeof *c); \
		if (!c) \
			exit(2); \
		c->v = v; \
		c->below = top; \
		return c; \
	} \
	static void name##_hello(void) { \
		CAT(TRACE_, trace)(); \
	}
#define WHERE_DEFINE(name) \
	static int name##_where(void) { \
		return __builtin_LINE(); \
	}

struct cell {
	int v;
	struct cell *below;
};

STACK_DEFINE(cells, struct cell, on)
WHERE_DEFINE(cells)

int main(void) {
	struct cell *top = NULL;
	for (int i = 1; i <= 10; i++)
		top = cells_push(top, i);
	cells_hello();
	printf("defined at line %d\n", cells_where());
	int sum = 0;
	while (top) {
		struct cell *b = top->below;
		sum += top->v;
		free(top);
		top = b;
	}
	printf("sum %d\n", sum);
	return 0;
}
