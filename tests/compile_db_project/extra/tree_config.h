/* Found only through -Iextra, which only tree.c is compiled with. */
#define TREE_KEY_STEP 7
#define TREE_KEY_MOD 1009
