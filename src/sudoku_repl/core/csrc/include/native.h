/* The native core's base (docs/native.md): Python's API and the numbers the core shares with
 * Python, and its own. The core mirrors the pure engine (core/engine.py, core/filters.py)
 * function for function, under the same names (engine.py's Engine._start is _start() here,
 * filters.grp is grp(), ...). The pure engine's caches (grp's memo, the counts' byte searches)
 * are left out or replaced by what is cheap in C (a bit per unit that may have something for
 * grp); they never change what a move does.
 *
 * The state lives in C arrays. core/native_engine.py's NativeEngine keeps the pure Engine's
 * attributes as well: it pushes them in before a native call and pulls them out after it, so
 * that every pure method (a technique's run mode, a guess answer) works on it unchanged.
 *
 * One concern a file, each with its header in include/ declaring what it gives the files above
 * it; a file includes (and calls) only those below it (tests/architecture/test_c_layers.py),
 * lowest first:
 *
 *   portable.h  the one header that names a compiler's own: bit scans and counts, a 64-bit
 *               product's high half, hints (no file, no Python: the counter builds without it)
 *   pyaccess.h  the one header that reads Python's objects two ways: CPython's macros, or the
 *               limited API's functions (Py_LIMITED_API, the stable ABI) (no file)
 *   native.h    this header: the constants (no function, no type)
 *   bits        the bits of a 9-bit mask (BITS; shared with the explainer's C)
 *   state       the state's types (Core, NFrame), its touched cells and the helpers of the hot
 *               path that change them (touch, recount), whether a Core was made (core_ready)
 *   objects     the Python objects the core makes: events (EMIT), frames, states, small ints
 *   filters     grp and ply
 *   moves       the move machine (advance)
 *   run         many moves a call: the plain run and the silent search
 *   core        the Core type: its tables, push and pull
 *   record      the record's cell questions, and what the moves it drops showed
 *   quiz        the clash test
 *   counting    the solution counter that stops at a limit (counting.py's), on its own board
 *   making      the puzzle makers: the random stream, solution grids, minimal puzzles, the
 *               vicinity (making.py's), on the counter
 *   canonical   a puzzle's canonical form (canonical.py's)
 *   module.c    the module, and the constants it exports for core/native_check.py (no header)
 *
 * Only PyInit__native leaves the shared object: every header marks what it declares hidden
 * (GCC, Clang), so that nothing clashes with a symbol of the interpreter, and calls across
 * files are plain calls. */
#ifndef SUDOKU_REPL_NATIVE_H
#define SUDOKU_REPL_NATIVE_H

#include "pyaccess.h" /* Python.h, and its objects read on the full or the limited API */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "portable.h" /* the compilers' own (bit scans, ...), behind one shim */

/* -- the constants Python shares (module.c exports them; core/native_check.py checks them) -- */

/* event kinds (core/events.py; COMPLETE_K is events.COMPLETE) */
enum { NO_CANDIDATE = 0, WENT_WRONG, COMPLETE_K, REMOVED, CELSET, INCOMPLETE, PLY, GUESS,
       FORWARD, UPWARD, NO_MORE, SOLUTION };
/* statuses, in the order of state.Status (NativeEngine's STATUSES) */
enum { LOADED = 0, SEARCHING, SOLVED, FINISHED, GUESS_DUE, WRONG, N_STATUSES };
/* the kinds of a cell's value events (history.LOST, GOT, PASSING): a code is kind << 4 | value */
enum { LOST = 0, GOT, PASSING };

#define FILLED 10             /* the count of a filled cell (engine.FILLED) */
#define MOVES_PER_SNAPSHOT 128 /* the record's chunk (history.MOVES_PER_SNAPSHOT) */
#define VALUE_SHIFT 9         /* a cell's state in the record: value << 9 | candidates */
#define NOT_WAITING 0xFFFF    /* a drop's cell with no state waiting (layout.NOT_WAITING) */

/* -- the core's own constants ------------------------------------------------------------- */

/* filter results (filters.Result) */
enum { NOTHING = 0, COMPLETE = 1, SHRUNKEN = 2, CONTRADICTION = 3 };

#define FULL 0x1FF

#endif
