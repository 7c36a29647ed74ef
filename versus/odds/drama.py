"""The drama beats (versus.scenes.drama) on the simulator's arrays, one row a game: as its tracker reads them.

The lead is docs/race.md §1's: a row's sole leader is the one seat on its furthest space. These are
asked only when the scene has such beats, so a simulation without them pays nothing.
"""

from __future__ import annotations

import numpy as np

from versus.odds.beats import BeatPlan


def sole_leaders(pos: np.ndarray) -> np.ndarray:
    """(rows,) the seat standing alone furthest along in each row, -1 where two or more share the furthest."""
    top = pos.max(axis=1)
    at_top = pos == top[:, None]
    return np.where(at_top.sum(axis=1) == 1, at_top.argmax(axis=1), -1)


def turn_ends(p: BeatPlan, pos: np.ndarray, turn: np.ndarray, pending: np.ndarray, flags: np.ndarray) -> None:
    """Before a step: where a turn is about to begin, the standings after the one before settle
    `PLAYER leads after turn N` (the tracker reads them as the next turn begins)."""
    begins = ~pending
    leader = None
    for j, who, n in p.leads_after:
        now = begins & (turn == n)
        if now.any():
            leader = sole_leaders(pos) if leader is None else leader
            flags[:, j] |= now & (leader == who)


def after_action(p: BeatPlan, pos: np.ndarray, leader: np.ndarray, changes: np.ndarray, flags: np.ndarray) -> None:
    """After a step: the lead followed (leader and changes, in place), the lead-change and trailing beats."""
    if p.lead_changes:
        now = sole_leaders(pos)
        alone = now >= 0
        changes += alone & (leader >= 0) & (now != leader)
        np.copyto(leader, now, where=alone)
        for j, n in p.lead_changes:
            flags[:, j] |= changes >= n
    for j, who, n in p.trails:
        others = np.delete(pos, who, axis=1).max(axis=1)
        flags[:, j] |= others - pos[:, who] >= n
