/* corpus_dotdot: a counting hash table, its node type here, its code in kv.c (with a
   static hash function) and its use in main.c. See test_inputs_named_with_dotdot in
   tests/test_exec.py. */
#ifndef KV_H
#define KV_H

struct kv {
    int key;
    int count;
    struct kv *next;
};

#define KV_BUCKETS 16

struct kv *kv_bump(struct kv **table, int key);
void kv_clear(struct kv **table);

#endif
