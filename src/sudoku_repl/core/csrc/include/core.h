/* The Core type (core.c): a geometry's tables and an engine's state, push, pull, advance. */
#ifndef SUDOKU_REPL_CORE_H
#define SUDOKU_REPL_CORE_H

#include "native.h"

#if defined(__GNUC__)
#pragma GCC visibility push(hidden)
#endif

extern PyTypeObject *CoreType; /* set by core_type_ready */

/* the Core type made, once (0), or -1 with an exception */
int core_type_ready(void);

#if defined(__GNUC__)
#pragma GCC visibility pop
#endif

#endif
