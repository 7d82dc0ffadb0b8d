/* Builds a list and a search tree from a pseudo-random sequence and prints what it
   measured; the numbers depend on every module and on the definitions of the build. */
#include <stdio.h>
#include <pcdemo/structs.h>
#include "pcdemo_config.h"

#ifndef PCDEMO_ROUNDS
#error "PCDEMO_ROUNDS must be defined (by the pcdemo target)"
#endif

static unsigned state = PCDEMO_SEED;

static unsigned next_random(void) {
    state = state * 1103515245u + 12345u;
    return (state >> 8) % 100000u;
}

int main(void) {
    for (int round = 0; round < PCDEMO_ROUNDS; round++) {
        struct item *list = NULL;
        struct tnode *tree = NULL;
        for (int i = 0; i < PCDEMO_LIST_LENGTH + round * 100; i++) {
            unsigned r = next_random();
            list = list_push(list, (int)(r % 1000));
            tree = tree_insert(tree, r % PCDEMO_KEY_RANGE);
        }
        list = list_reverse(list);
        printf("round %d: length %d sum %d first %d depth %d checksum %lu\n", round,
               list_length(list), list_sum(list), list ? list->value : -1,
               tree_depth(tree), tree_checksum(tree, 7));
        list_free(list);
        tree_free(tree);
    }
    return 0;
}
