/* tests/test_exec.py test_line_numbers_in_a_header: the header's lines keep their
   numbers and its name after the lines ptrcomp inserts there. */
#include <stdlib.h>

#include "walk.h"

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 12;
    struct item *l = NULL;
    for (int i = 0; i < n; i++) {
        struct item *it = malloc(sizeof *it);
        it->v = i * 7;
        it->next = l;
        l = it;
    }
    printf("%s: %s line %d, after the clone %d\n", __FILE__, header_file(), header_line(),
           after_clone());
    printf("length %d, total %d\n", list_len(l), total(l));
    printf("%s at line %d\n", __FILE__, __LINE__);
    while (l) {
        struct item *next = l->next;
        free(l);
        l = next;
    }
    return 0;
}
