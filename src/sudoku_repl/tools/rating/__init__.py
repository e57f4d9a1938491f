"""Rating files of quizzes (`rate`): one quiz rated, the workers, the rows, `--out` and its continuation, Dask, the plot."""
