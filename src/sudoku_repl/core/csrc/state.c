/* The state of a Core: its touched cells' room, and whether it was made. */
#include "state.h"

/* the touched cells' room doubled (1), or 0 with c->failed set */
int grow_touched(Core *c) {
    int cap = c->cap_touched * 2;
    int *t = PyMem_Realloc(c->touched, sizeof(int) * cap);
    if (!t) {
        c->failed = 1;
        return 0;
    }
    c->touched = t;
    c->cap_touched = cap;
    return 1;
}

/* whether the Core was made (its __init__ succeeded): else its methods refuse (-1) */
int core_ready(Core *c) {
    if (c->values && c->frames)
        return 0;
    PyErr_SetString(PyExc_ValueError, "a Core not initialised (accepted: Core(size, tables))");
    return -1;
}
