/* A variant's geometry handed from Python (grid.Geometry's regions, types, region peers and
 * peers), checked and kept in a capsule that the searches take (se_geo.h). */
#include "se_geo.h"

/* a capsule's geometry (se_geometry's), or the classic one for None */
static const char GEO_NAME[] = "sudoku_repl.se_geometry";

const SeGeo *se_geo_of(PyObject *capsule) {
    if (capsule == Py_None)
        return &SE_CLASSIC_GEO;
    return PyCapsule_GetPointer(capsule, GEO_NAME);
}

static void geo_free(PyObject *capsule) { PyMem_Free(PyCapsule_GetPointer(capsule, GEO_NAME)); }

/* a list of lists of cells (0-80, at most ``most`` a list, exactly ``exact`` where it is not 0)
 * into rows[i][...] with their counts: the number of lists, or -1 with ValueError */
static int parse_cells(PyObject *obj, const char *what, int lists, int most, int exact,
                       uint8_t *rows, int8_t *counts) {
    PyObject *seq = PySequence_Fast(obj, "");
    int n = seq ? (int)FAST_SIZE(seq) : -1;
    if (n < 0 || n > lists || (lists == 81 && n != 81)) {
        Py_XDECREF(seq);
        PyErr_Clear();
        PyErr_Format(PyExc_ValueError, "the geometry's %s: %s%d sequences of cells", what,
                     lists == 81 ? "" : "at most ", lists);
        return -1;
    }
    for (int i = 0; i < n; i++) {
        PyObject *row = PySequence_Fast(FAST_ITEM(seq, i), "");
        int k = row ? (int)FAST_SIZE(row) : -1;
        int bad = k < 0 || k > most || (exact && k != exact);
        for (int j = 0; !bad && j < k; j++) {
            long c = PyLong_Check(FAST_ITEM(row, j)) ? PyLong_AsLong(FAST_ITEM(row, j)) : -1;
            bad = c < 0 || c > 80;
            rows[i * most + j] = (uint8_t)c;
        }
        Py_XDECREF(row);
        if (bad) {
            Py_DECREF(seq);
            PyErr_Clear();
            PyErr_Format(PyExc_ValueError, "the geometry's %s: item %d is not %s%d cells (0-80)",
                         what, i, exact ? "" : "at most ", most);
            return -1;
        }
        if (counts)
            counts[i] = (int8_t)k;
    }
    Py_DECREF(seq);
    return n;
}

/* se_geometry(units, unit_types, region_peers, peers): grid.Geometry's parts as a capsule the
 * searches take (their ``geometry`` argument) */
PyObject *se_geometry(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *units, *types, *region_peers, *peers;
    if (!PyArg_ParseTuple(args, "OOOO", &units, &types, &region_peers, &peers))
        return NULL;
    SeGeo *geo = PyMem_Calloc(1, sizeof(SeGeo));
    uint8_t cells[SE_MAX_UNITS][9];
    if (!geo)
        return PyErr_NoMemory();
    int n = parse_cells(units, "units", SE_MAX_UNITS, 9, 9, &cells[0][0], NULL);
    PyObject *seq = n < 0 ? NULL : PySequence_Fast(types, "the unit types: a sequence of ints");
    if (!seq || FAST_SIZE(seq) != n ||
        parse_cells(region_peers, "region peers", 81, SE_MAX_PEERS, 0, &geo->region_peers[0][0],
                    geo->n_region_peers) < 0 ||
        parse_cells(peers, "peers", 81, SE_MAX_PEERS, 0, &geo->peers[0][0], geo->n_peers) < 0)
        goto bad;
    geo->n_units = n;
    for (int u = 0; u < n; u++) {
        long t = PyLong_Check(FAST_ITEM(seq, u)) ? PyLong_AsLong(FAST_ITEM(seq, u)) : -1;
        geo->unit_type[u] = (int8_t)t;
        for (int i = 0; i < 9; i++)
            geo->units[u][i] = (int8_t)cells[u][i];
        uint64_t in[2] = {0, 0};
        int seen = 0;
        for (int i = 0; i < 9; i++) {
            int c = cells[u][i];
            seen |= (int)(in[c >> 6] >> (c & 63) & 1);
            in[c >> 6] |= 1ULL << (c & 63);
        }
        if (t < 0 || t > 9 || seen) {
            PyErr_SetString(PyExc_ValueError, t < 0 || t > 9 ? "the geometry's unit types are 0-9"
                                                             : "the geometry: a unit's cells twice");
            goto bad;
        }
    }
    int count[81] = {0};
    for (int u = 0; u < n; u++)
        for (int i = 0; i < 9; i++)
            if (++count[cells[u][i]] > SE_MAX_CELL_UNITS) {
                PyErr_SetString(PyExc_ValueError, "the geometry: a cell in 10 units at most");
                goto bad;
            }
    Py_DECREF(seq);
    se_geo_derive(geo);
    PyObject *capsule = PyCapsule_New(geo, GEO_NAME, geo_free);
    if (!capsule)
        PyMem_Free(geo);
    return capsule;
bad:
    if (!PyErr_Occurred())
        PyErr_SetString(PyExc_ValueError, "the geometry's unit types: one int a unit");
    Py_XDECREF(seq);
    PyMem_Free(geo);
    return NULL;
}
