/* The paper's example (Figure 4): one builder and one measuring function called for two
   lists with different fates. List A is type-safe and gets 32-bit indices; list B is also
   written as bytes, so its layout must stay as it is (pointers at most as 64-bit indices
   in place). Clones of MakeList/Length serve both. */
// ARGS: 300
// EXPECT: {"type": "struct list", "owner": "Testlists", "indexed": true, "compressed": true, "index_bits": 32}
// EXPECT: {"type": "struct list", "owner": "Testlists", "compressed": false, "reason": "char"}
#include <stdio.h>
#include <stdlib.h>

struct list {
    int X;
    struct list *Next;
};

struct list *MakeList(int N) {
    struct list *Result = NULL;
    for (int i = 0; i != N; ++i) {
        struct list *Node = (struct list *)malloc(sizeof(struct list));
        Node->Next = Result;
        Node->X = i + 'A';
        Result = Node;
    }
    return Result;
}

int Length(struct list *L) {
    if (L == NULL)
        return 0;
    return Length(L->Next) + 1;
}

long Sum(struct list *L) {
    long s = 0;
    for (; L; L = L->Next)
        s += L->X;
    return s;
}

void FreeList(struct list *L) {
    while (L) {
        struct list *Next = L->Next;
        free(L);
        L = Next;
    }
}

int Testlists(int n) {
    struct list *A = MakeList(n);
    struct list *B = MakeList(n / 5 + 2);
    int Len = Length(A) + Length(B);
    ((char *)B)[0] = 'c';
    ((char *)B->Next)[1] = 0;
    printf("A: len=%d sum=%ld first=%d\n", Length(A), Sum(A), A ? A->X : 0);
    printf("B: len=%d sum=%ld first=%d\n", Length(B), Sum(B), B->X);
    FreeList(A);
    FreeList(B);
    return Len;
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 100;
    printf("%d\n", Testlists(n));
    printf("%d\n", Testlists(n / 2));
    return 0;
}
