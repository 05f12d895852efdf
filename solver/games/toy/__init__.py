"""A toy game: is a string a word (see ``game.py``)."""
