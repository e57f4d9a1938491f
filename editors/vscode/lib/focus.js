// The focus after a step the Board asked for (lib/board.js). A stop focuses the quiz's editor
// (VS Code's debug.focusEditorOnBreak: the stop's frame opened with the focus), taking it from
// the page whose key, step box, scrubber, link or cell menu asked for the step, so that the next
// key meant for the Board (`]`, a digit for the step box) would edit the quiz file. So the page
// is given the focus back. VS Code 1.100 opens the stop's editor with the focus, then selects the
// frame it opened (the active stack item the extension is told of): every such move of the focus
// is followed by a selection. And a stop moves it more than once: at the top of its call stack
// and again when the whole stack came (two openings, each followed by its selection when the
// frame is a new one), and an earlier stop's opening (the one a session starts with, a drag's
// steps) may end late, after the step's stop, selecting a frame of a stack that is gone. So each
// of these selections, for as long as the page keeps the focus, asks the page whether it has the
// focus (it is given back if not); from the first of the step's stop on, the page is told the
// stop it was once the selections are over (lib/board.js: none for a moment), settled once it
// has the focus. A blur before that first selection is given
// back too (an earlier stop's late focus). Not a blur after it: the page asks on the selection
// that follows the move, and a blur with no selection after it is the user's (a click in the
// quiz, the debug console). The keeping ends at a later stop, at another step asked, when the
// step failed or the session ended, and when the user selects a frame below the top one.
'use strict';

class FocusKeeper {
    constructor() {
        /** {page, session, stopped, selected}: the page keeping the focus, the session whose
         * stop it waits for, and how far that stop has come. */
        this.kept = null;
    }

    /** `page` asked `session` for a step that moves the search: its stop will take the focus. */
    keep(page, session) {
        this.kept = { page, session, stopped: false, selected: false };
    }

    /** The session stopped (the adapter's `stopped` event): the kept page's stop, or, once that
     * one was selected, a later stop (the kept page's keeping is over). */
    stopped(session) {
        const kept = this.kept;
        if (!kept || kept.session !== session) {
            return;
        }
        if (kept.selected) {
            this.kept = null;
        } else {
            kept.stopped = true;
        }
    }

    /** VS Code selected a frame of `session`: `frame` is 'top' (the top frame of its latest
     * stack, the one VS Code selects at a stop), 'stale' (a frame of a stack that is gone: an
     * earlier stop's late selection) or 'other' (a frame below the top: the user's choice).
     * Returns {page, settled} when the page is asked whether it has the focus (settled: this is
     * its stop's first selection, the page told which stop it was), or null. */
    selected(session, frame) {
        const kept = this.kept;
        if (!kept || kept.session !== session) {
            return null;
        }
        if (frame === 'other') {
            if (kept.selected) {
                this.kept = null; // (the user's choice: the focus goes where they put it)
            }
            return null;
        }
        const settled = frame === 'top' && kept.stopped && !kept.selected;
        if (settled) {
            kept.selected = true;
        }
        return { page: kept.page, settled };
    }

    /** `page` lost the focus: whether it is given back (before its stop was selected: an earlier
     * stop's late focus; after, a move of VS Code's is followed by a selection). */
    blurred(page) {
        const kept = this.kept;
        return Boolean(kept && kept.page === page && !kept.selected);
    }

    /** Whether `page` keeps the focus (it asks for it back, told of a selection without it). */
    keeps(page) {
        return Boolean(this.kept && this.kept.page === page);
    }

    /** No stop comes for `page` (its step failed; undefined: the session ended). */
    drop(page) {
        if (this.kept && (page === undefined || this.kept.page === page)) {
            this.kept = null;
        }
    }
}

module.exports = { FocusKeeper };
