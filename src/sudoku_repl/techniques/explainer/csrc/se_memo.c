/* A rating's memo (include/se_memo.h): the findings of the nested rules by grid, the "+"
 * rules' patterns by pair of grids, a digit's X-links' answers and X-search findings by its
 * places, the XY links' graphs and findings; made, freed, and handed to Python as a capsule (the module function se_memo). */
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

static void xfound_free(SeXFoundMemo *f) {
    if (!f)
        return;
    for (int i = 0; i < SE_XFOUND_KEPT; i++)
        PyMem_Free(f->slot[i].data);
    PyMem_Free(f);
}

static void xy_free(SeXYMemo *f) {
    for (int i = 0; f && i < SE_XY_KEPT; i++) /* (PyMem_Free(NULL) does nothing) */
        PyMem_Free(f->slot[i]);
    PyMem_Free(f);
}

void se_memo_free(SeMemo *m) {
    for (int i = 0; i < m->size && m->ring[i]; i++) /* (filled from 0 on: see memo_empty) */
        PyMem_Free(m->ring[i]);
    rule_memo_free(m->rules);
    PyMem_Free(m->digits);
    xfound_free(m->xfound);
    xy_free(m->xy);
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

SeXFoundMemo *se_memo_xfound(SeMemo *m) {
    if (m && !m->xfound)
        m->xfound = PyMem_Calloc(1, sizeof(SeXFoundMemo));
    return m ? m->xfound : NULL;
}

SeXYMemo *se_memo_xy(SeMemo *m) {
    if (m && !m->xy)
        m->xy = PyMem_Calloc(1, sizeof(SeXYMemo));
    return m ? m->xy : NULL;
}

SeMemo *se_memo_of(PyObject *memo) {
    return memo == Py_None ? NULL : PyCapsule_GetPointer(memo, MEMO_NAME);
}

/* A rating's memo once freed, emptied, kept for the next rating's (se_memo): a new one is
 * 384 KB to clear, most ratings below the nested chains never fill it (or fill a few grids) */
static SeMemo *spare;

/* the memo as se_memo_new made it: its entries freed (the ring fills from 0 on, its entries
 * never emptied again, so the first NULL ends them), the buckets cleared where any was made */
static void memo_empty(SeMemo *m) {
    if (m->ring[0]) {
        for (int i = 0; i < m->size && m->ring[i]; i++) {
            PyMem_Free(m->ring[i]);
            m->ring[i] = NULL;
        }
        memset(m->buckets, 0, 2 * (size_t)m->size * sizeof(struct NestEntry *));
    }
    m->next = 0;
    rule_memo_free(m->rules);
    m->rules = NULL;
    PyMem_Free(m->digits);
    m->digits = NULL;
    xfound_free(m->xfound);
    m->xfound = NULL;
    xy_free(m->xy);
    m->xy = NULL;
}

static void memo_capsule_free(PyObject *capsule) {
    SeMemo *m = PyCapsule_GetPointer(capsule, MEMO_NAME);
    if (!m)
        return;
    if (spare || m->size != SHARED) {
        se_memo_free(m);
        return;
    }
    memo_empty(m);
    spare = m;
}

/* se_memo(): a memo for the searches of one rating (se_chainer's and se_climb's last
 * argument): a later search finds the grids an earlier one searched */
PyObject *se_memo(PyObject *self, PyObject *args) {
    (void)self;
    (void)args;
    SeMemo *m = spare ? spare : se_memo_new(SHARED);
    spare = NULL;
    if (!m)
        return PyErr_NoMemory();
    PyObject *capsule = PyCapsule_New(m, MEMO_NAME, memo_capsule_free);
    if (!capsule)
        se_memo_free(m);
    return capsule;
}
