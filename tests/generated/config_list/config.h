/* config_list: the records the scanner's actions build (see scanner.l). */
#ifndef CONFIG_H
#define CONFIG_H

/* The sections seen, a chain, newest first; entries counts the records in each. */
struct section {
    char *name;
    int entries;
    struct section *next;
};

/* One `key = value` line, in a list kept in input order. */
struct entry {
    char *key;
    char *value;
    int line;
    struct section *sec;    /* NULL before the first [section] */
    struct entry *next;
};

extern struct section *sections;
extern struct entry *entries;

int yylex(void);
int yylex_destroy(void);

#endif
