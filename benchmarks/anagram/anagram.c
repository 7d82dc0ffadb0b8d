/*
 * anagram: a dictionary of words kept in linked structures and searched for anagrams, in
 * the macro-heavy style of classic C (every field is reached through an accessor macro).
 *
 * The dictionary is WORDS pseudo-random words (3 to 10 letters drawn with English-like
 * letter frequencies). Each word is a node of the dictionary's list and of the member
 * list of its anagram class; the classes (one per multiset of letters, keyed by the
 * sorted letters) hang in the chains of a hash table and in a list of their own. Then:
 * QUERIES random words are looked up (how many anagrams each has); every class is
 * checked against a few random phrases for whether its letters fit in the phrase (the
 * classic "which words can be made from these letters" search, with per-class letter
 * counts); and the largest classes are reported. Finally everything is freed.
 *
 * Words are kept packed, 5 bits per letter in a 64-bit integer (a class's key packs the
 * sorted letters), so the nodes hold no strings; words are spelled out only to print.
 *
 * usage: anagram WORDS [QUERIES]
 */
#include <stdio.h>
#include <stdlib.h>

#define MAXLEN 10
#define NLETTERS 26

struct klass;

typedef unsigned long long packed; /* up to 12 letters, 5 bits each, first letter lowest */

struct word {
    packed text;
    unsigned char len;
    struct word *next;        /* dictionary order */
    struct word *sibling;     /* next member of the same class */
    struct klass *cls;
};

struct klass {
    packed key;               /* the letters, sorted */
    unsigned char counts[NLETTERS];
    unsigned members;
    struct word *first;
    struct klass *chain;      /* hash chain */
    struct klass *next;       /* list of all classes */
};

#define W_TEXT(w) ((w)->text)
#define W_LEN(w) ((w)->len)
#define W_NEXT(w) ((w)->next)
#define W_SIBLING(w) ((w)->sibling)
#define W_CLASS(w) ((w)->cls)
#define K_KEY(k) ((k)->key)
#define K_COUNT(k, c) ((k)->counts[(c)])
#define K_MEMBERS(k) ((k)->members)
#define K_FIRST(k) ((k)->first)
#define K_CHAIN(k) ((k)->chain)
#define K_NEXT(k) ((k)->next)

#define NEW(T) ((T *)malloc(sizeof(T)))
#define CHECK(p)                                           \
    do {                                                   \
        if ((p) == NULL) {                                 \
            fprintf(stderr, "anagram: out of memory\n");   \
            exit(1);                                       \
        }                                                  \
    } while (0)
#define PUSH(head, n, LINK)                                \
    do {                                                   \
        LINK(n) = (head);                                  \
        (head) = (n);                                      \
    } while (0)
#define FOR_LIST(it, head, LINK) for ((it) = (head); (it) != NULL; (it) = LINK(it))

struct dict {
    struct word *words;
    struct klass *classes;
    struct klass **table;
    unsigned long table_size;
    long nwords, nclasses;
};

static unsigned long long rng_state = 88172645463325252ULL;

static unsigned rng_next(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (unsigned)(rng_state >> 32);
}

/* letters weighted roughly like English text */
static const char LETTERS[] =
    "eeeeeeeeeeeetttttttttaaaaaaaaoooooooiiiiiiinnnnnnnsssssshhhhhhrrrrrrdddd"
    "lllluuucccmmmwwffggyyppbbvkjxqz";

#define LETTER_AT(p, i) ((unsigned)((p) >> (5 * (i))) & 31u)

static packed random_word(unsigned len)
{
    packed p = 0;
    unsigned i;
    for (i = 0; i < len; i++)
        p |= (packed)(LETTERS[rng_next() % (sizeof LETTERS - 1)] - 'a' + 1) << (5 * i);
    return p;
}

static unsigned word_length(packed p)
{
    unsigned n = 0;
    while (LETTER_AT(p, n) != 0)
        n++;
    return n;
}

/* the letters of p in alphabetical order (a counting sort) */
static packed sort_letters(packed p)
{
    unsigned counts[NLETTERS + 1] = {0};
    unsigned i, c, n = 0;
    packed out = 0;
    for (i = 0; LETTER_AT(p, i) != 0; i++)
        counts[LETTER_AT(p, i)]++;
    for (c = 1; c <= NLETTERS; c++)
        for (i = 0; i < counts[c]; i++, n++)
            out |= (packed)c << (5 * n);
    return out;
}

static void spell(packed p, char *out)
{
    unsigned i;
    for (i = 0; LETTER_AT(p, i) != 0; i++)
        out[i] = (char)('a' + LETTER_AT(p, i) - 1);
    out[i] = '\0';
}

static unsigned long hash_key(packed key)
{
    return (unsigned long)((key * 0x9E3779B97F4A7C15ULL) >> 20);
}

static struct klass *find_class(const struct dict *d, packed key)
{
    struct klass *k;
    FOR_LIST(k, d->table[hash_key(key) % d->table_size], K_CHAIN)
        if (K_KEY(k) == key)
            return k;
    return NULL;
}

static struct klass *class_of(struct dict *d, packed key)
{
    struct klass *k = find_class(d, key);
    unsigned long slot;
    unsigned i;

    if (k != NULL)
        return k;
    k = NEW(struct klass);
    CHECK(k);
    K_KEY(k) = key;
    for (i = 0; i < NLETTERS; i++)
        K_COUNT(k, i) = 0;
    for (i = 0; LETTER_AT(key, i) != 0; i++)
        K_COUNT(k, LETTER_AT(key, i) - 1)++;
    K_MEMBERS(k) = 0;
    K_FIRST(k) = NULL;
    slot = hash_key(key) % d->table_size;
    PUSH(d->table[slot], k, K_CHAIN);
    PUSH(d->classes, k, K_NEXT);
    d->nclasses++;
    return k;
}

static void add_word(struct dict *d, packed text)
{
    struct word *w = NEW(struct word);
    struct klass *k;

    CHECK(w);
    W_TEXT(w) = text;
    W_LEN(w) = (unsigned char)word_length(text);
    k = class_of(d, sort_letters(text));
    W_CLASS(w) = k;
    PUSH(K_FIRST(k), w, W_SIBLING);
    K_MEMBERS(k)++;
    PUSH(d->words, w, W_NEXT);
    d->nwords++;
}

/* how many dictionary words are anagrams of text (other than itself) */
static unsigned anagrams_of(const struct dict *d, packed text)
{
    const struct klass *k = find_class(d, sort_letters(text));
    const struct word *w;
    unsigned n = 0;

    if (k == NULL)
        return 0;
    FOR_LIST(w, K_FIRST(k), W_SIBLING)
        if (W_TEXT(w) != text)
            n++;
    return n;
}

/* words of the dictionary that can be spelled with the letters of phrase */
static unsigned long fitting_words(const struct dict *d, packed phrase,
                                   unsigned long long *hash)
{
    unsigned char have[NLETTERS] = {0};
    const struct klass *k;
    unsigned long n = 0;
    unsigned i;

    for (i = 0; LETTER_AT(phrase, i) != 0; i++)
        have[LETTER_AT(phrase, i) - 1]++;
    FOR_LIST(k, d->classes, K_NEXT) {
        unsigned c;
        for (c = 0; c < NLETTERS; c++)
            if (K_COUNT(k, c) > have[c])
                break;
        if (c == NLETTERS) {
            const struct word *w;
            n += K_MEMBERS(k);
            FOR_LIST(w, K_FIRST(k), W_SIBLING)
                *hash = (*hash ^ W_LEN(w)) * 1099511628211ULL + LETTER_AT(W_TEXT(w), 0);
        }
    }
    return n;
}

int main(int argc, char **argv)
{
    long nwords = argc > 1 ? atol(argv[1]) : 20000;
    long queries = argc > 2 ? atol(argv[2]) : 20000;
    struct dict d = {NULL, NULL, NULL, 0, 0, 0};
    unsigned long long hash = 14695981039346656037ULL, found = 0, fit = 0;
    unsigned best = 0;
    const struct klass *bestk = NULL, *k;
    const struct word *w;
    char largest[MAXLEN + 1];
    long i;

    if (nwords < 1 || queries < 0) {
        fprintf(stderr, "usage: anagram WORDS(>=1) [QUERIES(>=0)]\n");
        return 2;
    }
    d.table_size = (unsigned long)nwords / 2 + 1;
    d.table = calloc(d.table_size, sizeof *d.table);
    CHECK(d.table);
    for (i = 0; i < nwords; i++) {
        unsigned len = 3u + rng_next() % 6u;
        add_word(&d, random_word(len + rng_next() % 3u));
    }
    for (i = 0; i < queries; i++)
        found += anagrams_of(&d, random_word(3u + rng_next() % 4u));
    for (i = 0; i < 8; i++)
        fit += fitting_words(&d, random_word(MAXLEN), &hash);
    FOR_LIST(k, d.classes, K_NEXT) {
        if (K_MEMBERS(k) > best || (K_MEMBERS(k) == best && bestk != NULL &&
                                    K_KEY(k) < K_KEY(bestk))) {
            best = K_MEMBERS(k);
            bestk = k;
        }
    }
    /* the dictionary in order, hashed through the classes */
    FOR_LIST(w, d.words, W_NEXT)
        hash = (hash ^ K_MEMBERS(W_CLASS(w))) * 1099511628211ULL +
               LETTER_AT(W_TEXT(w), W_LEN(w) - 1);
    spell(bestk ? K_KEY(bestk) : 0, largest);
    printf("anagram words=%ld classes=%ld found=%llu fit=%llu largest=%s(%u) hash=%016llx\n",
           d.nwords, d.nclasses, found, fit, largest, best, hash);
    while (d.words != NULL) {
        struct word *nx = W_NEXT(d.words);
        free(d.words);
        d.words = nx;
    }
    while (d.classes != NULL) {
        struct klass *nx = K_NEXT(d.classes);
        free(d.classes);
        d.classes = nx;
    }
    free(d.table);
    return 0;
}
