/* Shared by every file of the program: the two linked structures and their functions. */
#ifndef PCDEMO_STRUCTS_H
#define PCDEMO_STRUCTS_H

#ifndef PCDEMO_KEY_RANGE
#error "PCDEMO_KEY_RANGE must be defined (by the pcdemo_structs target)"
#endif

struct item {
    int value;
    struct item *next;
};

struct tnode {
    unsigned key;
    int count;
    struct tnode *left;
    struct tnode *right;
};

struct item *list_push(struct item *head, int value);
int list_sum(const struct item *head);
int list_length(const struct item *head);
struct item *list_reverse(struct item *head);
void list_free(struct item *head);

struct tnode *tree_insert(struct tnode *root, unsigned key);
int tree_depth(const struct tnode *root);
unsigned long tree_checksum(const struct tnode *root, unsigned long acc);
void tree_free(struct tnode *root);

#endif
