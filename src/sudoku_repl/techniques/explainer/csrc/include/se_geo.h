/* A variant's geometry from Python (se_geo.c): grid.Geometry's parts checked into an SeGeo
 * (se_tables.h), kept in a capsule that the searches' module functions take as ``geometry``. */
#ifndef SUDOKU_REPL_SE_GEO_H
#define SUDOKU_REPL_SE_GEO_H

#include "se_tables.h"

#if defined(__GNUC__)
#pragma GCC visibility push(hidden)
#endif

/* the geometry of a capsule made by se_geometry, the classic one for None; NULL with an error */
const SeGeo *se_geo_of(PyObject *capsule);
/* se_geometry(units, unit_types, region_peers, peers) -> the capsule; bad input: ValueError */
PyObject *se_geometry(PyObject *self, PyObject *args);

#if defined(__GNUC__)
#pragma GCC visibility pop
#endif

#endif
