/* A list of records holding strings from strdup and snprintf'd buffers: the char arrays are
   heap objects that are not structs (their pointers stay pointers, and libc string
   functions read them), while the records themselves are compressed. */
// EXPECT: {"type": "struct person", "owner": "main", "indexed": true, "compressed": true, "index_bits": 32}
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct person {
    char *name;
    int age;
    struct person *next;
};

static unsigned long long seed = 1999;

static unsigned lcg(void) {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return (unsigned)(seed >> 33);
}

static const char *const syllables[] = {"ka", "lo", "mi", "ne", "ru", "ta", "vo", "zi"};

static struct person *insert_by_name(struct person *head, struct person *p) {
    if (!head || strcmp(p->name, head->name) < 0) {
        p->next = head;
        return p;
    }
    struct person *q = head;
    while (q->next && strcmp(q->next->name, p->name) <= 0)
        q = q->next;
    p->next = q->next;
    q->next = p;
    return head;
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 600;
    struct person *people = NULL;
    char buf[32];
    for (int i = 0; i < n; i++) {
        int len = 0;
        int parts = 2 + (int)(lcg() % 3);
        for (int k = 0; k < parts; k++)
            len += snprintf(buf + len, sizeof buf - (size_t)len, "%s", syllables[lcg() % 8]);
        struct person *p = malloc(sizeof *p);
        p->name = strdup(buf);
        p->age = (int)(lcg() % 90);
        people = insert_by_name(people, p);
    }
    size_t chars = 0;
    long ages = 0;
    int dups = 0;
    for (struct person *p = people; p; p = p->next) {
        chars += strlen(p->name);
        ages += p->age;
        if (p->next && strcmp(p->name, p->next->name) == 0)
            dups++;
    }
    printf("first=%s last=", people->name);
    struct person *last = people;
    while (last->next)
        last = last->next;
    printf("%s chars=%zu ages=%ld dups=%d\n", last->name, chars, ages, dups);
    while (people) {
        struct person *next = people->next;
        free(people->name);
        free(people);
        people = next;
    }
    return 0;
}
