/* Mutual recursion over a structure: a recursive-descent parser (expr -> term -> factor ->
   expr) builds an expression tree from a generated string; mutually recursive evaluation
   and simplification walk it. The tree is owned by evaluate. */
// EXPECT: {"type": "struct expr", "owner": "evaluate", "indexed": true, "compressed": true, "index_bits": 32}
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct expr {
    char op; /* '+', '-', '*', 'n' */
    long val;
    struct expr *lhs, *rhs;
};

static unsigned long long seed = 1;

static unsigned lcg(void) {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return (unsigned)(seed >> 33);
}

/* Generates a random well-formed expression into buf. */
static size_t gen(char *buf, size_t pos, size_t cap, int depth) {
    if (depth <= 0 || pos + 40 > cap || lcg() % 4 == 0) {
        pos += (size_t)sprintf(buf + pos, "%u", lcg() % 10);
        return pos;
    }
    static const char ops[] = "+-*";
    int paren = lcg() % 2;
    if (paren)
        buf[pos++] = '(';
    pos = gen(buf, pos, cap, depth - 1);
    buf[pos++] = ops[lcg() % 3];
    pos = gen(buf, pos, cap, depth - 1);
    if (paren)
        buf[pos++] = ')';
    buf[pos] = '\0';
    return pos;
}

static struct expr *node(char op, long val, struct expr *l, struct expr *r) {
    struct expr *e = malloc(sizeof *e);
    e->op = op;
    e->val = val;
    e->lhs = l;
    e->rhs = r;
    return e;
}

static struct expr *parse_expr(const char **s);

static struct expr *parse_factor(const char **s) {
    if (**s == '(') {
        (*s)++;
        struct expr *e = parse_expr(s);
        (*s)++; /* ')' */
        return e;
    }
    long v = 0;
    while (**s >= '0' && **s <= '9')
        v = v * 10 + (*(*s)++ - '0');
    return node('n', v, NULL, NULL);
}

static struct expr *parse_term(const char **s) {
    struct expr *e = parse_factor(s);
    while (**s == '*') {
        (*s)++;
        e = node('*', 0, e, parse_factor(s));
    }
    return e;
}

static struct expr *parse_expr(const char **s) {
    struct expr *e = parse_term(s);
    while (**s == '+' || **s == '-') {
        char op = *(*s)++;
        e = node(op, 0, e, parse_term(s));
    }
    return e;
}

static long eval_sum(const struct expr *e);

static long eval_prod(const struct expr *e) {
    if (e->op == '*')
        return (eval_prod(e->lhs) * eval_sum(e->rhs)) % 1000003;
    return eval_sum(e);
}

static long eval_sum(const struct expr *e) {
    switch (e->op) {
    case 'n':
        return e->val;
    case '+':
        return (eval_sum(e->lhs) + eval_prod(e->rhs)) % 1000003;
    case '-':
        return (eval_sum(e->lhs) - eval_prod(e->rhs)) % 1000003;
    default:
        return eval_prod(e);
    }
}

static void free_tree(struct expr *e) {
    if (e->op != 'n') {
        free_tree(e->lhs);
        free_tree(e->rhs);
    }
    free(e);
}

static int count(const struct expr *e) {
    return e->op == 'n' ? 1 : 1 + count(e->lhs) + count(e->rhs);
}

/* Folds "x*1", "x+0", "x-0" and "0*x" in place; returns the (possibly new) root. */
static struct expr *simplify(struct expr *e, int *folded) {
    if (e->op == 'n')
        return e;
    e->lhs = simplify(e->lhs, folded);
    e->rhs = simplify(e->rhs, folded);
    struct expr *l = e->lhs, *r = e->rhs;
    if ((e->op == '*' && r->op == 'n' && r->val == 1) ||
        ((e->op == '+' || e->op == '-') && r->op == 'n' && r->val == 0)) {
        free(r);
        free(e);
        (*folded)++;
        return l;
    }
    if (e->op == '*' && l->op == 'n' && l->val == 0) {
        free_tree(r);
        free(e);
        (*folded)++;
        return l;
    }
    return e;
}

static long evaluate(const char *text) {
    const char *s = text;
    struct expr *tree = parse_expr(&s);
    int before = count(tree), folded = 0;
    long v1 = eval_sum(tree);
    tree = simplify(tree, &folded);
    long v2 = eval_sum(tree);
    printf("nodes=%d folded=%d after=%d value=%ld same=%d\n", before, folded, count(tree), v1,
           v1 == v2);
    free_tree(tree);
    return v1;
}

int main(int argc, char **argv) {
    int rounds = argc > 1 ? atoi(argv[1]) : 20;
    size_t cap = 1 << 16;
    char *buf = malloc(cap);
    long total = 0;
    for (int r = 0; r < rounds; r++) {
        buf[0] = '\0';
        gen(buf, 0, cap, 12);
        total = (total * 31 + evaluate(buf)) % 1000003;
    }
    printf("rounds=%d total=%ld len=%zu\n", rounds, total, strlen(buf));
    free(buf);
    return 0;
}
