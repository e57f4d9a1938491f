"""The front ends in-process or as subprocesses: batch mode, the shell driven by a pipe input, the full screen, the command line's options."""
