"""The plain way: games played one at a time through the rules engine (for checks and benchmarks)."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from versus.rules import Stream
from versus.rules.board import Board, Rules
from versus.rules.state import State
from versus.scenes.patterns import BeatsHeld


@dataclass(frozen=True)
class Played:
    winner: int  # -1 for none
    turns: int
    spins: int  # spins used by the whole game so far
    held: tuple[bool, ...]
    counters: tuple[int, ...]
    paid: tuple[int, ...]


def play_engine(board: Board, rules: Rules, state: State, spin: Callable[[int], int], max_turns: int,
                beats: Sequence = (), k: int = 1) -> Played:
    """Play on from state until a win or max_turns, spin(k) giving the k-th spin of the game.

    One-way play (a Stream): nothing here is ever undone, so no history is kept."""
    stream = Stream.from_state(board, rules, state)
    held = BeatsHeld(list(beats), state.players)
    if not (state.turn >= max_turns and state.pending is None):
        for action, after in stream.play(spin(n) for n in itertools.count(k)):  # drawn only when needed
            held.feed(action)
            if after.turn >= max_turns and after.pending is None:
                break
    k += stream.spins_used
    final = stream.state
    if final.winner is not None or (final.turn >= max_turns and final.pending is None):
        held.mark(held.tracker.at_end(final.pos, final.winner))
    # `turn N` and `round N` beats that began before `state` are not seen here; callers starting
    # mid-game pass what the prefix held themselves.
    return Played(-1 if final.winner is None else final.winner, final.turn, k - 1, tuple(held.held()),
                  final.counters, tuple(held.tracker.paid))


def simulate_plain(board: Board, rules: Rules, state: State, games: int, max_turns: int,
                   seed: int = 0) -> list[Played]:
    """Plain-loop Monte Carlo: each game in turn, random.Random(seed) for the spins."""
    rng = random.Random(seed)
    faces = rules.teetotum
    return [play_engine(board, rules, state, lambda _k: rng.randint(1, faces), max_turns)
            for _ in range(games)]
