/* Modelled libc string and stdio functions: nothing escapes, strdup allocates. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct entry {
    char *key; /* offset 0 */
    int count;
};

int main(int argc, char **argv) {
    struct entry *e = malloc(sizeof *e); // @e
    e->key = strdup(argc > 1 ? argv[1] : "none"); // @dup
    e->count = (int)strlen(e->key);
    char *copy = malloc(strlen(e->key) + 1); // @copy
    strcpy(copy, e->key);
    if (strcmp(copy, e->key) == 0)
        printf("%s %d\n", copy, e->count);
    size_t n = strlen(copy);
    free(copy);
    free(e->key);
    free(e);
    return (int)n;
}
