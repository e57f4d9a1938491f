// The page's line typed for the user and the lines it printed (web/shell_client.mjs's
// printedBy, which the Board's `why` popover and its list of every step use), in Node, with
// the page's own LineEditor on a stand-in terminal (it draws what it is given when told to) and
// a stand-in shell (ShellClient's transcript and prompted(): it prints two lines for a line
// sent, then its prompt). Prints a JSON report: what printedBy gave where the prompt the line
// is typed at is drawn already, where it is not yet drawn, and where a command runs.
//
//   node tests/web/printed_by_node.mjs
import { LineEditor } from '../../web/line_editor.mjs';
import { printedBy } from '../../web/shell_client.mjs';

class Terminal {
    constructor() {
        this.cols = 80;
        this.buffer = { active: { cursorX: 0 } };
        this.waiting = []; // (the callbacks of what is not yet drawn)
    }

    write(data, drawn) {
        if (drawn) this.waiting.push(drawn);
    }

    /** What was written, drawn (its callbacks called). */
    draw() {
        for (const drawn of this.waiting.splice(0)) drawn();
    }
}

const term = new Terminal();
const shell = {
    text: '',
    reading: false,
    waiters: [],
    transcript() {
        return this.text;
    },
    prompted() {
        return this.reading ? Promise.resolve() : new Promise((resolve) => this.waiters.push(resolve));
    },
    /** The prompt printed, the page told the shell waits there (as ShellClient's `reading`). */
    prompt() {
        this.text += '\nOrder please:\n';
        this.reading = true;
        this.waiters.splice(0).forEach((resolve) => resolve());
        editor.activate(true);
    },
};
const editor = new LineEditor(
    term,
    {
        submit: (line) => {
            shell.text += `${line}\n`;
            shell.reading = false;
            setTimeout(() => {
                shell.text += `${line}'s first line\n${line}'s second line\n`;
                shell.prompt(); // (drawn when the script says)
            }, 5);
        },
    },
    { getItem: () => null, setItem: () => undefined },
);
const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

const report = {};
shell.prompt();
term.draw();
report.drawn = await printedBy(editor, shell, 'hint se all');

// (the page was told of the next prompt; the terminal has not drawn it yet)
const asked = printedBy(editor, shell, 'why [1,1]');
await tick();
term.draw();
report.notYetDrawn = await asked;

term.draw();
editor.type('step');
report.running = await printedBy(editor, shell, 'hint se all'); // (step runs: not at a prompt)
process.stdout.write(JSON.stringify(report));
