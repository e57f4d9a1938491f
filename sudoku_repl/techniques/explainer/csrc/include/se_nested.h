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
/* the module function se_memo: a rating's memo of the nested rules' findings */
PyObject *se_memo(PyObject *self, PyObject *args);

#if defined(__GNUC__)
#pragma GCC visibility pop
#endif

#endif
