/* The module sudoku_repl.techniques.explainer._native: Sudoku Explainer's C (the chain search,
 * aligned exclusion, the ladder below the chains and the rating's loop), an extension of its
 * own beside the core's (setup.py), so that the solver core's C reaches nothing of the
 * techniques above it. explainer/native.py is its door. */
#include "se_exclusion.h"
#include "se_geo.h"
#include "se_memo.h"
#include "se_nested.h"
#include "se_rating.h"
#include "se_vladder.h"

static PyMethodDef module_methods[] = {
    {"se_chainer", se_chainer, METH_VARARGS, "Sudoku Explainer's forcing chains (forcing.Chainer)"},
    {"se_memo", se_memo, METH_NOARGS, "a rating's memo of the nested chains' inner findings"},
    {"se_geometry", se_geometry, METH_VARARGS, "a geometry (grid.Geometry) the chain searches take"},
    {"se_exclusion", se_exclusion, METH_VARARGS, "aligned pair and triplet exclusion"},
    {"se_cycles", se_cycles, METH_VARARGS, "bidirectional cycles and forcing X/Y chains"},
    {"se_ladder", se_ladder, METH_VARARGS,
     "a technique below the chains: singles, intersections, subsets, fish, strong links, "
     "wings, uniqueness"},
    {"se_climb", se_climb, METH_VARARGS,
     "the SE rating's steps over the techniques below the chains, many a call"},
    {"se_below", se_below, METH_VARARGS,
     "whether a grid is solved by steps below a rating, a batch of findings at a time"},
    {"se_vladder", se_vladder, METH_VARARGS,
     "the first technique of a variant rating's order below the chains that finds a step"},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_native", "Sudoku Explainer's C (docs/native.md).", -1,
    module_methods, NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__native(void) {
    se_tables_init();
    return PyModule_Create(&module);
}
