"""Tools over whole files of quizzes: rating and generation."""
