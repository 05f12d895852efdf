"""Types of the in-order pass over position-bitsets' bits (structures/backends/bitset_order.pyx)."""

from typing_extensions import Buffer

def in_order(masks: list[bytes | None], lengths: Buffer, words: list[str]) -> list[str]: ...
