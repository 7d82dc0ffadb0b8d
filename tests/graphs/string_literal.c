/* String literals are global (G) char objects; a local char array is a stack (S) char node. */
const char *greeting = "hello";

int main(int argc, char **argv) {
    (void)argv;
    char *s = "abc";
    const char *t = argc > 1 ? "x" : "yz";
    char buf[8];
    char *w = buf;
    int n = 0;
    while (s[n])
        n++;
    w[0] = 'q';
    w[1] = 0;
    return n + t[0] + greeting[1] + buf[0];
}
