"""What the main screen shows, computed from the session as plain values (attributes down)."""

from __future__ import annotations

from dataclasses import dataclass

from versus.rulebook import plural
from versus.rules import events as ev
from versus.rules.board import Board
from versus.rules.state import State
from versus.takes.log import aside_words, describe, spin_words
from versus.tui.session import Session

TITLES = {"mr.", "mrs.", "miss", "lady", "sir", "colonel", "captain", "lord", "dr.", "the", "master"}


@dataclass(frozen=True, slots=True)
class PlayerRow:
    seat: int
    token: str  # the initial on the board
    name: str
    space: int
    space_name: str
    counters: int
    states: tuple[str, ...]  # "confined, one month to go", "has used the Seat", ...
    to_spin: bool
    won: bool


@dataclass(frozen=True, slots=True)
class LogLine:
    index: int  # the action's index in the take (asides share their action's index)
    turn: int | None
    seat: int
    who: str
    spin: str  # "spins 3 (scripted)", "sits out"
    source: str | None  # script | seed | take | None
    text: str
    aside: bool = False


@dataclass(frozen=True)
class View:
    version: int  # actions played: changes with every spin and undo
    board: Board
    state: State
    players: tuple[PlayerRow, ...]
    tokens: tuple[str, ...]
    log: tuple[LogLine, ...]
    beats: tuple[tuple[str, bool], ...]
    take: str  # the take's name ("new take" before its first save)
    saved: bool
    turn: int
    round: int
    next_up: str  # whose action is next and what space would give
    landed: int | None  # the space the last spin landed on
    over: str  # "" while in play; else how it ended
    pool: str  # "pool: 3 counters"


def tokens_for(names: list[str]) -> tuple[str, ...]:
    """One short, distinct label per player: an initial, or two letters where initials clash."""
    def words(name: str) -> list[str]:
        kept = [w for w in name.split() if w.lower() not in TITLES]
        return kept or name.split() or ["?"]

    first = [words(n)[0][0].upper() for n in names]
    out = []
    for seat, name in enumerate(names):
        if first.count(first[seat]) == 1:
            out.append(first[seat])
            continue
        word = words(name)[0]
        label = (word[:2] if len(word) > 1 else word + str(seat + 1)).capitalize()
        out.append(label)
    if len(set(out)) < len(out):  # still clashing: number the seats
        out = [f"{label[0]}{seat + 1}" for seat, label in enumerate(out)]
    return tuple(out)


def player_states(board: Board, state: State, seat: int) -> tuple[str, ...]:
    out = []
    waiting = state.waiting[seat]
    if waiting:
        if state.confined[seat]:
            out.append(f"confined, {plural(waiting, 'month')} to go")
        else:
            out.append(f"waits {plural(waiting, 'turn')}")
    if board.seat is not None and state.seat_used[seat]:
        out.append(f"has used the {board.space(board.seat).name.title() or 'Seat'}")
    return tuple(out)


def build(session: Session) -> View:
    play = session.play
    board, state = play.board, play.game.state
    names = session.names
    tokens = tokens_for(names)
    rows = []
    for seat, person in enumerate(session.scene.players):
        pos = state.pos[seat]
        rows.append(PlayerRow(
            seat=seat, token=tokens[seat], name=person.called, space=pos,
            space_name="off the board" if pos == 0 else board.space(pos).name,
            counters=state.counters[seat], states=player_states(board, state, seat),
            to_spin=not play.finished and state.spinner == seat, won=state.winner == seat,
        ))
    return View(
        version=len(play.played), board=board, state=state, players=tuple(rows), tokens=tokens,
        log=tuple(log_lines(session)), beats=tuple(play.beats()),
        take=session.take_name or "new take", saved=session.saved,
        turn=state.turn, round=state.round, next_up=next_up(session), landed=last_landed(session),
        over=ending(session), pool=f"{board.pool_name}: {plural(state.pool, 'counter')}",
    )


def log_lines(session: Session) -> list[LogLine]:
    play = session.play
    names = session.names
    firings = play.firings_by_action()
    out = []
    for index, played in enumerate(play.played):
        action = played.action
        out.append(LogLine(index, action.turn, action.player, names[action.player],
                           spin_words(action.spin, played.source), played.source,
                           describe(action, play.board, names)))
        for firing in firings.get(index, ()):
            out.append(LogLine(index, None, action.player, "", "", None,
                               aside_words(session.scene, firing.aside), aside=True))
    return out


def last_landed(session: Session) -> int | None:
    for played in reversed(session.play.played):
        landed = [e.space for e in played.action.events if isinstance(e, ev.Landed)]
        if landed:
            return landed[-1]
        if played.action.spin is not None:
            return _rest(played.action, played.action.player)
    return None


def _rest(action, seat: int) -> int | None:
    for event in reversed(action.events):
        to = getattr(event, "to", None)
        if to is not None and getattr(event, "player", None) == seat:
            return to
    return None


def ending(session: Session) -> str:
    state = session.play.game.state
    if state.winner is not None:
        return f"{session.names[state.winner]} has won, at turn {state.turn}"
    if session.play.finished:
        return f"the game stops unfinished at turn {state.turn} (end.max_turns)"
    return ""


def next_up(session: Session) -> str:
    play = session.play
    state = play.game.state
    if play.finished:
        return ending(session).capitalize()
    who = session.names[state.spinner]
    if not state.needs_spin:
        return f"{who} sits out this turn (space passes it)"
    spin, source = play.next_spin()
    words = {"script": "scripted", "seed": "seed", "take": "the take's"}.get(source, source)
    again = " again" if state.pending is not None else ""
    return f"{who} to spin{again}: space gives {spin} ({words})"
