"""Types of the compiled core (core.pyx): the queries and stepping of
:class:`~structures.node_cores.NodeCore`, and the native search, typed as the protocol's
(:class:`~structures.protocol.NativeLexicon`)."""

from array import array

from typing_extensions import Buffer

from lexibench.structures.node_cores import NodeCore
from lexibench.structures.protocol import NativeLexicon

class NativeCore(NodeCore):
    def _attach(self, nodes: Buffer, count: int) -> None: ...
    def _node_array(self) -> array[int]: ...
    find_paths = NativeLexicon.find_paths
    path_words = NativeLexicon.path_words
    path_total = NativeLexicon.path_total

def search_build() -> str: ...
