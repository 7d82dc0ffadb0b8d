/* Helper of corpus_dotdot_source.c: the node type and a static inline hash, as a library
   header (klib's kstring.h, kmath.c) holds them. The test gives this file to ptrcomp as a
   second input named through "..": "../exec/corpus_dotdot_source.h". */
#ifndef CORPUS_DOTDOT_SOURCE_H
#define CORPUS_DOTDOT_SOURCE_H

struct kv {
    int key;
    int count;
    struct kv *next;
};

#define KV_BUCKETS 16

static inline unsigned kv_hash(int key) {
    return ((unsigned)key * 2654435761u) >> 28;
}

#endif
