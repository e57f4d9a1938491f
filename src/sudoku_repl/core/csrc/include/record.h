/* The record's cell questions and what the moves a record drops showed (record.c): module
 * functions. */
#ifndef SUDOKU_REPL_RECORD_H
#define SUDOKU_REPL_RECORD_H

#include "native.h"

#if defined(__GNUC__)
#pragma GCC visibility push(hidden)
#endif

PyObject *cell_track(PyObject *self, PyObject *args);
PyObject *value_events(PyObject *self, PyObject *args);
PyObject *removal_steps(PyObject *self, PyObject *args);
PyObject *drop_scan(PyObject *self, PyObject *args);

#if defined(__GNUC__)
#pragma GCC visibility pop
#endif

#endif
