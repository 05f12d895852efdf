"""Proving the best board: branch and bound over classes of boards (``lexibench prove``)."""
