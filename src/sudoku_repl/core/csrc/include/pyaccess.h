/* The one place the C reads Python's objects two ways (docs/native.md, "The limited API"):
 * CPython's full API, whose accessors are macros on the objects' layout, and the limited API
 * (Py_LIMITED_API: the stable ABI, one .abi3.so for every CPython from 3.11 and the web page's
 * WebAssembly build), which has their function forms only. Every other file names these, never
 * the macros (tests/architecture/test_portable_c.py); this header includes Python.h for the
 * three extensions.
 *
 *   TUPLE_ITEM(t, i)   LIST_ITEM(l, i)    a borrowed reference, on both APIs
 *   TUPLE_SET(t, i, v) LIST_SET(l, i, v)  steals v, on both APIs; v may be NULL (the slot left
 *                                         empty, as a new tuple's or list's is)
 *   TUPLE_SIZE, LIST_SIZE, DICT_SIZE, BYTES_SIZE, BYTES_DATA
 *   FAST_ITEM(f, i), FAST_SIZE(f)         of PySequence_Fast's list or tuple (FAST_ITEM
 *                                         borrowed, as PySequence_Fast_GET_ITEM; not
 *                                         PySequence_GetItem's new reference)
 *   TYPE_ALLOC, TYPE_FREE, DESCR_SET      a type's tp_alloc, tp_free, a descriptor's
 *                                         tp_descr_set (PyType_GetSlot on the limited API)
 *   code_as_data(f), data_as_code(p)      a function as a type slot's void * and back
 *   CALL_METHOD0(o, name)                 o.name() (name a str)
 *   type_own(type, name)                  an entry of a type's own namespace
 *   object_slot_offset(descr)             where an instance keeps a slot (-1 on the limited
 *                                         API: the slot is read as an attribute)
 *
 * On the full API they are the macros (no call, no check: bench_native.py's figures). On the
 * limited API the functions check their arguments: a wrong type, an index out of range, a
 * tuple shared (PyTuple_SetItem wants its only reference) is an exception and NULL or -1. Each
 * use is where that cannot happen: the object is one the caller made (a new tuple or list,
 * filled within its size) or one whose type and size it has checked (PyBytes_Check,
 * PyTuple_Check and the size before an item), so the results are not checked again. */
#ifndef SUDOKU_REPL_PYACCESS_H
#define SUDOKU_REPL_PYACCESS_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

/* a function pointer as the void * of a PyType_Slot (or of PyType_GetSlot's answer), and back:
 * ISO C has no cast between the two (gcc -pedantic-errors refuses one), a union reads one as
 * the other where both have one size, as on every target Python builds for */
typedef void (*PyCode)(void);
_Static_assert(sizeof(PyCode) == sizeof(void *), "a function pointer is the size of a void *");
static inline void *code_as_data(PyCode f) {
    union {
        PyCode f;
        void *p;
    } u;
    u.f = f;
    return u.p;
}
static inline PyCode data_as_code(void *p) {
    union {
        PyCode f;
        void *p;
    } u;
    u.p = p;
    return u.f;
}

#ifndef Py_LIMITED_API

#ifndef Py_T_OBJECT_EX /* (Python 3.11: structmember.h's name) */
#include <structmember.h>
#define Py_T_OBJECT_EX T_OBJECT_EX
#endif

#define TUPLE_ITEM(t, i) PyTuple_GET_ITEM(t, i)
#define TUPLE_SET(t, i, v) PyTuple_SET_ITEM(t, i, v)
#define TUPLE_SIZE(t) PyTuple_GET_SIZE(t)
#define LIST_ITEM(l, i) PyList_GET_ITEM(l, i)
#define LIST_SET(l, i, v) PyList_SET_ITEM(l, i, v)
#define LIST_SIZE(l) PyList_GET_SIZE(l)
#define DICT_SIZE(d) PyDict_GET_SIZE(d)
#define BYTES_DATA(b) PyBytes_AS_STRING(b)
#define BYTES_SIZE(b) PyBytes_GET_SIZE(b)
#define FAST_ITEM(f, i) PySequence_Fast_GET_ITEM(f, i)
#define FAST_SIZE(f) PySequence_Fast_GET_SIZE(f)
#define TYPE_ALLOC(type, n) (((PyTypeObject *)(type))->tp_alloc((PyTypeObject *)(type), n))
#define TYPE_FREE(o) (Py_TYPE((PyObject *)(o))->tp_free((PyObject *)(o)))
#define DESCR_SET(d, o, v) (Py_TYPE(d)->tp_descr_set(d, o, v))
#define CALL_METHOD0(o, name) PyObject_CallMethodNoArgs(o, name)

/* a new reference to ``name`` in ``type``'s own namespace (not its bases'): NULL where it has
 * none, with an exception set only on a failure */
static inline PyObject *type_own(PyObject *type, PyObject *name) {
    PyObject *found = PyDict_GetItemWithError(((PyTypeObject *)type)->tp_dict, name);
    Py_XINCREF(found);
    return found;
}

/* the offset in an instance of the object held by a slot, from the slot's descriptor (a member
 * of a class with __slots__), or -1 where ``descr`` is no such member */
static inline Py_ssize_t object_slot_offset(PyObject *descr) {
    if (!Py_IS_TYPE(descr, &PyMemberDescr_Type))
        return -1;
    PyMemberDef *member = ((PyMemberDescrObject *)descr)->d_member;
    return member->type == Py_T_OBJECT_EX ? member->offset : -1;
}

#else /* Py_LIMITED_API */

/* (the slots asked for below are set in every type PyType_Ready has readied: no NULL) */
#define TUPLE_ITEM(t, i) PyTuple_GetItem(t, i)
#define TUPLE_SET(t, i, v) PyTuple_SetItem(t, i, v)
#define TUPLE_SIZE(t) PyTuple_Size(t)
#define LIST_ITEM(l, i) PyList_GetItem(l, i)
#define LIST_SET(l, i, v) PyList_SetItem(l, i, v)
#define LIST_SIZE(l) PyList_Size(l)
#define DICT_SIZE(d) PyDict_Size(d)
#define BYTES_DATA(b) PyBytes_AsString(b)
#define BYTES_SIZE(b) PyBytes_Size(b)
#define FAST_SIZE(f) PySequence_Size(f)
#define TYPE_SLOT(kind, type, slot) ((kind)data_as_code(PyType_GetSlot((PyTypeObject *)(type), slot)))
#define TYPE_ALLOC(type, n) (TYPE_SLOT(allocfunc, type, Py_tp_alloc)((PyTypeObject *)(type), n))
#define TYPE_FREE(o) (TYPE_SLOT(freefunc, Py_TYPE((PyObject *)(o)), Py_tp_free)((PyObject *)(o)))
#define DESCR_SET(d, o, v) (TYPE_SLOT(descrsetfunc, Py_TYPE(d), Py_tp_descr_set)(d, o, v))
#define CALL_METHOD0(o, name) PyObject_CallMethodObjArgs(o, name, NULL)

static inline PyObject *FAST_ITEM(PyObject *fast, Py_ssize_t i) {
    return PyList_Check(fast) ? PyList_GetItem(fast, i) : PyTuple_GetItem(fast, i);
}

static inline PyObject *type_own(PyObject *type, PyObject *name) {
    PyObject *space = PyObject_GetAttrString(type, "__dict__"); /* (a read-only proxy) */
    PyObject *found = space ? PyObject_GetItem(space, name) : NULL;
    Py_XDECREF(space);
    if (!found && PyErr_ExceptionMatches(PyExc_KeyError))
        PyErr_Clear();
    return found;
}

static inline Py_ssize_t object_slot_offset(PyObject *descr) {
    (void)descr; /* (a member descriptor's layout is not in the limited API) */
    return -1;
}

#endif /* Py_LIMITED_API */

#endif
