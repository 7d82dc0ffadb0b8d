/* Globals, a macro and locals whose names are those ptrcomp would give its pools (P_h,
   P_h_base, P_list, P_0): the pools and their parameters take other names, so main still
   prints its own P_h (a local pool P_h once hid it, and printf got the pool). */
// EXPECT: {"type": "struct node", "owner": "main", "compressed": true}
#include <stdio.h>
#include <stdlib.h>

struct node {
    struct node *left, *right;
    int key;
};

int P_h = 7;
static long P_h_base = 11;
#define P_list 13

static int depth(const struct node *list) {
    int P_0 = 1;
    if (!list)
        return 0;
    int l = depth(list->left), r = depth(list->right);
    return P_0 + (l > r ? l : r) + 0 * P_list;
}

static struct node *insert(struct node *list, int key) {
    if (!list) {
        list = malloc(sizeof *list);
        if (!list)
            exit(2);
        list->left = list->right = NULL;
        list->key = key;
    } else if (key < list->key) {
        list->left = insert(list->left, key);
    } else {
        list->right = insert(list->right, key);
    }
    return list;
}

static void release(struct node *list) {
    if (list) {
        release(list->left);
        release(list->right);
        free(list);
    }
}

int main(void) {
    struct node *h = NULL;
    for (int i = 0; i < 64; i++)
        h = insert(h, (i * 29) % 67);
    printf("P_h %d, P_h_base %ld, P_list %d, depth %d, root %d\n", P_h, P_h_base, P_list,
           depth(h), h->key);
    release(h);
    return 0;
}
