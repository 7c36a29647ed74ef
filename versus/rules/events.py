"""What happened, as typed immutable events. The narrator, the scenes and the TUI read these.

Each is a named tuple (versus.rules.records): built in a tenth of a frozen dataclass's time, with
the same fields, repr and equality by kind and value.
"""

from __future__ import annotations

from typing import NamedTuple

from versus.rules.records import record


@record
class TurnBegan(NamedTuple):
    player: int
    turn: int  # turns of all players counted together, from 1
    round: int


@record
class Spun(NamedTuple):
    player: int
    spin: int
    origin: int


@record
class Moved(NamedTuple):
    """The token was counted forward from origin to a space."""

    player: int
    frm: int
    to: int


@record
class Landed(NamedTuple):
    """A spin brought the player to this space, before its direction."""

    player: int
    space: int


@record
class Advanced(NamedTuple):
    player: int
    frm: int
    to: int


@record
class Sent(NamedTuple):
    """A direction sent the player elsewhere (including back to the origin of the spin)."""

    player: int
    frm: int
    to: int


@record
class Fined(NamedTuple):
    """Paid into the pool or bank: a fine, a toll, a forfeit or the price of a place."""

    player: int
    due: int
    paid: int


@record
class Paid(NamedTuple):
    """Paid to another player."""

    player: int
    to: int
    amount: int


@record
class Received(NamedTuple):
    """Received from another player, or from the pool or bank when frm is None."""

    player: int
    frm: int | None
    amount: int


@record
class Confined(NamedTuple):
    """Made to miss turns: confined (Mansion months) or made to wait (Virtue turns)."""

    player: int
    space: int
    turns: int


@record
class Waited(NamedTuple):
    """A skipped turn; left is how many more will be skipped."""

    player: int
    left: int


@record
class Released(NamedTuple):
    """Confinement over by time; the player begins again on the start square."""

    player: int
    to: int


@record
class Relieved(NamedTuple):
    """Freed by another guilty of the same crime (rule 15)."""

    player: int
    by: int
    to: int


@record
class Displaced(NamedTuple):
    """Moved by a collision (rule 16): back to the mover's origin."""

    player: int
    by: int
    frm: int
    to: int


@record
class Respun(NamedTuple):
    """Came onto a prisoner's place uninvited: back to the origin to spin again (rule 16)."""

    player: int
    origin: int


@record
class Stayed(NamedTuple):
    """The re-spin matched the spin before it: the player remains where he was."""

    player: int
    space: int


@record
class Overshot(NamedTuple):
    """Spun past the goal; outcome is "seat", "begin-again" or "bounce"."""

    player: int
    frm: int
    to: int
    outcome: str


@record
class ExtraSpin(NamedTuple):
    """Spins added to the player's turn (a field named count would hide the tuple's own count())."""

    player: int
    spins: int


@record
class Won(NamedTuple):
    player: int
    space: int


Event = (
    TurnBegan | Spun | Moved | Landed | Advanced | Sent | Fined | Paid | Received | Confined
    | Waited | Released | Relieved | Displaced | Respun | Stayed | Overshot | ExtraSpin | Won
)
