/* The native core's counter (core/csrc/counting.c) and the compilers' shim (portable.h) alone,
 * without Python: a program the tests build for this machine and for WebAssembly (wasm32-wasi,
 * a 32-bit target) and run on the same lines, to see that the C gives the same answers on 32-
 * and 64-bit targets, with the builtins and with the plain C (tests/core/test_portable_c.py).
 *
 * One answer line for each line of stdin:
 *
 *   count LIMIT PUZZLE     ->  SOLUTIONS GUESSES   (the count up to LIMIT, and the guesses the
 *                                                   search made; PUZZLE: 81 of 0-9 or .)
 *   bits X Y               ->  CTZ64 CLZ32 POPCOUNT64 MULHIGH64 CTZ32
 *                              (X, Y: 64-bit hexadecimal, X nonzero; CLZ32 and CTZ32 of X's
 *                              low 32 bits, -1 when they are 0; MULHIGH64: X * Y's high half)
 *
 * A line it cannot read: "error" (and it goes on). */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "counting.h"

static void count_line(const char *rest) {
    long long limit;
    char puzzle[128];
    unsigned char cells[81];
    if (sscanf(rest, "%lld %127s", &limit, puzzle) != 2 || limit < 1 || strlen(puzzle) != 81) {
        puts("error");
        return;
    }
    for (int i = 0; i < 81; i++) {
        char ch = puzzle[i];
        if (ch == '.')
            ch = '0';
        if (ch < '0' || ch > '9') {
            puts("error");
            return;
        }
        cells[i] = (unsigned char)(ch - '0');
    }
    int64_t guesses = 0;
    int64_t found = count_grid_guessing(cells, (int64_t)limit, &guesses);
    printf("%" PRId64 " %" PRId64 "\n", found, guesses);
}

static void bits_line(const char *rest) {
    uint64_t x, y;
    if (sscanf(rest, "%" SCNx64 " %" SCNx64, &x, &y) != 2 || !x) {
        puts("error");
        return;
    }
    uint32_t low = (uint32_t)x;
    printf("%d %d %d %" PRIx64 " %d\n", ctz64(x), low ? clz32(low) : -1, popcount64(x),
           mul_high64(x, y), low ? ctz32(low) : -1);
}

int main(void) {
    char line[256];
    while (fgets(line, sizeof line, stdin)) {
        if (!strncmp(line, "count ", 6))
            count_line(line + 6);
        else if (!strncmp(line, "bits ", 5))
            bits_line(line + 5);
        else if (line[0] != '\n')
            puts("error");
    }
    return 0;
}
