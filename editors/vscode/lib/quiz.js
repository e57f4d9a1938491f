// Is a plain-text file a quiz? Read as load-quiz reads it (sudoku_repl/text/quiz_files.py): its
// meaningful lines (neither blank nor `#` comments) are a quiz a line (81 cells), or at least
// nine lines of cells (digits and dots, spaced or not): the nine-line form, samurai and flower
// frames. Such a `.txt` file gets the language `sudoku` (breakpoints, highlighting, F5).
'use strict';

const QUIZ_LINE = /^[0-9.]{81}(\s|$)/;
const CELLS_LINE = /^[0-9. \t|]+$/;

function looksLikeQuiz(text) {
    const meaningful = [];
    for (const raw of text.split(/\r?\n/, 200)) {
        const line = raw.trim();
        if (line && !line.startsWith('#')) {
            meaningful.push(line);
            if (meaningful.length === 9) {
                break;
            }
        }
    }
    if (meaningful.length > 0 && QUIZ_LINE.test(meaningful[0])) {
        return true;
    }
    return (
        meaningful.length === 9 &&
        meaningful.every((line) => CELLS_LINE.test(line) && line.replace(/[^0-9.]/g, '').length >= 9)
    );
}

module.exports = { looksLikeQuiz };
