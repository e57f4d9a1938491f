-- nvim-dap's setup for `sudoku-repl dap` (docs/editors.md): dofile() it from your config, or
-- copy it. vim.g.sudoku_repl_command: the program, if `sudoku-repl` is not on PATH.
local dap = require('dap')
local command = vim.g.sudoku_repl_command or 'sudoku-repl'

-- the adapter on stdin/stdout
dap.adapters['sudoku-repl'] = { type = 'executable', command = command, args = { 'dap' } }

-- the same over TCP: nvim-dap picks a free port, starts `sudoku-repl dap --port N`, connects
-- (retrying every quarter second: 40 tries for a busy machine)
dap.adapters['sudoku-repl-server'] = {
  type = 'server',
  host = '127.0.0.1',
  port = '${port}',
  executable = { command = command, args = { 'dap', '--port', '${port}' } },
  options = { max_retries = 40 },
}

local configurations = {
  { type = 'sudoku-repl', request = 'launch', name = 'Debug the quiz',
    program = '${file}', stopOnEntry = true },
  { type = 'sudoku-repl-server', request = 'launch', name = 'Debug the quiz (over TCP)',
    program = '${file}', stopOnEntry = true },
}
dap.configurations.text = configurations    -- examples/seed.txt
dap.configurations.sudoku = configurations  -- *.sudoku, *.sdk
vim.filetype.add({ extension = { sudoku = 'sudoku', sdk = 'sudoku' } })
