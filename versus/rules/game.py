"""A game in play: one action at a time (a spin or a skipped turn), events out, undo by pop."""

from __future__ import annotations

from typing import Iterable, Iterator

from versus.rules.action import Action
from versus.rules.board import Board, Rules, RulesError
from versus.rules.records import new
from versus.rules.state import State
from versus.rules.turn import Turn

__all__ = ["Action", "Game", "GameOver", "initial_state"]


class GameOver(RuntimeError):
    """An action was asked of a game that already has a winner."""


def initial_state(board: Board, rules: Rules, players: int) -> State:
    n = players
    return State(
        pos=(rules.start,) * n,
        counters=(board.counters - board.stake,) * n,
        pool=board.stake * n,
        waiting=(0,) * n,
        confined=(False,) * n,
        seat_used=(False,) * n,
        crime_origin=(rules.start,) * n,
        player=0,
        turn=0,
    )


_COMPILED: dict[tuple[int, Rules], tuple[Board, Turn]] = {}


def compiled(board: Board, rules: Rules) -> Turn:
    """The board and rules compiled for play, once (the entry holds the board, so its id stays its own)."""
    entry = _COMPILED.get((id(board), rules))
    if entry is None or entry[0] is not board:
        if len(_COMPILED) > 64:
            _COMPILED.clear()
        entry = _COMPILED[(id(board), rules)] = (board, Turn(board, rules))
    return entry[1]


class Game:
    """The rules applied to a board for a number of players; states kept on a stack for undo."""

    def __init__(self, board: Board, rules: Rules, players: int) -> None:
        if players < board.min_players:
            raise RulesError(f"{board.id} needs at least {board.min_players} players, not {players}")
        if board.max_players is not None and players > board.max_players:
            raise RulesError(f"{board.id} takes at most {board.max_players} players, not {players}")
        self.board = board
        self.rules = rules
        self._turn = compiled(board, rules)
        self._faces = rules.teetotum
        self.state: State = initial_state(board, rules, players)  # the latest state: read it, never set it
        self._states: list[State] = [self.state]
        self._actions: list[Action] = []
        self._spins = 0  # actions that used a spin: kept, not counted, so that every step costs the same

    @classmethod
    def from_state(cls, board: Board, rules: Rules, state: State) -> "Game":
        """A game that continues from a given state (for simulation, and for tests)."""
        game = cls(board, rules, state.players)
        game.state, game._states = state, [state]
        return game

    def copy(self) -> "Game":
        """An independent game at the same point; states and actions are immutable, so shared."""
        twin = Game.from_state(self.board, self.rules, self._states[0])
        twin._states, twin._actions, twin._spins = list(self._states), list(self._actions), self._spins
        twin.state = self.state
        return twin

    @property
    def states(self) -> tuple[State, ...]:
        """The initial state, then the state after each action."""
        return tuple(self._states)

    @property
    def actions(self) -> tuple[Action, ...]:
        return tuple(self._actions)

    @property
    def spins_used(self) -> int:
        return self._spins

    def play(self, spin: int | None = None) -> Action:
        """Play the next action: a spin when the state needs one, else a skipped turn (spin None)."""
        state = self.state
        _, _, _, waiting, _, _, _, actor, _, pending, winner = state
        if winner is not None:
            raise GameOver("the game is over")
        if pending is not None:
            actor = pending[1]
        if pending is not None or waiting[actor] == 0:  # a spin is needed
            if spin is None:
                raise ValueError("a spin is needed")
            if not 1 <= spin <= self._faces:
                raise ValueError(f"a spin must be from 1 to {self._faces}, not {spin}")
            self._spins += 1
        elif spin is not None:
            raise ValueError("this turn is skipped; it takes no spin")
        turn = self._turn
        self.state = after = turn.after(state, actor, spin)
        self._states.append(after)
        action = new(Action, (actor, spin, state, turn))  # its events are worked out when first read
        self._actions.append(action)
        return action

    def stream(self, spins: Iterable[int]) -> Iterator[tuple[Action, State]]:
        """Play on with these spins, yielding each action and the state after it, until a winner or
        until a spin is needed and none is left; skipped turns are played as they come.

        One-way play, for traces and simulations: only the latest state is kept, so nothing played
        here can be undone and memory stays flat however long the game.
        """
        turn, faces, feed = self._turn, self._faces, iter(spins)
        after = turn.after
        state = self.state
        states = self._states = [state]
        self._actions = []
        while state.winner is None:
            pending = state.pending
            actor = state.player if pending is None else pending[1]
            if pending is None and state.waiting[actor]:
                spin = None  # a skipped turn
            else:
                spin = next(feed, None)
                if spin is None:
                    return
                if not 1 <= spin <= faces:
                    raise ValueError(f"a spin must be from 1 to {faces}, not {spin}")
                self._spins += 1
            action = new(Action, (actor, spin, state, turn))
            self.state = states[0] = state = after(state, actor, spin)
            yield action, state

    def undo(self) -> Action | None:
        """Take back the last action; returns it, or None at the start."""
        if not self._actions:
            return None
        self._states.pop()
        self.state = self._states[-1]
        action = self._actions.pop()
        if action.spin is not None:
            self._spins -= 1
        return action
