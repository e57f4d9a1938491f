/* The nested rules of forcing chains at levels 2 and up (se_nested.c: NestedRules), and
 * the module function se_chainer, the forcing chains of every level */
#ifndef SUDOKU_REPL_SE_NESTED_H
#define SUDOKU_REPL_SE_NESTED_H

#include "se_forcing.h"
#include "se_cycles.h"

#if defined(__GNUC__)
#pragma GCC visibility push(hidden)
#endif

/* the module function se_chainer */
PyObject *se_chainer(PyObject *self, PyObject *args);
/* a context set for forcing.Chainer(multiple, dynamic, nishio, level) (level 4: over nested
 * dynamic chains of level ``nesting``), its nested rules' findings kept in ``memo`` (a
 * rating's) or, NULL, its own */
void se_chainer_setup(SeCtx *x, int multiple, int dynamic, int nishio, int level, int nesting,
                      SeMemo *memo);

#if defined(__GNUC__)
#pragma GCC visibility pop
#endif

#endif
