"""Spelling Bee: the words of seven letters around a centre one (``lexibench spellingbee``)."""
