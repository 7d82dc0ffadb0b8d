/* sexpr_yacc: an S-expression reader and calculator in the old yacc style, built with
   `bison -y` into y.tab.c and y.tab.h, its scanner with plain `flex` into lex.yy.c.

   Exercises: YYSTYPE #defined as a pointer to a cons cell (no %union), so bison's value
   stack holds struct cell pointers; right-recursive lists, whose elements stay on that
   stack until the list closes (a list of more than 200 elements makes bison grow its
   stack); `'x` for (quote x); the scanner's own yywrap(); symbols interned in a chain of
   struct atom; an environment of struct binding for (define name expr); main() and
   everything else here in the third section, as yacc programs used to be written.

   Input: forms such as (define x (+ 1 2)), (* x (- 10 4)), '(a b c), 42; `;` comments. */
%{
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sexpr.h"

int yylex(void);
int yylex_destroy(void);
static void toplevel(struct cell *form);
%}

%token NUM SYM

%%

input   : /* empty */
        | input form            { toplevel($2); }
        ;

form    : NUM
        | SYM
        | '(' list ')'          { $$ = $2; }
        | '\'' form             { $$ = cons(mksym("quote"), cons($2, 0)); }
        ;

list    : /* empty */           { $$ = 0; }
        | form list             { $$ = cons($1, $2); }
        ;

%%

struct atom {
    char *name;
    struct atom *next;
};

struct binding {
    const char *name;
    long value;
    struct binding *next;
};

static struct atom *atoms;
static struct binding *env;
static long cells, errors;

static void *xmalloc(size_t n)
{
    void *p = malloc(n);
    if (p == 0) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
    return p;
}

struct cell *cons(struct cell *car, struct cell *cdr)
{
    struct cell *c = xmalloc(sizeof(struct cell));
    c->kind = PAIR;
    c->num = 0;
    c->name = 0;
    c->car = car;
    c->cdr = cdr;
    cells++;
    return c;
}

struct cell *mknum(long num)
{
    struct cell *c = cons(0, 0);
    c->kind = NUMBER;
    c->num = num;
    return c;
}

struct cell *mksym(const char *text)
{
    struct atom *a;
    struct cell *c;
    for (a = atoms; a; a = a->next)
        if (strcmp(a->name, text) == 0)
            break;
    if (a == 0) {
        a = xmalloc(sizeof(struct atom));
        a->name = strdup(text);
        a->next = atoms;
        atoms = a;
    }
    c = cons(0, 0);
    c->kind = SYMBOL;
    c->name = a->name;
    return c;
}

static void release(struct cell *c)
{
    while (c) {
        struct cell *next = c->cdr;
        release(c->car);
        free(c);
        cells--;
        c = next;
    }
}

static void print(struct cell *c)
{
    if (c == 0)
        printf("()");
    else if (c->kind == NUMBER)
        printf("%ld", c->num);
    else if (c->kind == SYMBOL)
        printf("%s", c->name);
    else {
        putchar('(');
        for (; c; c = c->cdr) {
            print(c->car);
            if (c->cdr)
                putchar(' ');
        }
        putchar(')');
    }
}

static int is(struct cell *c, const char *name)
{
    return c && c->kind == SYMBOL && strcmp(c->name, name) == 0;
}

static long eval(struct cell *c)
{
    struct binding *b;
    struct cell *op, *args;
    long v;
    if (c == 0)
        return 0;
    if (c->kind == NUMBER)
        return c->num;
    if (c->kind == SYMBOL) {
        for (b = env; b; b = b->next)
            if (b->name == c->name)
                return b->value;
        errors++;
        return 0;
    }
    op = c->car;
    args = c->cdr;
    if (is(op, "quote")) {        /* a quoted list: its length */
        for (v = 0, c = args ? args->car : 0; c && c->kind == PAIR; c = c->cdr)
            v++;
        return v;
    }
    if (is(op, "define") && args && args->cdr && args->car->kind == SYMBOL) {
        b = xmalloc(sizeof(struct binding));
        b->name = args->car->name;
        b->value = eval(args->cdr->car);
        b->next = env;
        env = b;
        return b->value;
    }
    v = is(op, "*") ? 1 : 0;
    if (is(op, "-") && args && args->cdr) {
        v = eval(args->car);
        args = args->cdr;
    }
    for (; args; args = args->cdr) {
        if (is(op, "+"))
            v += eval(args->car);
        else if (is(op, "*"))
            v *= eval(args->car);
        else if (is(op, "-"))
            v -= eval(args->car);
        else
            errors++;
    }
    return v;
}

static void toplevel(struct cell *form)
{
    print(form);
    printf(" => %ld\n", eval(form));
    release(form);
}

void yyerror(const char *msg)
{
    fprintf(stderr, "%s\n", msg);
}

int main(void)
{
    struct atom *a, *an;
    struct binding *b, *bn;
    int status = yyparse();
    long n = 0;

    yylex_destroy();
    for (a = atoms; a; a = an) {
        an = a->next;
        n++;
        free(a->name);
        free(a);
    }
    for (b = env; b; b = bn) {
        bn = b->next;
        free(b);
    }
    printf("status %d, %ld atoms, %ld cells left, %ld errors\n", status, n, cells, errors);
    return status;
}
