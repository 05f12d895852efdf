"""A throwaway backend installed as a real distribution with ``lexibench.backends`` entry points."""

from __future__ import annotations

import textwrap
from pathlib import Path

PLUGIN_MODULE = '''
from lexibench.structures.word_checks import unique_words


class TupleLexicon:
    """A throwaway backend: a sorted tuple scanned linearly."""

    COST = "linear"

    def __init__(self, words):
        self._words = tuple(sorted(unique_words(words, "tuple-scan")))

    def __len__(self):
        return len(self._words)

    def is_word(self, s):
        return s in self._words

    def has_prefix(self, s):
        return any(w.startswith(s) for w in self._words)
'''


def install_plugin(folder: Path) -> Path:
    """Write the module and its ``.dist-info`` into ``folder`` (put it on ``sys.path``).

    Entry points: ``tuple-scan`` (works), ``broken`` (its module is missing) and ``dict-trie``
    (tries to replace a built-in).
    """
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "lexi_plugin_mod.py").write_text(PLUGIN_MODULE)
    dist_info = folder / "lexi_plugin-1.2.3.dist-info"
    dist_info.mkdir(exist_ok=True)
    (dist_info / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: lexi-plugin\nVersion: 1.2.3\n"
    )
    (dist_info / "entry_points.txt").write_text(
        textwrap.dedent(
            """
            [lexibench.backends]
            tuple-scan = lexi_plugin_mod:TupleLexicon
            broken = lexi_plugin_missing_mod:Nothing
            dict-trie = lexi_plugin_mod:TupleLexicon
            """
        )
    )
    return folder
