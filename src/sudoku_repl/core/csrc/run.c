/* Many moves a call: the plain run that records its moves in native buffers (Session's plain
 * walk, History.extend_deferred) and the silent search that keeps no record (Engine.search). */
#include "run.h"
#include "moves.h"
#include "objects.h"

/* Engine.reached: a run's goals met (the end of the search, ``goal`` new solutions since it
 * had ``first``: 0 no limit, ``max_steps`` reached: -1 no limit) */
static int reached(Core *c, int64_t goal, int64_t first, int64_t max_steps) {
    return c->status == FINISHED || (goal > 0 && c->solutions - first >= goal) ||
           (max_steps >= 0 && c->steps >= max_steps);
}

/* run(run_mode, kinds, units, fine, solutions, first, max_steps, moves, index, resume,
 *     cells_base[, between]):
 * the plain run (Session._plain_unit, unit after unit) natively. Before each unit but the
 * first, the walk's goals: the end of the search, ``solutions`` new ones since ``first``,
 * ``max_steps`` (-1: none). A unit is a step of docs/engine.md, or with ``fine`` one step count.
 * At most ``units`` units and ``moves`` moves (the record's room); ``index``: the record's
 * length (snapshots are due after its moves 63, 127, ...); ``resume``: go on with the unit the
 * last call left unfinished; ``cells_base``: how many touched cells the record's last chunk
 * holds already (0 when the first move begins a chunk).
 * ``between`` (optional, None: nothing): a callable called before each unit but the first of
 * the call, once the goals are not met, with the events of the unit before (a new list each
 * time; they are not in the result's); a true result stops the run there (a trace's Ctrl-C
 * between its steps), an exception ends the call in the error (its moves unrecorded: the
 * callable catches what it means to keep). It must not use this core.
 * Returns (units done, unit left unfinished, biggest new guess level, the moves' step counts
 * as uint32 bytes, the new guesses' moves and their levels as uint32 bytes (a level is as
 * deep as the search goes: past 255 on a geometry of many cells),
 * [snapshots], events of ``kinds``, the cells each move touched (a byte each, or uint16 when
 * the geometry has more than 256 cells), after each move how many cells its chunk holds
 * (uint32): the record's index of the cells, ``_Chunk.note``; and the state of each of those
 * cells after its move, value << 9 | candidates (uint16): ``_Chunk.note_states``). */
PyObject *Core_run(Core *c, PyObject *args) {
    int mode, units, fine, resume;
    unsigned kinds;
    long long goal, first, max_steps, max_moves, index, cells_base;
    PyObject *between = Py_None;
    if (core_ready(c) < 0)
        return NULL;
    if (!PyArg_ParseTuple(args, "iIiiLLLLLiL|O", &mode, &kinds, &units, &fine, &goal, &first,
                          &max_steps, &max_moves, &index, &resume, &cells_base, &between))
        return NULL;
    if (between != Py_None && !PyCallable_Check(between)) {
        PyErr_SetString(PyExc_TypeError, "between: a callable or None");
        return NULL;
    }
    if (units < 0 || max_moves < 0 || index < 0 || cells_base < 0) {
        PyErr_Format(PyExc_ValueError,
                     "units %d, moves %lld, index %lld, cells_base %lld (accepted: 0 or more)", units,
                     max_moves, index, cells_base);
        return NULL;
    }
    const int wide = c->size > 256;
    const Py_ssize_t cell_width = wide ? 2 : 1;
    Py_ssize_t cells_cap = 8192, n_cells = 0;
    unsigned char *cells_out = PyMem_Malloc(cells_cap * cell_width);
    uint16_t *states_out = PyMem_Malloc(cells_cap * sizeof(uint16_t));
    uint32_t *ends_out = NULL;
    PyObject *ev = kinds ? PyList_New(0) : NULL;
    PyObject *snapshots = PyList_New(0);
    Py_ssize_t cap = 1024, n = 0, n_guesses = 0;
    uint32_t *steps_out = PyMem_Malloc(sizeof(uint32_t) * cap);
    uint32_t *guess_moves = PyMem_Malloc(sizeof(uint32_t) * cap);
    uint32_t *guess_levels = PyMem_Malloc(sizeof(uint32_t) * cap);
    ends_out = PyMem_Malloc(sizeof(uint32_t) * cap);
    if ((kinds && !ev) || !snapshots || !steps_out || !guess_moves || !guess_levels ||
        !cells_out || !states_out || !ends_out)
        goto fail;
    c->ev = ev;
    c->kinds = kinds;
    c->failed = 0;
    int done = 0, open = 0, biggest = 0;
    while (done < units && n < max_moves) {
        if ((done || !resume) && reached(c, goal, first, max_steps))
            break;
        if (done && between != Py_None) { /* the unit before's events, handed over */
            PyObject *heard = ev ? ev : PyList_New(0);
            if (!heard)
                goto fail;
            if (ev) {
                ev = c->ev = PyList_New(0);
                if (!ev) {
                    Py_DECREF(heard);
                    goto fail;
                }
            }
            PyObject *said = PyObject_CallFunctionObjArgs(between, heard, NULL);
            Py_DECREF(heard);
            if (!said)
                goto fail;
            int stop = PyObject_IsTrue(said);
            Py_DECREF(said);
            if (stop < 0)
                goto fail;
            if (stop)
                break;
        }
        int64_t count = c->steps;
        open = 1;
        while (n < max_moves) {
            advance(c, mode);
            if (c->failed)
                goto fail;
            if (n == cap) {
                cap *= 2;
                uint32_t *more = PyMem_Realloc(steps_out, sizeof(uint32_t) * cap);
                if (more)
                    steps_out = more;
                uint32_t *more_moves = PyMem_Realloc(guess_moves, sizeof(uint32_t) * cap);
                if (more_moves)
                    guess_moves = more_moves;
                uint32_t *more_levels = PyMem_Realloc(guess_levels, sizeof(uint32_t) * cap);
                if (more_levels)
                    guess_levels = more_levels;
                uint32_t *more_ends = PyMem_Realloc(ends_out, sizeof(uint32_t) * cap);
                if (more_ends)
                    ends_out = more_ends;
                if (!more || !more_moves || !more_levels || !more_ends)
                    goto fail;
            }
            if (n_cells + c->n_touched > cells_cap) {
                Py_ssize_t grown = 2 * (n_cells + c->n_touched);
                unsigned char *more_cells = PyMem_Realloc(cells_out, grown * cell_width);
                if (!more_cells)
                    goto fail;
                cells_out = more_cells;
                uint16_t *more_states = PyMem_Realloc(states_out, grown * sizeof(uint16_t));
                if (!more_states)
                    goto fail;
                states_out = more_states;
                cells_cap = grown;
            }
            if ((index + n) % MOVES_PER_SNAPSHOT == 0) /* the move begins a chunk */
                cells_base = 0;
            const int *touched = c->touched, n_touched = c->n_touched;
            const unsigned char *values = c->values;
            const uint16_t *cands = c->cands;
            uint16_t *states_at = states_out + n_cells;
            if (wide) {
                uint16_t *cells_at = (uint16_t *)cells_out + n_cells;
                for (int k = 0; k < n_touched; k++) {
                    int cell = touched[k];
                    cells_at[k] = (uint16_t)cell;
                    states_at[k] = (uint16_t)(values[cell] << VALUE_SHIFT | cands[cell]);
                }
            } else {
                unsigned char *cells_at = cells_out + n_cells;
                for (int k = 0; k < n_touched; k++) {
                    int cell = touched[k];
                    cells_at[k] = (unsigned char)cell;
                    states_at[k] = (uint16_t)(values[cell] << VALUE_SHIFT | cands[cell]);
                }
            }
            n_cells += n_touched;
            cells_base += c->n_touched;
            ends_out[n] = (uint32_t)cells_base;
            steps_out[n] = (uint32_t)c->steps;
            if (c->new_guess) {
                guess_moves[n_guesses] = (uint32_t)(index + n);
                guess_levels[n_guesses++] = (uint32_t)c->new_guess;
                if (c->new_guess > biggest)
                    biggest = c->new_guess;
            }
            if ((index + n) % MOVES_PER_SNAPSHOT == MOVES_PER_SNAPSHOT - 1) {
                PyObject *s = make_state(c);
                if (!s || PyList_Append(snapshots, s) < 0) {
                    Py_XDECREF(s);
                    goto fail;
                }
                Py_DECREF(s);
            }
            n++;
            if (fine ? (c->steps > count || c->status == FINISHED)
                     : (c->status != GUESS_DUE && c->status != WRONG)) {
                open = 0;
                break;
            }
        }
        if (open)
            break;
        done++;
        resume = 0;
    }
    c->ev = NULL;
    PyObject *steps = PyBytes_FromStringAndSize((const char *)steps_out, sizeof(uint32_t) * n);
    PyObject *moves = PyBytes_FromStringAndSize((const char *)guess_moves,
                                                sizeof(uint32_t) * n_guesses);
    PyObject *levels = PyBytes_FromStringAndSize((const char *)guess_levels,
                                                 sizeof(uint32_t) * n_guesses);
    PyObject *cells = PyBytes_FromStringAndSize((const char *)cells_out, n_cells * cell_width);
    PyObject *ends = PyBytes_FromStringAndSize((const char *)ends_out, sizeof(uint32_t) * n);
    PyObject *states =
        PyBytes_FromStringAndSize((const char *)states_out, sizeof(uint16_t) * n_cells);
    PyMem_Free(steps_out);
    PyMem_Free(guess_moves);
    PyMem_Free(guess_levels);
    PyMem_Free(cells_out);
    PyMem_Free(states_out);
    PyMem_Free(ends_out);
    if (!ev)
        ev = PyList_New(0);
    if (!steps || !moves || !levels || !cells || !ends || !states || !ev) {
        Py_XDECREF(states);
        Py_XDECREF(steps);
        Py_XDECREF(moves);
        Py_XDECREF(levels);
        Py_XDECREF(cells);
        Py_XDECREF(ends);
        goto fail_after;
    }
    return Py_BuildValue("(iiiNNNNNNNN)", done, open, biggest, steps, moves, levels, snapshots,
                         ev, cells, ends, states);
fail:
    c->ev = NULL;
    PyMem_Free(steps_out);
    PyMem_Free(guess_moves);
    PyMem_Free(guess_levels);
    PyMem_Free(cells_out);
    PyMem_Free(states_out);
    PyMem_Free(ends_out);
fail_after:
    Py_XDECREF(ev);
    Py_XDECREF(snapshots);
    return PyErr_Occurred() ? NULL : PyErr_NoMemory();
}

/* search(run_mode, steps, solutions, first, max_steps) -> (steps made, biggest new guess
 * level, new guesses): Engine.search, a silent search that keeps no record (no events, no
 * snapshots); before each step the goals of Core_run (max_steps -1: none). */
PyObject *Core_search(Core *c, PyObject *const *args, Py_ssize_t nargs) {
    if (core_ready(c) < 0)
        return NULL;
    if (nargs != 5) {
        PyErr_SetString(PyExc_TypeError, "search takes 5 arguments");
        return NULL;
    }
    int mode = (int)PyLong_AsLong(args[0]);
    long long steps = PyLong_AsLongLong(args[1]), goal = PyLong_AsLongLong(args[2]);
    long long first = PyLong_AsLongLong(args[3]), max_steps = PyLong_AsLongLong(args[4]);
    if (PyErr_Occurred())
        return NULL;
    if (steps < 0) {
        PyErr_Format(PyExc_ValueError, "steps %lld (accepted: 0 or more)", steps);
        return NULL;
    }
    c->ev = NULL;
    c->failed = 0;
    long long done = 0;
    int biggest = 0, guesses = 0;
    for (; done < steps; done++) {
        if (reached(c, goal, first, max_steps))
            break;
        do {
            advance(c, mode);
            if (c->failed)
                return PyErr_Occurred() ? NULL : PyErr_NoMemory();
            if (c->new_guess) {
                guesses++;
                if (c->new_guess > biggest)
                    biggest = c->new_guess;
            }
        } while (c->status == GUESS_DUE || c->status == WRONG);
    }
    return Py_BuildValue("(Lii)", done, biggest, guesses);
}
