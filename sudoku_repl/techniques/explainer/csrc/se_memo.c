/* A rating's memo (include/se_memo.h): the findings of the nested rules by grid, the "+"
 * rules' patterns by pair of grids, a digit's X-links' answers by its places; made, freed, and
 * handed to Python as a capsule (the module function se_memo). */
#include "se_memo.h"

#define SHARED 16384 /* the grids whose nested findings a rating's memo (se_memo) keeps */
#define MEMO_NAME "sudoku_repl.se_memo"

SeMemo *se_memo_new(int size) {
    SeMemo *m = PyMem_Calloc(1, sizeof(SeMemo));
    if (!m)
        return NULL;
    m->buckets = PyMem_Calloc(2 * (size_t)size, sizeof(struct NestEntry *));
    m->ring = PyMem_Calloc((size_t)size, sizeof(struct NestEntry *));
    if (!m->buckets || !m->ring) {
        PyMem_Free(m->buckets);
        PyMem_Free(m->ring);
        PyMem_Free(m);
        return NULL;
    }
    m->size = size;
    return m;
}

static void rule_memo_free(SeRuleMemo *r) {
    if (!r)
        return;
    for (int i = 0; i < SE_RULES_KEPT; i++)
        PyMem_Free(r->ring[i]);
    PyMem_Free(r);
}

void se_memo_free(SeMemo *m) {
    for (int i = 0; i < m->size; i++)
        PyMem_Free(m->ring[i]);
    rule_memo_free(m->rules);
    PyMem_Free(m->digits);
    PyMem_Free(m->buckets);
    PyMem_Free(m->ring);
    PyMem_Free(m);
}

SeRuleMemo **se_memo_rules(SeMemo *m) { return &m->rules; }

SeDigitMemo *se_memo_digits(SeMemo *m) {
    if (m && !m->digits)
        m->digits = PyMem_Calloc(1, sizeof(SeDigitMemo));
    return m ? m->digits : NULL;
}

SeMemo *se_memo_of(PyObject *memo) {
    return memo == Py_None ? NULL : PyCapsule_GetPointer(memo, MEMO_NAME);
}

static void memo_capsule_free(PyObject *capsule) {
    SeMemo *m = PyCapsule_GetPointer(capsule, MEMO_NAME);
    if (m)
        se_memo_free(m);
}

/* se_memo(): a memo for the searches of one rating (se_chainer's and se_climb's last
 * argument): a later search finds the grids an earlier one searched */
PyObject *se_memo(PyObject *self, PyObject *args) {
    (void)self;
    (void)args;
    SeMemo *m = se_memo_new(SHARED);
    if (!m)
        return PyErr_NoMemory();
    PyObject *capsule = PyCapsule_New(m, MEMO_NAME, memo_capsule_free);
    if (!capsule)
        se_memo_free(m);
    return capsule;
}
