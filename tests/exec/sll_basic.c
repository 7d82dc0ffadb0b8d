/* Singly linked list: build, reverse, sum, remove odd keys, free. The list lives in main
   only, so it gets main's pool and 32-bit indices. */
// ARGS: 2000
// EXPECT: {"type": "struct node", "owner": "main", "indexed": true, "compressed": true, "index_bits": 32}
#include <stdio.h>
#include <stdlib.h>

struct node {
    int key;
    struct node *next;
};

static unsigned long long seed = 42;

static unsigned lcg(void) {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return (unsigned)(seed >> 33);
}

static struct node *push(struct node *head, int key) {
    struct node *n = malloc(sizeof(struct node));
    n->key = key;
    n->next = head;
    return n;
}

static struct node *reverse(struct node *head) {
    struct node *prev = NULL;
    while (head != NULL) {
        struct node *next = head->next;
        head->next = prev;
        prev = head;
        head = next;
    }
    return prev;
}

static unsigned sum(const struct node *p) {
    unsigned s = 0;
    for (; p; p = p->next)
        s = s * 31u + (unsigned)p->key;
    return s;
}

static struct node *remove_odd(struct node *head) {
    while (head && (head->key & 1)) {
        struct node *dead = head;
        head = head->next;
        free(dead);
    }
    for (struct node *p = head; p && p->next;) {
        if (p->next->key & 1) {
            struct node *dead = p->next;
            p->next = dead->next;
            free(dead);
        } else {
            p = p->next;
        }
    }
    return head;
}

static int length(const struct node *p) {
    int n = 0;
    while (p) {
        n++;
        p = p->next;
    }
    return n;
}

static void free_list(struct node *p) {
    while (p) {
        struct node *next = p->next;
        free(p);
        p = next;
    }
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 1000;
    struct node *list = NULL;
    for (int i = 0; i < n; i++)
        list = push(list, (int)(lcg() % 10000));
    printf("len=%d sum=%u first=%d\n", length(list), sum(list), list ? list->key : -1);
    list = reverse(list);
    printf("reversed sum=%u first=%d\n", sum(list), list ? list->key : -1);
    list = remove_odd(list);
    printf("even len=%d sum=%u\n", length(list), sum(list));
    free_list(list);
    return 0;
}
