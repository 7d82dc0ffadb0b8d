/* Lines keep their numbers where an edit joins lines or a macro use spreads over them:
   a declaration split over two lines, with code after it on its second line; a call
   whose argument list is split; a cast split from its operand; and macros whose bodies
   name __LINE__, used over several lines and written as their expansions (GCC gives
   the line of the macro's name, Clang that of the closing parenthesis: each compiler
   must print what it printed for the original; `__LINE__` written in an argument on
   another line than the macro's name is that line for both). assert's failure message is the last. */
// ARGS: 2
// EXPECT: {"type": "struct node", "owner": "main", "compressed": true}
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

struct node { int v; struct node *next; };

#define SHOW(n, what) printf("%s %d at line %d\n", what, (n)->v, __LINE__)
#define SHOW_AT(n, line) printf("%d given line %d\n", (n)->v, line)
#define CHECK(cond) assert(cond)

int main(int argc, char **argv)
{
    struct node *head =
        NULL; printf("after a split declaration: line %d\n", __LINE__);
    for (int i = 0; i < 4; i++) {
        struct node *x = malloc(
            sizeof *x); printf("after a split call: line %d\n", __LINE__);
        if (!x)
            return 2;
        x->v = i;
        x->next = head;
        head = x;
    }
    struct node *y = (struct node *)
        malloc(sizeof *y); printf("after a split cast: line %d\n", __LINE__);
    if (!y)
        return 2;
    y->v = 40;
    y->next = head;
    head = y;
    SHOW(head,
         "head");
    SHOW(
        head->next,
        "second"
    );
    SHOW_AT(head,
            __LINE__);
    printf("still line %d\n", __LINE__);
    if (argc > 1)
        CHECK(head->next->v ==
              atoi(argv[1]));
    while (head) {
        struct node *x = head->next;
        free(head);
        head = x;
    }
    (void)argv;
    return 0;
}
