"""The core: the engine (pure and native), the record, the session's stepping loop, quizzes and their geometry."""
