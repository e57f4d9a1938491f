// The viewer of an HTML file of the page's folder (viewer.html, docs/web.md): the page opens it
// in a tab of its own with no opener, the file's name and its bytes' address (a blob: URL of the
// page's origin) after the #. The file is shown in a frame sandboxed to scripts alone: an opaque
// origin, which reaches neither the page's storage nor its windows (a replay someone sent is a
// page of theirs). Any other address after the # is refused.
const status = document.getElementById('status');
const frame = document.getElementById('file');
const asked = new URLSearchParams(location.hash.slice(1));
const name = asked.get('name') || 'the file';
const source = asked.get('file') || '';

async function show() {
    if (!source.startsWith(`blob:${location.origin}/`)) {
        status.textContent = "Nothing to open here: open an HTML file from the Files of sudoku-repl's page.";
        return;
    }
    document.title = name;
    frame.title = name;
    let text;
    try {
        text = await (await fetch(source)).text();
    } catch {
        status.textContent = `${name} is no longer here: open it again from the Files of sudoku-repl's page.`;
        return;
    }
    frame.srcdoc = text;
    status.textContent = '';
}

show();
