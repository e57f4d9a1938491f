/* The unavoidable sets of a complete grid (include/unavoidable.h says which): the swap sets of
 * two values and the line sets of two rows or two columns. */
#include "unavoidable.h"

#include <string.h>

/* a cell's box */
#define BOX_OF(c) ((c) / 27 * 3 + (c) % 9 / 3)

/* the line sets of the lines l and m (0-8: rows, 9-17: columns) of solution, into w */
static void line_sets(const unsigned char *solution, SwapSets *w, int l, int m) {
    int at[9], where[10], seen = 0; /* at[x]: line l's cell x; where[v]: x where m holds v */
    for (int x = 0; x < 9; x++) {
        at[x] = l < 9 ? 9 * l + x : 9 * x + l - 9;
        where[solution[m < 9 ? 9 * m + x : 9 * x + m - 9]] = x;
    }
    int other = m - l; /* (line m's cell x: at[x] + 9 * other rows apart, other columns) */
    int step = l < 9 ? 9 * other : other;
    for (int x = 0; x < 9; x++) {
        if (seen >> x & 1)
            continue;
        uint64_t part[2] = {0, 0};
        int length = 0, cycle[9]; /* (its places along the lines, as walked) */
        for (int y = x; !(seen >> y & 1); y = where[solution[at[y]]]) {
            seen |= 1 << y;
            cycle[length++] = y;
            int a = at[y], b = a + step;
            part[a >> 6] |= 1ULL << (a & 63);
            part[b >> 6] |= 1ULL << (b & 63);
        }
        if (length < 3)
            continue;
        for (int n = 0; n < length; n++) {
            int a = at[cycle[n]], b = a + step;
            for (int e = a, k = 0; k < 2; e = b, k++) {
                w->line[e][w->lines[e]][0] = part[0];
                w->line[e][w->lines[e]++][1] = part[1];
            }
        }
    }
}

/* the cells c, c + step, c + 2 * step and their images ``other`` cells on (a minirow and
 * another line's cells on its columns, or a mini-column and its rows'), into w's line sets */
static void minirow_set(SwapSets *w, int c, int step, int other) {
    uint64_t part[2] = {0, 0};
    for (int k = 0; k < 3; k++)
        for (int e = c + k * step, n = 0; n < 2; e += other, n++)
            part[e >> 6] |= 1ULL << (e & 63);
    for (int k = 0; k < 3; k++)
        for (int e = c + k * step, n = 0; n < 2; e += other, n++) {
            w->line[e][w->lines[e]][0] = part[0];
            w->line[e][w->lines[e]++][1] = part[1];
        }
}

/* the line sets of two lines of different bands (stacks), into w (after line_sets) */
static void minirow_sets(const unsigned char *solution, SwapSets *w) {
    unsigned row_held[9][3] = {{0}}, column_held[9][3] = {{0}}; /* (a minirow's values) */
    for (int c = 0; c < 81; c++) {
        row_held[c / 9][c % 9 / 3] |= 1u << solution[c];
        column_held[c % 9][c / 27] |= 1u << solution[c];
    }
    for (int l = 0; l < 6; l++) /* (the line of a band or stack before the other's) */
        for (int m = 3 * (l / 3 + 1); m < 9; m++)
            for (int k = 0; k < 3; k++) {
                if (row_held[l][k] == row_held[m][k])
                    minirow_set(w, 9 * l + 3 * k, 1, 9 * (m - l));
                if (column_held[l][k] == column_held[m][k])
                    minirow_set(w, 27 * k + l, 9, m - l);
            }
}

/* one value's cells (``cells``: its cell in each row) of ``rows`` (a bit a row), into ``part`` */
static void rows_cells(const int *cells, unsigned rows, uint64_t part[2]) {
    for (; rows; rows &= rows - 1) {
        int cell = cells[ctz32(rows)];
        part[cell >> 6] |= 1ULL << (cell & 63);
    }
}

/* ``part``, the swap set with value ``with`` of each of one value's cells of ``rows`` */
static void rows_set(SwapSets *w, const int *cells, unsigned rows, int with,
                     const uint64_t part[2]) {
    for (; rows; rows &= rows - 1) {
        int cell = cells[ctz32(rows)];
        w->set[cell][with][0] = part[0], w->set[cell][with][1] = part[1];
    }
}

/* the swap sets of ``solution``; 0 unless it is a complete grid (each value once a unit) */
int swap_sets(const unsigned char *solution, SwapSets *w) {
    int at[10][3][9]; /* value v's cell in row, column, box k */
    memset(at, 0xFF, sizeof at);
    for (int c = 0; c < 81; c++) {
        int v = solution[c];
        if (!v || at[v][0][c / 9] >= 0 || at[v][1][c % 9] >= 0 || at[v][2][BOX_OF(c)] >= 0)
            return 0; /* (not a complete grid: nothing is known of its puzzles) */
        at[v][0][c / 9] = c;
        at[v][1][c % 9] = c;
        at[v][2][BOX_OF(c)] = c;
    }
    /* by value: the column and box of its cell in each row, and its row (a bit) in each column
     * and box */
    unsigned char column_of[10][9], box_in[10][9];
    uint64_t every[10][2] = {{0}}; /* a value's cells */
    unsigned row_by_column[10][9], row_by_box[10][9];
    for (int v = 1; v <= 9; v++)
        for (int k = 0; k < 9; k++) {
            column_of[v][k] = (unsigned char)(at[v][0][k] % 9);
            box_in[v][k] = (unsigned char)BOX_OF(at[v][0][k]);
            row_by_column[v][k] = 1u << (at[v][1][k] / 9);
            row_by_box[v][k] = 1u << (at[v][2][k] / 9);
            every[v][at[v][0][k] >> 6] |= 1ULL << (at[v][0][k] & 63);
        }
    for (int a = 1; a <= 9; a++)
        for (int b = a + 1; b <= 9; b++) {
            /* a's cell of row r joins b's cells of its row, column and box, and b's cell of
             * row r joins a's of its row: the parts are those of the rows' graph (both values'
             * cells of the part's rows) where a row joins the rows of those b cells. Row r
             * goes to b's row in the column of a's cell, and to b's row in its box: each a
             * map of the nine rows onto themselves (a's columns and boxes are all different),
             * so a part is the rows the two maps reach from any of its rows, forward alone */
            unsigned joins[9];
            for (int r = 0; r < 9; r++)
                joins[r] = row_by_column[b][column_of[a][r]] | row_by_box[b][box_in[a][r]];
            for (unsigned left = 0x1FF; left;) {
                unsigned rows = left & (0u - left), next = rows;
                while (next) { /* (each row of the part visited once) */
                    unsigned reached = joins[ctz32(next)] & ~rows;
                    next = (next & (next - 1)) | reached;
                    rows |= reached;
                }
                left &= ~rows;
                uint64_t part[2] = {0, 0};
                if (rows == 0x1FF) { /* (most often one part: every cell of both values) */
                    part[0] = every[a][0] | every[b][0];
                    part[1] = every[a][1] | every[b][1];
                } else {
                    rows_cells(at[a][0], rows, part);
                    rows_cells(at[b][0], rows, part);
                }
                rows_set(w, at[a][0], rows, b, part);
                rows_set(w, at[b][0], rows, a, part);
            }
        }
    memset(w->lines, 0, sizeof w->lines);
    for (int band = 0; band < 3; band++)
        for (int i = 0; i < 3; i++)
            for (int j = i + 1; j < 3; j++) {
                line_sets(solution, w, 3 * band + i, 3 * band + j);         /* rows */
                line_sets(solution, w, 9 + 3 * band + i, 9 + 3 * band + j); /* columns */
            }
    minirow_sets(solution, w);
    return 1;
}

int empties_a_swap_set(const SwapSets *w, const unsigned char *solution, const uint64_t held[2],
                       int cell) {
    for (int b = 1; b <= 9; b++)
        if (b != solution[cell] && !(w->set[cell][b][0] & held[0]) &&
            !(w->set[cell][b][1] & held[1]))
            return 1;
    for (int k = 0; k < w->lines[cell]; k++)
        if (!(w->line[cell][k][0] & held[0]) && !(w->line[cell][k][1] & held[1]))
            return 1;
    return 0;
}
