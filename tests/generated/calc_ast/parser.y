/* calc_ast: a calculator whose bison actions build a syntax tree.

   Exercises: a %union holding pointers to malloc'd tree nodes (struct ast) and to the
   names the scanner copies, bison's semantic value stack, a %destructor freeing what
   error recovery discards, a left-recursive statement list kept in a global root, and
   main.c's evaluation of it, which keeps the variables in a symbol table (a chain of
   struct sym) before freeing everything.

   Input, one statement a line: `x = 3 * (y + 1)`, `print x % 7`, or a bare expression
   (printed); `#` starts a comment. */
%{
#include <stdio.h>
#include <stdlib.h>
#include "calc.h"

int yylex(void);
%}

%union {
    long num;
    char *name;
    struct ast *node;
}

%token <num> NUMBER
%token <name> NAME
%token PRINT
%type <node> expr stmt stmts

%destructor { freeast($$); } <node>
%destructor { free($$); } <name>

%left '+' '-'
%left '*' '/' '%'
%precedence UMINUS

%%

program: stmts                  { program = $1; }
       ;

stmts: %empty                   { $$ = NULL; }
     | stmts '\n'               { $$ = $1; }
     | stmts stmt '\n'          { $$ = newast('L', $1, $2); }
     | stmts error '\n'         { $$ = $1; yyerrok; }
     ;

stmt: NAME '=' expr             { $$ = newassign($1, $3); }
    | PRINT expr                { $$ = newast('P', $2, NULL); }
    | expr                      { $$ = newast('P', $1, NULL); }
    ;

expr: expr '+' expr             { $$ = newast('+', $1, $3); }
    | expr '-' expr             { $$ = newast('-', $1, $3); }
    | expr '*' expr             { $$ = newast('*', $1, $3); }
    | expr '/' expr             { $$ = newast('/', $1, $3); }
    | expr '%' expr             { $$ = newast('%', $1, $3); }
    | '-' expr %prec UMINUS     { $$ = newast('M', $2, NULL); }
    | '(' expr ')'              { $$ = $2; }
    | NUMBER                    { $$ = newnum($1); }
    | NAME                      { $$ = newref($1); }
    ;

%%

void yyerror(const char *msg)
{
    fprintf(stderr, "line %d: %s\n", yylineno, msg);
}
