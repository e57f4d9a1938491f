/* quiz.py's clash test. */
#include "quiz.h"

/* clash_free(values, units): whether no unit gives a value twice (quiz._no_clash, which rate
 * asks of every quiz of a file): ``values`` a byte per cell (0: empty), ``units`` each unit as
 * its number of cells then its cells, 16-bit numbers */
PyObject *clash_free(PyObject *Py_UNUSED(self), PyObject *const *args, Py_ssize_t n) {
    if (n != 2 || !PyBytes_Check(args[0]) || !PyBytes_Check(args[1])) {
        PyErr_SetString(PyExc_TypeError, "clash_free(values: bytes, units: bytes)");
        return NULL;
    }
    const unsigned char *values = (const unsigned char *)BYTES_DATA(args[0]);
    const char *table = BYTES_DATA(args[1]);
    Py_ssize_t size = BYTES_SIZE(args[0]), len = BYTES_SIZE(args[1]) / 2;
    for (Py_ssize_t k = 0; k < len;) {
        uint16_t count, cell;
        memcpy(&count, table + 2 * k++, 2);
        unsigned seen = 0;
        for (int j = 0; j < count && k < len; j++, k++) {
            memcpy(&cell, table + 2 * k, 2);
            if (cell >= size) {
                PyErr_SetString(PyExc_ValueError, "a unit's cell past the values");
                return NULL;
            }
            unsigned bit = 1u << (values[cell] & 31);
            if (seen & bit & ~1u)
                Py_RETURN_FALSE;
            seen |= bit;
        }
    }
    Py_RETURN_TRUE;
}
