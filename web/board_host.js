// The Board's page in the web page (docs/web.md): VS Code's acquireVsCodeApi as the web page
// gives it. What the Board's script posts goes to the page around it (its parent, same origin);
// what the page posts comes as VS Code's messages do (window's `message` events). The timeline
// scrubber and the difficulty line ask the debug adapter what the web page's shell does not
// answer: they are kept out of sight here (set by the style's own API: the page's policy lets no
// style attribute in), the page's script drawing them unseen. The folded line of Sudoku
// Explainer's next step the shell answers (page.mjs); closed, it tells the page, which tells the
// shell to draw it no more. A click in the Board (a cell's `why`, a step's link, the folded line)
// or a step sent from its step box gives the keys back to the shell (`keys`: the page focuses
// the terminal), which is what the person types for; a click in the step box keeps them there,
// to type a step, and the Board's own keys work when it is reached from the keyboard (Tab).
'use strict';

(function () {
    let state = {};
    const post = (message) => window.parent.postMessage({ fromBoard: message }, window.location.origin);
    window.acquireVsCodeApi = () => ({
        postMessage: post,
        getState: () => state,
        setState: (next) => {
            state = next;
        },
    });
    for (const id of ['scrubber', 'difficulty']) {
        const element = document.getElementById(id);
        if (element) element.style.setProperty('display', 'none', 'important');
    }
    document.addEventListener('click', (event) => {
        if (!(event.target instanceof Element) || !event.target.closest('input')) post({ type: 'keys' });
    });
    const form = document.getElementById('goto');
    if (form) form.addEventListener('submit', () => post({ type: 'keys' }));
    const picture = document.getElementById('sestep');
    if (picture) {
        picture.addEventListener('toggle', () => {
            if (!picture.open) post({ type: 'pictureClosed' });
        });
    }
})();
