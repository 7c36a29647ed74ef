"""Chances by simulation: each player's chance of winning, the turns still to play, each beat's chance."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from versus.boards import load_board
from versus.odds.beats import Prefix
from versus.odds.simulate import Simulator, Start
from versus.odds.spins import RandomSpins
from versus.rules.game import initial_state
from versus.rules.state import State
from versus.scenes.model import Scene

CHUNK = 25_000  # games simulated at once; fixed, so that the figures never depend on the display


@dataclass(frozen=True)
class Odds:
    games: int
    win: tuple[float, ...]  # by seat
    no_winner: float  # unfinished at end.max_turns
    turns_left: float  # mean number of turns begun after the starting point
    beats: tuple[float, ...]  # by beat, in the scene's order
    start_turn: int


def scene_rules(scene: Scene):
    board = load_board(scene.game)
    return board, board.rules(scene.preset, **dict(scene.switches))


def estimate(scene: Scene, state: State | None = None, prefix: Prefix | None = None, games: int = 10_000,
             seed: int = 0, max_turns: int | None = None,
             progress: Callable[[int, int], None] | None = None) -> Odds:
    """Simulate games from state (default: the start) to a win or end.max_turns.

    prefix says which event beats the game before state has already seen (and what each player has
    paid), so that a beat's chance is its chance of holding in the finished game.
    """
    board, rules = scene_rules(scene)
    n = len(scene.players)
    state = state or initial_state(board, rules, n)
    sim = Simulator(board, rules, n, max_turns or scene.max_turns, beats=scene.beats)
    source = RandomSpins(rules.teetotum, np.random.default_rng(seed))
    wins = np.zeros(n + 1, dtype=np.int64)  # last slot: no winner
    turns = 0
    held = np.zeros(len(scene.beats), dtype=np.int64)
    done = 0
    while done < games:
        size = min(CHUNK, games - done)
        out = sim.run(Start.repeat(state, size, prefix=prefix, beats=len(scene.beats)), source)
        wins += _count_wins(out.winner, n)
        turns += int(out.turns.sum()) - size * state.turn
        held += out.held.sum(axis=0)
        done += size
        if progress:
            progress(done, games)
    return Odds(games=games, win=tuple(float(w) / games for w in wins[:n]), no_winner=float(wins[n]) / games,
                turns_left=turns / games, beats=tuple(float(h) / games for h in held), start_turn=state.turn)


def _count_wins(winner: np.ndarray, n: int) -> np.ndarray:
    return np.bincount(np.where(winner < 0, n, winner), minlength=n + 1)


def live_odds(scene: Scene, state: State, games: int = 2000, seed: int = 0) -> dict[int, float]:
    """Each seat's chance of winning from state: pure and quick (for the TUI's live odds line).

    Safe to call from a worker thread: it builds its own simulator and generator and prints nothing.
    Games unfinished at the scene's end.max_turns count as won by nobody.
    """
    n = len(scene.players)
    if state.winner is not None:
        return {seat: float(seat == state.winner) for seat in range(n)}
    board, rules = scene_rules(scene)
    sim = Simulator(board, rules, n, scene.max_turns)
    out = sim.run(Start.repeat(state, games), RandomSpins(rules.teetotum, np.random.default_rng(seed)))
    counts = _count_wins(out.winner, n)
    return {seat: float(counts[seat]) / games for seat in range(n)}


@dataclass(frozen=True)
class Length:
    """How long the scene's game runs with random spins: the share unfinished at end.max_turns, and (when
    more than half are) the max_turns that would let nine games in ten finish (None: not even `longest`)."""

    games: int
    unfinished: float
    nine_in_ten: int | None = None


def game_length(scene: Scene, games: int = 1000, seed: int = 0, longest: int = 2000) -> Length:
    """Played from the start with random spins from a fixed seed, so the same scene always gets the same
    figures. Only when more than half are unfinished are the games played again, on past end.max_turns
    (up to longest turns), to see when they would finish."""
    board, rules = scene_rules(scene)
    n = len(scene.players)

    def finishing(cap: int) -> np.ndarray:
        out = Simulator(board, rules, n, cap).run(Start.repeat(initial_state(board, rules, n), games),
                                                  RandomSpins(rules.teetotum, np.random.default_rng(seed)))
        return np.sort(np.where(out.winner >= 0, out.turns, cap + 1))

    unfinished = float((finishing(scene.max_turns) > scene.max_turns).sum()) / games
    if unfinished <= 0.5:
        return Length(games, unfinished)
    cap = max(longest, scene.max_turns)
    ninth = int(finishing(cap)[int(np.ceil(0.9 * games)) - 1])
    return Length(games, unfinished, ninth if ninth <= cap else None)
