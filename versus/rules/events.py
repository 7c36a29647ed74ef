"""What happened, as typed immutable events. The narrator, the scenes and the TUI read these."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class TurnBegan:
    player: int
    turn: int  # turns of all players counted together, from 1
    round: int


@dataclass(frozen=True, slots=True)
class Spun:
    player: int
    spin: int
    origin: int


@dataclass(frozen=True, slots=True)
class Moved:
    """The token was counted forward from origin to a space."""

    player: int
    frm: int
    to: int


@dataclass(frozen=True, slots=True)
class Landed:
    """A spin brought the player to this space, before its direction."""

    player: int
    space: int


@dataclass(frozen=True, slots=True)
class Advanced:
    player: int
    frm: int
    to: int


@dataclass(frozen=True, slots=True)
class Sent:
    """A direction sent the player elsewhere (including back to the origin of the spin)."""

    player: int
    frm: int
    to: int


@dataclass(frozen=True, slots=True)
class Fined:
    """Paid into the pool or bank: a fine, a toll, a forfeit or the price of a place."""

    player: int
    due: int
    paid: int


@dataclass(frozen=True, slots=True)
class Paid:
    """Paid to another player."""

    player: int
    to: int
    amount: int


@dataclass(frozen=True, slots=True)
class Received:
    """Received from another player, or from the pool or bank when frm is None."""

    player: int
    frm: int | None
    amount: int


@dataclass(frozen=True, slots=True)
class Confined:
    """Made to miss turns: confined (Mansion months) or made to wait (Virtue turns)."""

    player: int
    space: int
    turns: int


@dataclass(frozen=True, slots=True)
class Waited:
    """A skipped turn; left is how many more will be skipped."""

    player: int
    left: int


@dataclass(frozen=True, slots=True)
class Released:
    """Confinement over by time; the player begins again on the start square."""

    player: int
    to: int


@dataclass(frozen=True, slots=True)
class Relieved:
    """Freed by another guilty of the same crime (rule 15)."""

    player: int
    by: int
    to: int


@dataclass(frozen=True, slots=True)
class Displaced:
    """Moved by a collision (rule 16): back to the mover's origin."""

    player: int
    by: int
    frm: int
    to: int


@dataclass(frozen=True, slots=True)
class Respun:
    """Came onto a prisoner's place uninvited: back to the origin to spin again (rule 16)."""

    player: int
    origin: int


@dataclass(frozen=True, slots=True)
class Stayed:
    """The re-spin matched the spin before it: the player remains where he was."""

    player: int
    space: int


@dataclass(frozen=True, slots=True)
class Overshot:
    """Spun past the goal; outcome is "seat", "begin-again" or "bounce"."""

    player: int
    frm: int
    to: int
    outcome: str


@dataclass(frozen=True, slots=True)
class ExtraSpin:
    player: int
    count: int


@dataclass(frozen=True, slots=True)
class Won:
    player: int
    space: int


Event = (
    TurnBegan | Spun | Moved | Landed | Advanced | Sent | Fined | Paid | Received | Confined
    | Waited | Released | Relieved | Displaced | Respun | Stayed | Overshot | ExtraSpin | Won
)
