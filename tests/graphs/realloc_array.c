/* Arrays grown with realloc: the realloc'd block is the same node as the original one;
   an array of pointers has the pointer type as its element type. */
#include <stdlib.h>

struct rec {
    int id;
    char *name;
};

int main(void) {
    struct rec **tab = NULL;
    int *nums = malloc(4 * sizeof *nums); // @nums
    size_t cap = 4;
    size_t tcap = 0;
    for (int i = 0; i < 20; i++) {
        if ((size_t)i >= tcap) {
            tcap = tcap ? tcap * 2 : 4;
            tab = realloc(tab, tcap * sizeof *tab); // @tab
        }
        if ((size_t)i >= cap) {
            cap *= 2;
            nums = realloc(nums, cap * sizeof *nums); // @nums2
        }
        tab[i] = malloc(sizeof **tab); // @rec
        tab[i]->id = i;
        tab[i]->name = NULL;
        nums[i] = i;
    }
    int s = tab[7]->id + nums[19];
    for (int i = 0; i < 20; i++)
        free(tab[i]);
    free(tab);
    free(nums);
    return s;
}
