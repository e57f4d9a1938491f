// The focus after a step the Board asked for (lib/board.js). A stop focuses the quiz's editor
// (VS Code's debug.focusEditorOnBreak: the stop's frame opened with the focus), taking it from
// the page whose key, step box, scrubber, link or cell menu asked for the step, so that the next
// key meant for the Board (`]`, a digit for the step box) would edit the quiz file. So the page
// is given the focus back. When: VS Code 1.100 opens the stop's editor, then selects the stop's
// frame (the active stack item the extension is told of), so the stop has taken the focus once
// that frame is selected: the focus is given back then, and the page is told it is settled. A
// blur the page says it had (`blurred`) is given back too: before the selection it is an earlier
// stop's late focus (the one a session starts with, a drag's steps), after it the stop's own,
// which ends the keeping; so does the page saying it has the focus again after the selection.
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

    /** VS Code selected a frame of the session's latest stop: the page whose stop it is (its
     * focus is given back now, settled), or null. */
    selected(session) {
        const kept = this.kept;
        if (!kept || kept.session !== session || !kept.stopped || kept.selected) {
            return null;
        }
        kept.selected = true;
        return kept.page;
    }

    /** `page` lost the focus: whether it is given back (kept: an earlier stop's late focus, or
     * its stop's own, which ends the keeping). */
    blurred(page) {
        const kept = this.kept;
        if (!kept || kept.page !== page) {
            return false;
        }
        if (kept.selected) {
            this.kept = null;
        }
        return true;
    }

    /** `page` has the focus: after its stop was selected, the keeping is over. */
    focused(page) {
        if (this.kept && this.kept.page === page && this.kept.selected) {
            this.kept = null;
        }
    }

    /** No stop comes for `page` (its step failed; undefined: the session ended). */
    drop(page) {
        if (this.kept && (page === undefined || this.kept.page === page)) {
            this.kept = null;
        }
    }
}

module.exports = { FocusKeeper };
