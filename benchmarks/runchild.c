/*
 * runchild: run a program and report its wall time and its own peak RSS.
 *
 * run.py cannot take ru_maxrss from a child it forks itself: Linux keeps a process's
 * RSS high-water mark across exec, so every child of the Python harness would report
 * at least the harness's own size. This launcher is a small C process; its child's
 * high-water mark starts from the launcher's footprint (about a megabyte).
 *
 * usage: runchild RESULTFILE PROGRAM [ARGS...]
 * Writes "exit=<code or -signal> maxrss_kb=<n> seconds=<wall time>" to RESULTFILE.
 * The program's stdin, stdout and stderr are inherited.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv)
{
    struct timespec t0, t1;
    struct rusage ru;
    int status, code;
    pid_t pid;
    FILE *out;

    if (argc < 3) {
        fprintf(stderr, "usage: runchild RESULTFILE PROGRAM [ARGS...]\n");
        return 2;
    }
    clock_gettime(CLOCK_MONOTONIC, &t0);
    pid = fork();
    if (pid < 0) {
        perror("runchild: fork");
        return 2;
    }
    if (pid == 0) {
        execvp(argv[2], argv + 2);
        perror("runchild: exec");
        _exit(127);
    }
    if (wait4(pid, &status, 0, &ru) < 0) {
        perror("runchild: wait4");
        return 2;
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    code = WIFEXITED(status) ? WEXITSTATUS(status) : WIFSIGNALED(status) ? -WTERMSIG(status) : -1;
    out = fopen(argv[1], "w");
    if (out == NULL) {
        perror("runchild: result file");
        return 2;
    }
    fprintf(out, "exit=%d maxrss_kb=%ld seconds=%.6f\n", code, (long)ru.ru_maxrss,
            (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9);
    fclose(out);
    return 0;
}
