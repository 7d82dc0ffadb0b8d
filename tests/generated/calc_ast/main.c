/* calc_ast: the tree of the calculator (see parser.y), built for the parser's actions,
   and its evaluation, which keeps the variables in a symbol table; then freeing. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "calc.h"

int yyparse(void);
int yylex_destroy(void);

struct ast *program;
static struct sym *symtab;
static long nodes;

static void *xmalloc(size_t n)
{
    void *p = malloc(n);
    if (!p) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
    return p;
}

static struct sym *lookup(const char *name)
{
    struct sym *s;
    for (s = symtab; s; s = s->next)
        if (strcmp(s->name, name) == 0)
            return s;
    s = xmalloc(sizeof *s);
    s->name = xmalloc(strlen(name) + 1);
    strcpy(s->name, name);
    s->value = 0;
    s->next = symtab;
    symtab = s;
    return s;
}

struct ast *newast(int op, struct ast *left, struct ast *right)
{
    struct ast *a = xmalloc(sizeof *a);
    a->op = op;
    a->num = 0;
    a->name = NULL;
    a->left = left;
    a->right = right;
    nodes++;
    return a;
}

struct ast *newnum(long num)
{
    struct ast *a = newast('N', NULL, NULL);
    a->num = num;
    return a;
}

struct ast *newref(char *name)
{
    struct ast *a = newast('V', NULL, NULL);
    a->name = name;
    return a;
}

struct ast *newassign(char *name, struct ast *value)
{
    struct ast *a = newast('=', value, NULL);
    a->name = name;
    return a;
}

void freeast(struct ast *a)
{
    if (!a)
        return;
    freeast(a->left);
    freeast(a->right);
    free(a->name);
    free(a);
    nodes--;
}

static long eval(struct ast *a)
{
    long l, r;
    switch (a->op) {
    case 'N': return a->num;
    case 'V': return lookup(a->name)->value;
    case 'M': return -eval(a->left);
    case '=':
        l = eval(a->left);
        lookup(a->name)->value = l;
        return l;
    case 'P':
        l = eval(a->left);
        printf("%ld\n", l);
        return l;
    case 'L':
        if (a->left)
            eval(a->left);
        return eval(a->right);
    }
    l = eval(a->left);
    r = eval(a->right);
    switch (a->op) {
    case '+': return l + r;
    case '-': return l - r;
    case '*': return l * r;
    }
    if (r == 0) {
        fprintf(stderr, "division by zero\n");
        return 0;
    }
    return a->op == '/' ? l / r : l % r;
}

static int depth(const struct ast *a)
{
    int l, r;
    if (!a)
        return 0;
    l = depth(a->left);
    r = depth(a->right);
    return 1 + (l > r ? l : r);
}

int main(void)
{
    struct sym *s, *next;
    int status = yyparse();

    printf("parse: %s, %ld nodes, depth %d\n", status ? "failed" : "ok", nodes,
           depth(program));
    if (program)
        eval(program);
    for (s = symtab; s; s = s->next)
        printf("%s = %ld\n", s->name, s->value);
    freeast(program);
    for (s = symtab; s; s = next) {
        next = s->next;
        free(s->name);
        free(s);
    }
    yylex_destroy();
    printf("%ld nodes left\n", nodes);
    return status;
}
