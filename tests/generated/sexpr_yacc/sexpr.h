/* sexpr_yacc: the cells the parser's actions build (see parser.y). Old style: no
   %union, every semantic value is a pointer to a cell. */
#ifndef SEXPR_H
#define SEXPR_H

/* A cons cell: a pair (car, cdr), a number, or a symbol whose name is interned. */
struct cell {
    int kind;               /* PAIR, NUMBER or SYMBOL */
    long num;
    const char *name;       /* owned by the atom table */
    struct cell *car, *cdr;
};

#define YYSTYPE struct cell *

enum { PAIR, NUMBER, SYMBOL };

struct cell *cons(struct cell *car, struct cell *cdr);
struct cell *mknum(long num);
struct cell *mksym(const char *text);
void yyerror(const char *msg);

#endif
