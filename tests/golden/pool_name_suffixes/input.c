/* Pools are named after the variable that points to their structure in the owner:
   several owners with a variable of the same name give P_list, P_list_2, P_list_3, ...,
   and a variable whose own name ends in such a suffix (list_2) gets the next free name
   of its own base. Each owner builds, sums and frees its own list. */
#include <stdio.h>
#include <stdlib.h>

struct node {
    int value;
    struct node *next;
};

static struct node *push(struct node *head, int value) {
    struct node *n = malloc(sizeof *n);
    if (!n)
        exit(1);
    n->value = value;
    n->next = head;
    return n;
}

static long drain(struct node *head) {
    long sum = 0;
    while (head) {
        struct node *next = head->next;
        sum += head->value;
        free(head);
        head = next;
    }
    return sum;
}

static long first(int n) {
    struct node *list = NULL;
    for (int i = 0; i < n; i++)
        list = push(list, i);
    return drain(list);
}

static long second(int n) {
    struct node *list = NULL;
    for (int i = 0; i < n; i++)
        list = push(list, 2 * i);
    return drain(list);
}

static long third(int n) {
    struct node *list_2 = NULL;
    for (int i = 0; i < n; i++)
        list_2 = push(list_2, 3 * i);
    return drain(list_2);
}

static long fourth(int n) {
    struct node *list = NULL;
    for (int i = 0; i < n; i++)
        list = push(list, 4 * i);
    return drain(list);
}

int main(void) {
    printf("%ld %ld %ld %ld\n", first(10), second(20), third(30), fourth(40));
    return 0;
}
