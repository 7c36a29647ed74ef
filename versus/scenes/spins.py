"""Where the k-th spin of a game comes from: the scene's script, else a pure draw from the seed."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence


def drawn(seed: int, k: int, faces: int) -> int:
    """The teetotum's k-th spin (from 1) for this seed: a pure function of (seed, k, faces).

    Drawn by hashing, not from a running generator, so that scripting, adding or removing a
    spin never changes the draw at any other position.
    """
    digest = hashlib.blake2b(f"versus/{seed}/{k}/{faces}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") % faces + 1


def spin_at(script: Sequence[int | None], seed: int, k: int, faces: int) -> tuple[int, bool]:
    """(spin, scripted) for the k-th spin: script[k-1] when it holds a number, else the seed's draw."""
    if k <= len(script) and script[k - 1] is not None:
        return script[k - 1], True  # type: ignore[return-value]
    return drawn(seed, k, faces), False
