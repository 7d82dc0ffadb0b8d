/* A macro use that defines functions whose code expands __LINE__ (through CHECK, as an
   assert would): written out, its text stays on the use's one line, so that every
   __LINE__ in it is still the line of the use. */
// EXPECT: {"type": "struct cell", "owner": "main", "compressed": true}
#include <stdio.h>
#include <stdlib.h>

#define CHECK(cond) ((cond) ? (void)0 : (void)printf("check failed at line %d: %s\n", __LINE__, #cond))

#define STACK_DEFINE(name, type) \
	static type *name##_push(type *top, int v) { \
		type *c = malloc(sizeof *c); \
		CHECK(c != NULL); \
		c->v = v; \
		c->below = top; \
		return c; \
	} \
	static type *name##_pop(type *top, int *v) { \
		CHECK(top != NULL); \
		if (!top) return NULL; \
		type *below = top->below; \
		*v = top->v; \
		free(top); \
		return below; \
	} \
	static int name##_line(void) { return __LINE__; }

struct cell {
	int v;
	struct cell *below;
};

STACK_DEFINE(cells, struct cell)

int main(void) {
	struct cell *top = NULL;
	int v = 0, sum = 0;
	for (int i = 1; i <= 10; i++)
		top = cells_push(top, i * i);
	while (top) {
		top = cells_pop(top, &v);
		sum += v;
	}
	top = cells_pop(top, &v);
	printf("sum %d, defined at line %d, this is line %d\n", sum, cells_line(), __LINE__);
	return 0;
}
