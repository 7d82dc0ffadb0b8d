/* Writing a struct object as bytes through a char pointer collapses its node; a plain char
   buffer accessed as char stays typed. */
#include <stdlib.h>

struct rec {
    int id;
    struct rec *next;
};

int main(void) {
    struct rec *good = malloc(sizeof *good); // @good
    struct rec *bad = malloc(sizeof *bad); // @bad
    good->id = 1;
    good->next = good;
    bad->id = 2;
    bad->next = bad;
    unsigned char *bytes = (unsigned char *)bad;
    bytes[1] = 0xff; // @poke
    char *name = malloc(16); // @name
    name[0] = 'a';
    name[1] = 0;
    return good->id + bad->id + name[0] + good->next->id;
}
