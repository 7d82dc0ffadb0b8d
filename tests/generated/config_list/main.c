/* config_list: sorts the records the scanner read (see scanner.l) by section and key,
   keeping input order among equal keys (the scanner lists them newest first), prints
   the last value of each key, frees. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "config.h"

static const char *section_name(const struct entry *e)
{
    return e->sec ? e->sec->name : "";
}

static int compare(const struct entry *a, const struct entry *b)
{
    int c = strcmp(section_name(a), section_name(b));
    return c ? c : strcmp(a->key, b->key);
}

/* Stable: of equal records, those of a come first. */
static struct entry *merge(struct entry *a, struct entry *b)
{
    if (!a)
        return b;
    if (!b)
        return a;
    if (compare(b, a) < 0) {
        b->next = merge(a, b->next);
        return b;
    }
    a->next = merge(a->next, b);
    return a;
}

static struct entry *sort(struct entry *list)
{
    struct entry *slow, *fast, *back;
    if (!list || !list->next)
        return list;
    slow = list;
    for (fast = list->next; fast && fast->next; fast = fast->next->next)
        slow = slow->next;
    back = slow->next;
    slow->next = NULL;
    return merge(sort(list), sort(back));
}

static struct entry *reverse(struct entry *list)
{
    struct entry *done = NULL, *next;
    for (; list; list = next) {
        next = list->next;
        list->next = done;
        done = list;
    }
    return done;
}

static void free_entry(struct entry *e)
{
    free(e->key);
    free(e->value);
    free(e);
}

int main(void)
{
    struct entry *e, *next;
    struct section *s, *snext;
    const struct section *printed = NULL;
    int read = 0, overridden = 0;

    yylex();
    yylex_destroy();
    for (e = entries; e; e = e->next)
        read++;
    entries = sort(reverse(entries));
    for (e = entries; e; e = next) {
        next = e->next;
        if (next && compare(e, next) == 0) {
            overridden++;
            continue;
        }
        if (e == entries || e->sec != printed) {
            printf("[%s]\n", section_name(e));
            printed = e->sec;
        }
        printf("  %s = \"%s\"  (line %d)\n", e->key, e->value, e->line);
    }
    for (s = sections; s; s = s->next)
        printf("section %s: %d records\n", s->name, s->entries);
    printf("%d records, %d overridden\n", read, overridden);
    for (e = entries; e; e = next) {
        next = e->next;
        free_entry(e);
    }
    for (s = sections; s; s = snext) {
        snext = s->next;
        free(s->name);
        free(s);
    }
    return 0;
}
