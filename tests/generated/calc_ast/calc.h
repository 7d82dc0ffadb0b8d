/* calc_ast: what the parser's actions build (see parser.y). */
#ifndef CALC_H
#define CALC_H

/* The symbol table: a chain of variables, newest first, that evaluation extends. */
struct sym {
    char *name;
    long value;
    struct sym *next;
};

/* A node of the syntax tree. op is an operator character ('+', '-', '*', '/', '%'),
   'M' (negate: left), 'N' (number: num), 'V' (variable: name), '=' (name = left),
   'P' (print left) or 'L' (statement list: left, then the statement right). */
struct ast {
    int op;
    long num;
    char *name;
    struct ast *left, *right;
};

struct ast *newast(int op, struct ast *left, struct ast *right);
struct ast *newnum(long num);
struct ast *newref(char *name);
struct ast *newassign(char *name, struct ast *value);
void freeast(struct ast *a);
void yyerror(const char *msg);

extern struct ast *program;
extern int yylineno;

#endif
