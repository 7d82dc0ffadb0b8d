/* A container library in the style of klib's kavl: the user's node embeds a link
   struct, and one macro use at file scope (SLIST_GENERATE, itself written with more
   macros) defines every function that works on the nodes. The use is written out for
   the parse, so that its functions become pool code: the local head `fake` of
   pre##_erase moves into the pool beside the heap nodes, `path` holds indices, and the
   name made with # and the GNU `, ## __VA_ARGS__` of a logging macro keep their text. */
// EXPECT: {"type": "struct item", "owner": "main", "compressed": true, "moved_into_pool": ["local 'fake' of items_erase (macro_defined_functions.c:79:569)"]}
#include <stdio.h>
#include <stdlib.h>

#define SLIST_MAX_DEPTH 64
#define SLIST_LINK(type) struct { type *next; unsigned count; }
#define SLIST_LOG(fmt, ...) printf("slist: " fmt "\n", ## __VA_ARGS__)

#define SLIST_FIND(pre, scope, type, link, cmp) \
	scope type *pre##_find(type *head, const type *x) { \
		type *p; \
		for (p = head; p && cmp(p, x) < 0; p = p->link.next) \
			; \
		return p && cmp(p, x) == 0 ? p : 0; \
	}

#define SLIST_INSERT(pre, scope, type, link, cmp) \
	scope type *pre##_insert(type **head, type *x) { \
		type **pp = head; \
		while (*pp && cmp(*pp, x) < 0) \
			pp = &(*pp)->link.next; \
		if (*pp && cmp(*pp, x) == 0) { \
			(*pp)->link.count++; \
			return *pp; \
		} \
		x->link.next = *pp; \
		x->link.count = 1; \
		*pp = x; \
		return x; \
	}

#define SLIST_ERASE(pre, scope, type, link, cmp) \
	scope type *pre##_erase(type **head, const type *x) { \
		type fake, *p, *path[SLIST_MAX_DEPTH]; \
		int d = 0; \
		fake.link.next = *head; \
		for (p = &fake; p->link.next && cmp(p->link.next, x) < 0; p = p->link.next) \
			path[d++ % SLIST_MAX_DEPTH] = p; \
		if (!p->link.next || cmp(p->link.next, x) != 0) { \
			SLIST_LOG("%s: no such key after %d steps", #pre, d); \
			return 0; \
		} \
		type *gone = p->link.next; \
		p->link.next = gone->link.next; \
		*head = fake.link.next; \
		if (d > 0 && path[(d - 1) % SLIST_MAX_DEPTH] != &fake) \
			SLIST_LOG("erased after a real node"); \
		return gone; \
	}

#define SLIST_ITER(pre, scope, type, link) \
	typedef struct { const type *at; } pre##_itr_t; \
	scope void pre##_itr_first(const type *head, pre##_itr_t *it) { it->at = head; } \
	scope int pre##_itr_next(pre##_itr_t *it) { \
		if (!it->at) return 0; \
		it->at = it->at->link.next; \
		return it->at != 0; \
	}

#define SLIST_GENERATE2(pre, scope, type, link, cmp) \
	SLIST_FIND(pre, scope, type, link, cmp) \
	SLIST_INSERT(pre, scope, type, link, cmp) \
	SLIST_ERASE(pre, scope, type, link, cmp) \
	SLIST_ITER(pre, scope, type, link)
#define SLIST_GENERATE(pre, type, link, cmp) SLIST_GENERATE2(pre, static, type, link, cmp)

struct item {
	int key;
	SLIST_LINK(struct item) link;
};

#define item_cmp(a, b) (((a)->key > (b)->key) - ((a)->key < (b)->key))
SLIST_GENERATE(items, struct item, link, item_cmp)

static struct item *new_item(int key) {
	struct item *it = calloc(1, sizeof *it);
	if (!it)
		exit(2);
	it->key = key;
	return it;
}

int main(void) {
	struct item *head = 0, *p, key;
	items_itr_t itr;
	unsigned seed = 7;
	for (int i = 0; i < 200; i++) {
		seed = seed * 1103515245u + 12345u;
		p = new_item((int)(seed >> 16) % 97);
		if (items_insert(&head, p) != p)
			free(p);
	}
	key.key = 42;
	printf("find 42: %s\n", items_find(head, &key) ? "yes" : "no");
	for (int k = 0; k < 97; k += 3) {
		key.key = k;
		struct item *gone = items_erase(&head, &key);
		if (gone) {
			printf("erased %d (seen %u times)\n", gone->key, gone->link.count);
			free(gone);
		}
	}
	long sum = 0;
	int n = 0;
	items_itr_first(head, &itr);
	if (itr.at)
		do {
			sum += itr.at->key * (long)itr.at->link.count;
			n++;
		} while (items_itr_next(&itr));
	printf("%d nodes, weighted sum %ld\n", n, sum);
	while (head) {
		p = head->link.next;
		free(head);
		head = p;
	}
	return 0;
}
