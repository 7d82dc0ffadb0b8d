struct item {
    long v;
    struct item *next;
};

long hook_weight(const struct item *it);
void hook_report(const struct item *list);
