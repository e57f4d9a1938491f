/* A plain C backtracker, the yardstick of bench_native.py: bit masks of the values each row,
 * column and block holds, the empty cell with the fewest candidates first, no other logic.
 * It reads quizzes (81 characters of 0-9 or '.', one a line) on stdin and prints, per quiz,
 * the CPU microseconds to its first solution (the median of ROUNDS runs) and that solution.
 *
 *     cc -O2 -o c_backtracker c_backtracker.c && ./c_backtracker ROUNDS < quizzes.txt
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int row[9], col[9], blk[9], grid[81], empty[81], n_empty;

static int bits(int m) { return __builtin_popcount(m); }

static int search(int depth) {
    if (depth == n_empty)
        return 1;
    int best = -1, best_free = 0, fewest = 10;
    for (int k = depth; k < n_empty; k++) { /* the empty cell with the fewest candidates */
        int i = empty[k];
        int free = 0x1FF & ~(row[i / 9] | col[i % 9] | blk[i / 27 * 3 + i % 9 / 3]);
        int n = bits(free);
        if (n < fewest) {
            fewest = n;
            best = k;
            best_free = free;
            if (n <= 1)
                break;
        }
    }
    if (fewest == 0)
        return 0;
    int t = empty[depth]; /* move it to this depth: the cells past depth are still empty */
    empty[depth] = empty[best];
    empty[best] = t;
    int i = empty[depth], r = i / 9, c = i % 9, b = r / 3 * 3 + c / 3;
    for (int free = best_free; free; free &= free - 1) {
        int bit = free & -free;
        row[r] |= bit, col[c] |= bit, blk[b] |= bit;
        grid[i] = __builtin_ctz(bit) + 1;
        if (search(depth + 1))
            return 1;
        row[r] &= ~bit, col[c] &= ~bit, blk[b] &= ~bit;
    }
    grid[i] = 0;
    empty[best] = empty[depth];
    empty[depth] = t;
    return 0;
}

static int solve(const char *quiz) {
    memset(row, 0, sizeof row), memset(col, 0, sizeof col), memset(blk, 0, sizeof blk);
    n_empty = 0;
    for (int i = 0; i < 81; i++) {
        int v = quiz[i] >= '1' && quiz[i] <= '9' ? quiz[i] - '0' : 0;
        grid[i] = v;
        if (!v) {
            empty[n_empty++] = i;
            continue;
        }
        int bit = 1 << (v - 1), r = i / 9, c = i % 9, b = r / 3 * 3 + c / 3;
        if ((row[r] | col[c] | blk[b]) & bit)
            return 0; /* clashing givens */
        row[r] |= bit, col[c] |= bit, blk[b] |= bit;
    }
    return search(0);
}

static double cpu_us(void) {
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

static int by_value(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv) {
    int rounds = argc > 1 ? atoi(argv[1]) : 5;
    if (rounds < 1 || rounds > 1000)
        rounds = 5;
    double times[1000];
    char line[256];
    while (fgets(line, sizeof line, stdin)) {
        if (strlen(line) < 81)
            continue;
        int solved = 0;
        for (int k = 0; k < rounds; k++) {
            double start = cpu_us();
            solved = solve(line);
            times[k] = cpu_us() - start;
        }
        qsort(times, rounds, sizeof(double), by_value);
        printf("%.2f ", times[rounds / 2]);
        for (int i = 0; i < 81; i++)
            putchar(solved ? '0' + grid[i] : '.');
        putchar('\n');
    }
    return 0;
}
