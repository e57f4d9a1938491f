-- nvim-dap's setup for sudoku-repl's Debug Adapter Protocol server (docs/editors.md).
-- Load it from your config: dofile('/path/to/sudoku-repl/editors/nvim/sudoku-repl.lua'), or copy it.
-- `command`: the sudoku-repl program (a name on PATH, or e.g. a project's .venv/bin/sudoku-repl).
local dap = require('dap')
local command = vim.g.sudoku_repl_command or 'sudoku-repl'

-- The adapter on stdin/stdout, started by nvim-dap for each session.
dap.adapters['sudoku-repl'] = {
  type = 'executable',
  command = command,
  args = { 'dap' },
}

-- The same over TCP: nvim-dap picks a free port, starts `sudoku-repl dap --port N` and connects
-- (it tries for about 10 s; a busy machine may need more max_retries, each a quarter second).
dap.adapters['sudoku-repl-server'] = {
  type = 'server',
  host = '127.0.0.1',
  port = '${port}',
  executable = { command = command, args = { 'dap', '--port', '${port}' } },
  options = { max_retries = 40 },
}

-- An adapter you started yourself (`sudoku-repl dap --port 4711`) is `type = 'server'` with
-- `port = 4711` and no `executable`.

local configurations = {
  {
    type = 'sudoku-repl',
    request = 'launch',
    name = 'Debug the quiz',
    program = '${file}',
    stopOnEntry = true,
  },
  {
    type = 'sudoku-repl-server',
    request = 'launch',
    name = 'Debug the quiz (over TCP)',
    program = '${file}',
    stopOnEntry = true,
  },
}
-- quiz files: plain text (examples/seed.txt) and *.sudoku, *.sdk
dap.configurations.text = configurations
dap.configurations.sudoku = configurations
vim.filetype.add({ extension = { sudoku = 'sudoku', sdk = 'sudoku' } })
