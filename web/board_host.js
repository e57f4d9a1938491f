// The Board's page in the web page (docs/web.md): VS Code's acquireVsCodeApi as the web page
// gives it. What the Board's script posts goes to the page around it (its parent, same origin);
// what the page posts comes as VS Code's messages do (window's `message` events). The timeline
// scrubber, the difficulty line and Sudoku Explainer's next step (its picture) ask the debug
// adapter what the web page's shell does not answer: they are kept out of sight here (set by the style's own API: the page's policy lets no
// style attribute in), the page's script drawing them unseen.
'use strict';

(function () {
    let state = {};
    window.acquireVsCodeApi = () => ({
        postMessage: (message) => window.parent.postMessage({ fromBoard: message }, window.location.origin),
        getState: () => state,
        setState: (next) => {
            state = next;
        },
    });
    for (const id of ['scrubber', 'difficulty', 'sestep']) {
        const element = document.getElementById(id);
        if (element) element.style.setProperty('display', 'none', 'important');
    }
})();
