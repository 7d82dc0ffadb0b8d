/* fwrite/fread and write/read of nodes: the bytes leave the program in the original
   layout, so the node's layout must stay (read/write cover their second argument, the
   buffer, not the file descriptor). */
// ARGS: 50
// EXPECT: {"type": "struct rec", "owner": "main", "compressed": false, "reason": "accessed as char at bytes_io.c:32:9"}
// EXPECT: {"type": "struct blob", "pooled": false, "reason": "accessed as char at bytes_io.c:47:9"}
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct rec {
    int id;
    struct rec *next;
};

struct blob {
    long payload;
    struct blob *next;
};

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 10;
    FILE *f = tmpfile();
    if (!f)
        return 1;
    struct rec *head = NULL;
    for (int i = 0; i < n; i++) {
        struct rec *r = malloc(sizeof *r);
        r->id = i * 3;
        r->next = head;
        fwrite(r, sizeof *r, 1, f);
        head = r;
    }
    rewind(f);
    long s = 0;
    struct rec tmp;
    while (fread(&tmp, sizeof tmp, 1, f) == 1)
        s += tmp.id;
    fclose(f);
    int fds[2];
    if (pipe(fds) != 0)
        return 1;
    struct blob *b = malloc(sizeof *b), *c = malloc(sizeof *c);
    b->payload = 1234;
    b->next = c;
    if (write(fds[1], b, sizeof *b) != (ssize_t)sizeof *b)
        return 1;
    if (read(fds[0], c, sizeof *c) != (ssize_t)sizeof *c)
        return 1;
    printf("%ld %ld\n", s, c->payload);
    close(fds[0]);
    close(fds[1]);
    free(b);
    free(c);
    while (head) {
        struct rec *next = head->next;
        free(head);
        head = next;
    }
    return 0;
}
