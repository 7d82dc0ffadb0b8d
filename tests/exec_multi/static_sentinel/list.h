struct node { int key; struct node *next; };
struct node *list_head(void);
void list_add(int k);
void list_clear(void);
