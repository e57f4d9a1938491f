#!/bin/sh
# Sets up a real VS Code for the end-to-end test (tests/editors/test_vscode_real.py): code-server
# 4.100.3 (= VS Code 1.100.3, the last line whose engines.node accepts Node 20), installed OUTSIDE
# the repository, in a cache folder (~320 MB; default ~/.cache/code-server-4.100.3, or $1), offline
# but for the npm registry. Prints the executable's path on its last line: export it as
#   SUDOKU_REPL_CODE_SERVER=$(sh editors/vscode/test/setup-code-server.sh | tail -n 1)
# Running it again when the install is complete only prints the path.
# Needs node >= 20 and npm; on Debian it installs the headers code-server's native modules build
# against, ripgrep and chromium with apt-get (as root), when they are missing.
set -eu
VERSION=4.100.3
D=${1:-${XDG_CACHE_HOME:-$HOME/.cache}/code-server-$VERSION}
CS=$D/node_modules/.bin/code-server
if [ -x "$CS" ] && [ -f "$D/.complete" ]; then
    echo "$CS"
    exit 0
fi
command -v npm >/dev/null || { echo "setup-code-server: npm is needed (node >= 20)" >&2; exit 1; }
if command -v apt-get >/dev/null && [ "$(id -u)" = 0 ]; then
    need=""
    for p in libkrb5-dev libx11-dev libxkbfile-dev libsecret-1-dev ripgrep chromium; do
        dpkg -s "$p" >/dev/null 2>&1 || need="$need $p"
    done
    if [ -n "$need" ]; then
        apt-get install -y -qq $need >&2
    fi
fi
command -v rg >/dev/null || { echo "setup-code-server: ripgrep (rg) is needed" >&2; exit 1; }
mkdir -p "$D"
cd "$D"
echo "setup-code-server: installing code-server $VERSION into $D (a few minutes)" >&2
npm install --no-audit --no-fund --ignore-scripts "code-server@$VERSION" >&2
cd node_modules/code-server/lib/vscode
npm install --no-audit --no-fund --unsafe-perm --omit=dev --ignore-scripts >&2
# @vscode/ripgrep's own install downloads a binary from a host that may be unreachable: use the system's.
mkdir -p node_modules/@vscode/ripgrep/bin
cp "$(command -v rg)" node_modules/@vscode/ripgrep/bin/rg
# node-pty's last post-install step may fail (compile_commands_json): harmless, pty.node is built.
npm rebuild kerberos @vscode/deviceid @vscode/spdlog native-watchdog node-pty @parcel/watcher >&2 || true
[ -e node_modules.asar ] || ln -s node_modules node_modules.asar
(cd bin/remote-cli && { [ -e code-server ] || ln -s code-linux.sh code-server; })
(cd bin/helpers && { [ -e browser.sh ] || ln -s browser-linux.sh browser.sh; })
(cd extensions && npm install --no-audit --no-fund --unsafe-perm --omit=dev >&2)
cd "$D"
npm rebuild argon2 >&2   # code-server's own native module: without it, it does not start
touch "$D/.complete"
echo "$CS"
