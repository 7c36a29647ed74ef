"""Who leads the race, and when the lead changes hands (docs/race.md §1).

The one reading of "lead" that the drama figures, the drama beats and the simulator's vectorised
form of them share: a player leads after an action when he stands on a higher space than every
other player; the lead changes hands when a player takes it and the last player to lead alone was
somebody else. Pure: positions in, figures out.
"""

from __future__ import annotations

from collections.abc import Sequence


def sole_leader(pos: Sequence[int]) -> int | None:
    """The seat standing strictly furthest along, or None when two or more share the furthest space."""
    best = max(pos)
    leader = None
    for seat, at in enumerate(pos):
        if at == best:
            if leader is not None:
                return None
            leader = seat
    return leader


def deficit(pos: Sequence[int], seat: int) -> int:
    """How many spaces the seat stands behind the furthest of the others (0 when level or ahead)."""
    ahead = max(at for other, at in enumerate(pos) if other != seat)
    return max(0, ahead - pos[seat])


class LeadFollower:
    """Fed the positions after each action, in order: the lead, its changes, each player's worst deficit.

    `changes` counts lead changes (the first player to lead alone changes nothing); `last_change`
    is the turn of the latest; `comeback` is, by seat, the largest deficit a player has since
    overturned by leading alone; `worst` the largest deficit each has had so far.
    """

    def __init__(self, players: int) -> None:
        self.leader: int | None = None  # the last player to lead alone (kept through ties)
        self.changes = 0
        self.last_change: int | None = None
        self.worst = [0] * players
        self.comeback = [0] * players
        self._since = [0] * players  # largest deficit since each last led alone

    def feed(self, pos: Sequence[int], turn: int) -> bool:
        """Take the positions after an action of this turn; True when the lead has just changed hands."""
        changed = False
        now = sole_leader(pos)
        if now is not None:
            if self.leader is not None and now != self.leader:
                self.changes += 1
                self.last_change = turn
                changed = True
            self.leader = now
        for seat in range(len(pos)):
            behind = deficit(pos, seat)
            self.worst[seat] = max(self.worst[seat], behind)
            self._since[seat] = max(self._since[seat], behind)
        if now is not None:
            self.comeback[now] = max(self.comeback[now], self._since[now])
            self._since[now] = 0
        return changed

    def copy(self) -> LeadFollower:
        """A follower at the same point, which later feeding of either leaves the other alone."""
        twin = LeadFollower.__new__(LeadFollower)
        twin.leader, twin.changes, twin.last_change = self.leader, self.changes, self.last_change
        twin.worst, twin.comeback, twin._since = list(self.worst), list(self.comeback), list(self._since)
        return twin
