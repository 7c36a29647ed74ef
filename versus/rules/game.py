"""A game in play: one action at a time (a spin or a skipped turn), events out, undo by pop."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from versus.rules.action import Action, played
from versus.rules.board import Board, Rules, RulesError
from versus.rules.records import new
from versus.rules.state import State
from versus.rules.turn import Turn

__all__ = ["Action", "Game", "GameOver", "Stream", "initial_state"]


class _Rules:
    """What a Game and a Stream both begin with: the board, the rules compiled for it, the first state."""

    def __init__(self, board: Board, rules: Rules, players: int) -> None:
        _check_players(board, players)
        self.board = board
        self.rules = rules
        self._turn = compiled(board, rules)
        self._faces = rules.teetotum
        self.state: State = initial_state(board, rules, players)  # the latest state: read it, never set it


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


def _check_players(board: Board, players: int) -> None:
    if players < board.min_players:
        raise RulesError(f"{board.id} needs at least {board.min_players} players, not {players}")
    if board.max_players is not None and players > board.max_players:
        raise RulesError(f"{board.id} takes at most {board.max_players} players, not {players}")


class Game(_Rules):
    """The rules applied to a board for a number of players; states kept on a stack for undo.

    For one-way play that need never be undone (traces, simulations), use a Stream: it keeps only
    the latest state, so its memory stays flat however long the game.
    """

    def __init__(self, board: Board, rules: Rules, players: int) -> None:
        _Rules.__init__(self, board, rules, players)
        self._states: list[State] = [self.state]
        self._actions: list[Action] = []
        self._spins = 0  # actions that used a spin: kept, not counted, so that every step costs the same

    @classmethod
    def from_state(cls, board: Board, rules: Rules, state: State) -> Game:
        """A game that continues from a given state (for simulation, and for tests)."""
        game = cls(board, rules, state.players)
        game.state, game._states = state, [state]
        return game

    def copy(self) -> Game:
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
        if state.winner is not None:
            raise GameOver("the game is over")
        pending = state.pending
        actor = state.player if pending is None else pending.spinner
        if pending is not None or state.waiting[actor] == 0:  # a spin is needed
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
        action = played(actor, spin, state, turn)  # its events are worked out when first read
        self._actions.append(action)
        return action

    def stream(self) -> Stream:
        """One-way play on from where this game stands; this game itself is left as it is."""
        return Stream.from_state(self.board, self.rules, self.state)

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


class Stream(_Rules):
    """One-way play: the rules applied action after action, keeping only the latest state.

    Nothing played here can be undone, and memory stays flat however long the game: for traces,
    simulations and the solver's replays. A Game is the one to use where undo is wanted.
    """

    def __init__(self, board: Board, rules: Rules, players: int) -> None:
        _Rules.__init__(self, board, rules, players)
        self.spins_used = 0

    @classmethod
    def from_state(cls, board: Board, rules: Rules, state: State) -> Stream:
        """One-way play that continues from a given state."""
        stream = cls(board, rules, state.players)
        stream.state = state
        return stream

    def play(self, spins: Iterable[int]) -> Iterator[tuple[Action, State]]:
        """Play on with these spins, yielding each action and the state after it, until a winner or
        until a spin is needed and none is left; skipped turns are played as they come."""
        turn, faces, feed = self._turn, self._faces, iter(spins)
        after = turn.after
        state = self.state
        while state.winner is None:
            pending = state.pending
            actor = state.player if pending is None else pending.spinner
            if pending is None and state.waiting[actor]:
                spin = None  # a skipped turn
            else:
                spin = next(feed, None)
                if spin is None:
                    return
                if not 1 <= spin <= faces:
                    raise ValueError(f"a spin must be from 1 to {faces}, not {spin}")
                self.spins_used += 1
            action = new(Action, (actor, spin, state, turn))
            self.state = state = after(state, actor, spin)
            yield action, state
