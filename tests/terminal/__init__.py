"""The program in a real pseudo-terminal (pexpect, tmux): Ctrl-C and Ctrl-D, terminal modes, keys typed ahead."""
