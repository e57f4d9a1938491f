/* The move machine of core/engine.py (moves.c): one move a call of advance(). */
#ifndef SUDOKU_REPL_MOVES_H
#define SUDOKU_REPL_MOVES_H

#include "state.h"

#if defined(__GNUC__)
#pragma GCC visibility push(hidden)
#endif

void frame_forget(NFrame *f);
int push_frame(Core *c);
void advance(Core *c, int run_mode);

#if defined(__GNUC__)
#pragma GCC visibility pop
#endif

#endif
