/* Old-style (K&R) definitions of functions that get versions: two parameters declared in
   one declaration (`int key, n;`), and a parameter left to implicit int (`scale`). The
   versions get prototypes with each parameter declared from its type; before, their
   headers were copied from the text (`int key, n` twice, `scale` alone), and the
   self-check left the list unchanged (gcc also rejected the output where clang did
   not notice). */
// CFLAGS: -std=gnu89 -Wno-implicit-int
// EXPECT: {"type": "struct node", "owner": "(global)", "indexed": true, "compressed": true}
#include <stdio.h>
#include <stdlib.h>

struct node {
    int key;
    struct node *next;
};
static struct node *head;

static void
push(key, list, n)
	int key, n;
	struct node *list;
{
	struct node *p;
	for (; n > 0; n--) {
		p = (struct node *)malloc(sizeof(struct node));
		if (p == NULL)
			exit(2);
		p->key = key + n + (list ? list->key : 0);
		p->next = head;
		head = p;
	}
}

static long
sum(list, scale)
	struct node *list;
{
	long s = 0;
	for (; list; list = list->next)
		s += (long)list->key * scale;
	return(s);
}

int
main()
{
	struct node *p;
	push(10, head, 3);
	push(1, head, 2);
	printf("%ld\n", sum(head, 3));
	while (head) {
		p = head->next;
		free((char *)head);
		head = p;
	}
	return 0;
}
