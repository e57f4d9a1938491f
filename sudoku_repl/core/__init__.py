"""The pure core: geometry, the engine and its filters, run modes, the record, breakpoints and
the session. It never prints or reads a terminal and imports nothing above it."""
