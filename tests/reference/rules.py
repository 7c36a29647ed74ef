"""An independent, deliberately plain reference implementation of docs/rules.md.

It exists only to cross-check the main engine (`versus trace`), so it is
written for obviousness, not speed: plain loops, one small function per rule,
and no code shared with the engine.

Public API:
    trace(board, players, spins, switches) -> list[str]   (JSON Lines, no "\\n")
    PRESETS                                                (switch values per preset)
"""

from __future__ import annotations

import json

PRESETS: dict[str, dict[str, dict[str, object]]] = {
    "mansion-of-happiness": {
        "ives": {
            "teetotum": 6,
            "start": "off-board",
            "counting": "all",
            "collisions": "on",
            "relief": "begin-again",
        },
        "zh": {
            "teetotum": 6,
            "start": "justice",
            "counting": "skip-places",
            "collisions": "on",
            "relief": "return-and-spin",
        },
    },
    "virtue-rewarded": {
        "darton": {"teetotum": 4},
    },
}


class OutOfSpins(Exception):
    """A spin is needed and none is left: the trace stops here."""


class GameOver(Exception):
    """A winner has been decided: the trace stops here."""


class SpinSource:
    """Hands out the given spins strictly in order."""

    def __init__(self, spins: list[int]) -> None:
        self.spins = list(spins)
        self.next_index = 0

    def take(self) -> int:
        if self.next_index >= len(self.spins):
            raise OutOfSpins()
        spin = self.spins[self.next_index]
        self.next_index += 1
        return spin


def action_line(
    player: int,
    spin: int | None,
    pos: list[int],
    counters: list[int],
    pool: int,
    waiting: list[int],
    winner: int | None,
) -> str:
    """One JSON Lines record, keys in the order fixed by docs/rules.md §4."""
    obj = {
        "player": player,
        "spin": spin,
        "pos": list(pos),
        "counters": list(counters),
        "pool": pool,
        "waiting": list(waiting),
        "winner": winner,
    }
    return json.dumps(obj)


# ===========================================================================
# 1. The Mansion of Happiness
# ===========================================================================

M_GOAL = 67
M_SEAT = 60
M_VIRTUES = {2, 4, 13, 15, 18, 23, 31, 33, 38, 42, 45, 52, 54}
M_VICES = {7, 20, 25, 61}
M_PLACES = {11, 22, 30, 36, 40, 50, 55}
M_TOLLS = {6: (1, 10), 9: (1, 12)}  # space: (fine, destination)
M_SENT = {17: 11, 26: 18}  # space: destination
M_OFFENSES = {  # space: (fine, destination, months confined)
    14: (1, 6, 0),
    28: (1, 22, 0),
    34: (1, 30, 1),
    43: (1, 36, 0),
    47: (1, 40, 0),
    57: (2, 50, 2),
    63: (3, 55, 0),
}
M_COUNTERS = 10


class Mansion:
    """State and rules of one game of The Mansion of Happiness."""

    def __init__(self, players: int, spins: list[int], switches: dict[str, object]) -> None:
        self.players = players
        self.spins = SpinSource(spins)
        self.skip_places = switches["counting"] == "skip-places"
        self.collisions_on = switches["collisions"] == "on"
        self.relief = str(switches["relief"])
        self.start_square = 0 if switches["start"] == "off-board" else 1
        self.pos = [self.start_square] * players
        self.counters = [M_COUNTERS] * players
        self.pool = 0
        self.months = [0] * players
        # True once the player has used the Seat of Expectation since he last began again.
        self.seat_used = [False] * players
        # Origin of the spin that brought the player onto A CHEAT / A ROBBER.
        self.crime_origin = [self.start_square] * players
        self.winner: int | None = None
        self.lines: list[str] = []

    # ----- bookkeeping -------------------------------------------------------

    def emit(self, player: int, spin: int | None) -> None:
        self.lines.append(
            action_line(
                player, spin, self.pos, self.counters, self.pool, self.months, self.winner
            )
        )

    def pay(self, player: int, amount: int) -> None:
        """Pay a fine into the pool; a player short of counters pays what he has."""
        paid = min(amount, self.counters[player])
        self.counters[player] -= paid
        self.pool += paid

    def begin_again(self, player: int) -> None:
        """Go to the start square, free, with the Seat of Expectation usable again."""
        self.pos[player] = self.start_square
        self.months[player] = 0
        self.seat_used[player] = False

    def count_forward(self, start: int, steps: int) -> int:
        """Count steps forward; under skip-places the seven places are never a step.

        The result may exceed 67 (that is an overshoot, judged by the caller).
        """
        square = start
        for _ in range(steps):
            square += 1
            while self.skip_places and square in M_PLACES:
                square += 1
        return square

    # ----- turns ------------------------------------------------------------

    def play(self) -> list[str]:
        player = 0
        try:
            while True:
                self.play_turn(player)
                player = (player + 1) % self.players
        except (OutOfSpins, GameOver):
            pass
        return self.lines

    def play_turn(self, player: int) -> None:
        if self.months[player] > 0:
            self.pass_a_month(player)
            return
        self.spin_and_play(player)

    def pass_a_month(self, player: int) -> None:
        """Step 1: a confined player's turn uses no spin; on the last month he is released."""
        self.months[player] -= 1
        if self.months[player] == 0:
            self.begin_again(player)
        self.emit(player, None)

    def spin_and_play(self, player: int) -> None:
        """Steps 2 to 6 from the player's current position, with a new spin."""
        spin = self.spins.take()
        origin = self.pos[player]
        self.play_spin(player, origin, spin)

    def play_spin(self, player: int, origin: int, spin: int) -> None:
        """Steps 2 to 6 for one spin from origin (the player stands on origin)."""
        counted = self.count_forward(origin, spin)

        if counted > M_GOAL:  # step 3: overshoot
            if not self.seat_used[player]:
                self.seat_used[player] = True
                self.pos[player] = M_SEAT
                self.arrive(player, origin, spin, final=M_SEAT, landing=M_SEAT)
            else:
                self.begin_again(player)
                self.emit(player, spin)
            return

        if counted == M_GOAL:  # step 4
            self.pos[player] = M_GOAL
            self.winner = player
            self.emit(player, spin)
            raise GameOver()

        final = self.apply_direction(player, origin, counted)  # step 5
        self.arrive(player, origin, spin, final=final, landing=counted)

    def apply_direction(self, player: int, origin: int, landing: int) -> int:
        """Step 5: the landing space's direction, applied once (no chaining).

        Moves the player and returns the final space F.
        """
        final = landing
        if landing in M_VIRTUES:
            final = self.count_forward(landing, 6)
        elif landing in M_VICES:
            final = origin
        elif landing in M_TOLLS:
            fine, final = M_TOLLS[landing]
            self.pay(player, fine)
        elif landing in M_SENT:
            final = M_SENT[landing]
        elif landing in M_OFFENSES:
            fine, final, months = M_OFFENSES[landing]
            self.pay(player, fine)
            if months > 0:
                self.months[player] = months
                self.crime_origin[player] = origin
        self.pos[player] = final
        return final

    # ----- step 6: collisions ------------------------------------------------

    def collision_applies(self, origin: int, final: int, landing: int) -> bool:
        if not self.collisions_on:
            return False
        if final == self.start_square or final == M_GOAL:
            return False
        sent_by_crime = landing in M_OFFENSES
        return final != origin or sent_by_crime

    def others_on(self, player: int, square: int) -> list[int]:
        return [q for q in range(self.players) if q != player and self.pos[q] == square]

    def arrive(self, player: int, origin: int, spin: int, final: int, landing: int) -> None:
        """Step 6, then record this action, then play any follow-on action."""
        others: list[int] = []
        if self.collision_applies(origin, final, landing):
            others = self.others_on(player, final)

        if not others:
            self.emit(player, spin)
            return

        confined = [q for q in others if self.months[q] > 0]
        unconfined = [q for q in others if self.months[q] == 0]

        if confined:  # case a
            prisoner = confined[0]
            sent_by_confining_crime = landing in M_OFFENSES and M_OFFENSES[landing][2] > 0
            if sent_by_confining_crime:
                self.relieve(player, origin, spin, prisoner, unconfined)
            else:
                self.respin(player, origin, spin)
            return

        if landing not in M_OFFENSES:  # case c (case b pays nothing more)
            self.pay(player, 1)
        for q in others:
            self.pos[q] = origin
        self.emit(player, spin)

    def respin(self, player: int, origin: int, spin: int) -> None:
        """Case a, counted onto a prisoner: back to o and spin again at once."""
        self.pos[player] = origin
        self.emit(player, spin)
        new_spin = self.spins.take()
        if new_spin == spin:
            self.emit(player, new_spin)  # he stays on o; the turn ends
            return
        self.play_spin(player, origin, new_spin)

    def relieve(
        self, player: int, origin: int, spin: int, prisoner: int, unconfined: list[int]
    ) -> None:
        """Case a, sent by the same crime: the mover relieves the prisoner (rule 15)."""
        for q in unconfined:
            self.pos[q] = origin
        if self.relief == "begin-again":
            self.begin_again(prisoner)
            self.emit(player, spin)
            return
        # return-and-spin: back to the origin of the spin that brought him onto
        # the crime's space (not beginning again), then one spin of his own.
        self.months[prisoner] = 0
        self.pos[prisoner] = self.crime_origin[prisoner]
        self.emit(player, spin)
        self.spin_and_play(prisoner)


# ===========================================================================
# 2. Virtue Rewarded and Vice Punished
# ===========================================================================

V_GOAL = 33
V_COUNTERS = 12
V_STAKE = 4


class Virtue:
    """State and rules of one game of Virtue Rewarded and Vice Punished."""

    def __init__(self, players: int, spins: list[int]) -> None:
        self.players = players
        self.spins = SpinSource(spins)
        self.pos = [0] * players
        self.counters = [V_COUNTERS - V_STAKE] * players
        self.bank = V_STAKE * players
        self.wait = [0] * players
        self.winner: int | None = None
        self.lines: list[str] = []

    def emit(self, player: int, spin: int | None) -> None:
        self.lines.append(
            action_line(
                player, spin, self.pos, self.counters, self.bank, self.wait, self.winner
            )
        )

    # ----- counters ----------------------------------------------------------

    def others_in_order(self, player: int) -> list[int]:
        """Each other player, in seat order starting after the player concerned."""
        return [(player + k) % self.players for k in range(1, self.players)]

    def give(self, payer: int, payee: int) -> None:
        """Move one counter from payer to payee, if the payer has one."""
        if self.counters[payer] > 0:
            self.counters[payer] -= 1
            self.counters[payee] += 1

    def pay_bank(self, player: int, amount: int) -> None:
        paid = min(amount, self.counters[player])
        self.counters[player] -= paid
        self.bank += paid

    def from_bank(self, player: int, amount: int) -> None:
        taken = min(amount, self.bank)
        self.bank -= taken
        self.counters[player] += taken

    def pay_each(self, player: int) -> None:
        for q in self.others_in_order(player):
            self.give(player, q)

    def receive_each(self, player: int) -> None:
        for q in self.others_in_order(player):
            self.give(q, player)

    # ----- turns ------------------------------------------------------------

    def play(self) -> list[str]:
        player = 0
        try:
            while True:
                self.play_turn(player)
                player = (player + 1) % self.players
        except (OutOfSpins, GameOver):
            pass
        return self.lines

    def play_turn(self, player: int) -> None:
        if self.wait[player] > 0:
            self.wait[player] -= 1
            self.emit(player, None)
            return
        owed = 1
        while owed > 0:
            owed -= 1
            spin = self.spins.take()
            added, turn_ends = self.play_spin(player, spin)
            self.emit(player, spin)
            if self.winner is not None:
                raise GameOver()
            if turn_ends:
                return
            owed += added

    def play_spin(self, player: int, spin: int) -> tuple[int, bool]:
        """One spin. Returns (spins added to this turn, whether the turn ends)."""
        origin = self.pos[player]
        target = origin + spin
        if target > V_GOAL:  # rule VI: go back by the excess, no direction
            self.pos[player] = max(1, origin - (target - V_GOAL))
            return 0, True
        self.pos[player] = target
        if target == V_GOAL:
            self.from_bank(player, self.bank)
            self.winner = player
            return 0, True
        return self.apply_direction(player, origin, target)

    def apply_direction(self, player: int, origin: int, square: int) -> tuple[int, bool]:
        """The square's direction (no chaining). Returns (spins added, turn ends)."""
        added = 0
        wait = 0
        if square == 1:  # House of Correction
            wait = 3
        elif square in (2, 16, 22, 31):  # Prudence, Friendship, Modesty, Temperance
            added = 1
        elif square == 3:  # Hypocrisy
            self.pay_bank(player, 2)
            self.pay_each(player)
        elif square in (4, 10, 20):  # Honesty, Faith, Morality
            self.receive_each(player)
        elif square == 5:  # Folly
            self.pay_bank(player, 2)
            added = 1
        elif square == 6:  # Charity
            added = 3
        elif square == 7:  # Avarice
            self.pay_bank(player, self.counters[player] // 2)
        elif square == 8:  # Poverty
            self.from_bank(player, 2)
        elif square in (9, 25):  # The Stocks, Envy
            wait = 2
        elif square in (11, 17):  # Impertinence, Carelessness
            self.pos[player] = 2
        elif square == 12:  # Truth
            self.from_bank(player, 4)
            self.receive_each(player)
        elif square == 13:  # Sloth
            self.pos[player] = 1
            wait = 2
        elif square == 14:  # Hope
            pass
        elif square == 15:  # Luxury
            self.pay_bank(player, 1)
            self.pay_each(player)
        elif square == 18:  # Patience
            self.from_bank(player, 3)
        elif square == 19:  # Brutality
            self.pos[player] = 1
        elif square == 21:  # Malice
            self.pay_each(player)
            self.pay_bank(player, 1)
        elif square == 23:  # Contention
            self.pay_each(player)
            added = 1
        elif square == 24:  # Piety
            self.pos[player] = 31
        elif square == 26:  # Confusion
            self.pos[player] = origin
        elif square == 27:  # Diligence
            self.receive_each(player)
            added = 1
        elif square == 28:  # Obstinacy
            self.pos[player] = 18
            self.pay_bank(player, 2)
        elif square == 29:  # Civility
            self.pos[player] = 31
        elif square == 30:  # Falsehood
            self.pos[player] = 9
            wait = 3
        elif square == 32:  # Anger
            self.pos[player] = 18
            wait = 2
        if wait > 0:
            self.wait[player] = wait
            return 0, True  # a wait ends the turn; spins still owed are lost
        return added, False


# ===========================================================================
# Entry point
# ===========================================================================


def trace(board: str, players: int, spins: list[int], switches: dict[str, object]) -> list[str]:
    """The JSON Lines `versus trace` must print, one string per action."""
    if board == "mansion-of-happiness":
        return Mansion(players, spins, switches).play()
    if board == "virtue-rewarded":
        return Virtue(players, spins).play()
    raise ValueError(f"unknown board: {board}")


def _main(argv: list[str]) -> int:
    """Debug helper: rules.py BOARD PLAYERS SPINS [PRESET] [KEY=VALUE ...]."""
    board, players, spin_text = argv[0], int(argv[1]), argv[2]
    rest = argv[3:]
    preset = rest.pop(0) if rest and "=" not in rest[0] else next(iter(PRESETS[board]))
    switches = dict(PRESETS[board][preset])
    for item in rest:
        key, value = item.split("=", 1)
        switches[key] = int(value) if key == "teetotum" else value
    spins = [int(x) for x in spin_text.split(",") if x.strip()]
    for line in trace(board, players, spins, switches):
        print(line)
    return 0


if __name__ == "__main__":
    import sys

    raise SystemExit(_main(sys.argv[1:]))
