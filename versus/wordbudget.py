"""The one limit of a word budget for the prose, for the command line and the app alike."""

from __future__ import annotations

MIN_WORDS, MAX_WORDS = 50, 100_000


def budget_problem(words: int) -> str | None:
    """Why this budget cannot be asked for, or None."""
    if not MIN_WORDS <= words <= MAX_WORDS:
        return f"a word budget is from {MIN_WORDS} to {MAX_WORDS:,} words, not {words:,}"
    return None
