;;; batch_check.el --- editors/emacs/sudoku-repl-dape.el as dape reads it  -*- lexical-binding: t; -*-
;; Emacs in batch mode, from the repository's root, with dape.el on the load path:
;;   emacs --batch -Q -L /path/to/dape -l editors/emacs/batch_check.el
;; loads dape and the setup, visits examples/seed.txt and prints each entry as dape evaluates
;; it for a session (`dape--config-eval', then `dape-config-autoport'), without starting one.
(require 'dape)
(load (expand-file-name "editors/emacs/sudoku-repl-dape.el"))
(find-file "examples/seed.txt")
(dolist (key '(sudoku-repl sudoku-repl-port))
  (let ((config (dape-config-autoport (dape--config-eval key nil))))
    (princ (format "%s:\n" key))
    (cl-loop for (name value) on config by #'cddr
             unless (functionp value)
             do (princ (format "  %s %S\n" name value)))))
