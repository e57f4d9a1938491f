;;; sudoku-repl-dape.el --- dape's setup for `sudoku-repl dap' (docs/editors.md)  -*- lexical-binding: t; -*-
;; Load it from your init file, or copy it.  `command': the venv's sudoku-repl if it is not on PATH.
(with-eval-after-load 'dape
  (add-to-list 'dape-configs
               '(sudoku-repl
                 modes (text-mode)
                 ensure dape-ensure-command
                 command "sudoku-repl"
                 command-args ("dap")
                 command-cwd dape-command-cwd
                 :type "sudoku-repl"
                 :request "launch"
                 :program dape-buffer-default
                 :stopOnEntry t))
  (add-to-list 'dape-configs
               '(sudoku-repl-port
                 modes (text-mode)
                 ensure dape-ensure-command
                 command "sudoku-repl"
                 command-args ("dap" "--port" :autoport)
                 command-cwd dape-command-cwd
                 port :autoport
                 :type "sudoku-repl"
                 :request "launch"
                 :program dape-buffer-default
                 :stopOnEntry t)))
