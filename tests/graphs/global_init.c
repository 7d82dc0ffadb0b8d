/* Globals with initializers: pointers to other globals, a self-referential global struct,
   an array of string literals. All in the globals graph, all G. */
struct list {
    int x;
    struct list *next;
};

int g_val = 5;
int *g_ptr = &g_val;
struct list g_head = { 0, &g_head };
struct list g_tail = { 9, 0 };
struct list g_first = { 1, &g_tail };
char *g_names[] = { "ab", "cd" };

int main(void) {
    int *p = g_ptr;
    return *p + g_head.next->x + g_first.next->x + g_names[1][0];
}
