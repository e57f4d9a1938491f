-- Drives nvim-dap headless with editors/nvim/sudoku-repl.lua against `sudoku-repl dap`: a
-- breakpoint in the quiz file's gutter, the launch, the stop, the stack and the Board scope, then
-- `continue` to the end of the search (a stop that says so: then it ends the session itself). It
-- prints what it saw and exits 0 when the session ended, 1 if not.
-- Run from the repository's root (docs/editors.md, "Neovim"):
--   SUDOKU_REPL_COMMAND=.venv/bin/sudoku-repl nvim --headless -u NONE \
--     --cmd 'set rtp+=/path/to/nvim-dap' -c 'luafile editors/nvim/headless_check.lua'
-- SUDOKU_REPL_ADAPTER=sudoku-repl-server takes the adapter over TCP instead of stdin/stdout;
-- SUDOKU_REPL_QUIZ and SUDOKU_REPL_LINE choose the file and the breakpoint's line.
local function say(line)
  io.stdout:write(line .. '\n')
end

vim.g.sudoku_repl_command = os.getenv('SUDOKU_REPL_COMMAND') or 'sudoku-repl'
dofile('editors/nvim/sudoku-repl.lua')
local dap = require('dap')
local adapter = os.getenv('SUDOKU_REPL_ADAPTER') or 'sudoku-repl'
local quiz = vim.fn.fnamemodify(os.getenv('SUDOKU_REPL_QUIZ') or 'examples/seed.txt', ':p')
local line = tonumber(os.getenv('SUDOKU_REPL_LINE') or '5')

vim.cmd('edit ' .. vim.fn.fnameescape(quiz))
require('dap.breakpoints').set({}, vim.api.nvim_get_current_buf(), line)

local state = { stops = 0, ended = false }

-- the first stop in full (its stack, scopes and Board), the others in a line
local function show_stop(session, body)
  state.stops = state.stops + 1
  say(('stopped: reason=%s description=%s'):format(body.reason, tostring(body.description)))
  if tostring(body.description):match('^The search ended at step') then
    return dap.terminate() -- (the end is a stop, docs/dap.md: the session would stay)
  end
  session:request('stackTrace', { threadId = body.threadId }, function(err, trace)
    assert(not err, err and err.message)
    if state.stops > 1 then
      local top = trace.stackFrames[1]
      say(('  #0 %s  (line %s, column %s)'):format(top.name, top.line, top.column))
      return dap.continue()
    end
    for i, frame in ipairs(trace.stackFrames) do
      say(('  #%d %s  (line %s, column %s)'):format(i - 1, frame.name, frame.line, frame.column))
    end
    session:request('scopes', { frameId = trace.stackFrames[1].id }, function(err2, scopes)
      assert(not err2, err2 and err2.message)
      local names = {}
      for _, scope in ipairs(scopes.scopes) do
        names[#names + 1] = scope.name
      end
      say('  scopes: ' .. table.concat(names, ', '))
      session:request('variables', { variablesReference = scopes.scopes[1].variablesReference },
        function(err3, vars)
          assert(not err3, err3 and err3.message)
          for _, var in ipairs(vars.variables) do
            say(('  %s = %s'):format(var.name, var.value))
          end
          dap.continue()
        end)
    end)
  end)
end

dap.listeners.after.event_stopped['headless_check'] = show_stop
dap.listeners.after.event_output['headless_check'] = function(_, body)
  for text in body.output:gmatch('[^\n]+') do
    if text:match('^Fine') then
      say('output: ' .. text)
    end
  end
end
dap.listeners.after.event_exited['headless_check'] = function(_, body)
  say('exited: exitCode=' .. tostring(body.exitCode))
end
dap.listeners.after.event_terminated['headless_check'] = function()
  say('terminated')
  state.ended = true
end

for _, config in ipairs(dap.configurations.text) do
  if config.type == adapter then
    say(('launch: adapter %s, %s, breakpoint at line %d'):format(adapter, quiz, line))
    dap.run(vim.tbl_extend('force', config, { stopOnEntry = false }))
  end
end
vim.wait(120000, function()
  return state.ended
end, 50)
say(('stops: %d, ended: %s'):format(state.stops, tostring(state.ended)))
vim.cmd(state.ended and 'qa!' or 'cq!')
