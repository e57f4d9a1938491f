"""The tools: rating (in workers and at scale), its plot, and making quizzes."""
