// The Board's page in the web page (docs/web.md): VS Code's acquireVsCodeApi as the web page
// gives it. What the Board's script posts goes to the page around it (its parent, same origin);
// what the page posts comes as VS Code's messages do (window's `message` events).
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
})();
