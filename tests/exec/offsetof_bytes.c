/* Bytes of a field read and written through (unsigned char *)p + offsetof(T, field): the
   struct starts with an unsigned char array, so the char arithmetic must not be taken for
   a walk inside that array. The move to the field crosses the next pointer (and the list
   is accessed as bytes at another member), so it keeps its layout (64-bit indices), like
   the paper's list B. A second list measures bytes
   between two places of its char array member: the analysis cannot tell that from bytes
   between two nodes of an array (both are the same place of one node), which a new
   layout would change, so it keeps its layout too. */
// ARGS: 300
// EXPECT: {"type": "struct rec", "owner": "main", "indexed": true, "compressed": false, "index_bits": 64, "reason": "crosses a pointer member, whose size a new layout would change"}
// EXPECT: {"type": "struct plain", "owner": "main", "indexed": true, "compressed": false, "index_bits": 64, "reason": "the bytes between two places in it are measured at offsetof_bytes.c:54:41"}
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

struct rec {
    unsigned char tag[2];
    unsigned char flag;
    struct rec *next;
    unsigned key;
};

struct plain {
    unsigned char tag[2];
    struct plain *next;
    unsigned key;
};

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 100;
    struct rec *recs = NULL;
    struct plain *plains = NULL;
    for (int i = 0; i < n; i++) {
        struct rec *r = calloc(1, sizeof *r);
        r->key = (unsigned)i * 2654435761u;
        r->tag[1] = (unsigned char)i;
        r->next = recs;
        recs = r;
        struct plain *p = calloc(1, sizeof *p);
        p->key = (unsigned)i * 40503u;
        p->tag[0] = (unsigned char)(i * 3);
        p->next = plains;
        plains = p;
    }
    unsigned h = 0;
    for (struct rec *r = recs; r; r = r->next) {
        unsigned char *k = (unsigned char *)r + offsetof(struct rec, key);
        h = h * 31u + k[3];
        k[0] = (unsigned char)(h & 0x7f);
        h ^= r->key + r->tag[1];
    }
    for (struct plain *p = plains; p; p = p->next) {
        unsigned char *t = p->tag;
        h = h * 17u + t[1] + (unsigned)((unsigned char *)p->tag + 1 - t) + p->key % 97u;
    }
    printf("h=%u\n", h);
    while (recs) {
        struct rec *next = recs->next;
        free(recs);
        recs = next;
    }
    while (plains) {
        struct plain *next = plains->next;
        free(plains);
        plains = next;
    }
    return 0;
}
