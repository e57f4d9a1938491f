/* The Core type (core.c): a geometry's tables and an engine's state, push, pull, advance. */
#ifndef SUDOKU_REPL_CORE_H
#define SUDOKU_REPL_CORE_H

#include "native.h"

#if defined(__GNUC__)
#pragma GCC visibility push(hidden)
#endif

extern PyTypeObject CoreType;

#if defined(__GNUC__)
#pragma GCC visibility pop
#endif

#endif
