"""What the main screen shows, computed from the session as plain values (attributes down)."""

from __future__ import annotations

from dataclasses import dataclass

from versus.rulebook import plural
from versus.rules.board import Board
from versus.rules.state import State
from versus.tui.session import Session
from versus.tui.trail import LogLine

__all__ = ["LogLine", "PlayerRow", "View", "build", "saving", "sentence", "tokens_for"]

# Words a token is never made from: "the Colonel" is Co, "Lady Catherine" Ca, "Mr. Darcy" Da.
ARTICLES = {"the", "a", "an"}
HONORIFICS = ARTICLES | {"mr.", "mrs.", "mr", "mrs", "miss", "lady", "sir", "dr.", "dr", "lord", "master", "ms."}


@dataclass(frozen=True, slots=True)
class PlayerRow:
    seat: int
    token: str  # the two letters on the board
    name: str
    space: int
    space_name: str
    counters: int
    states: tuple[str, ...]  # "confined, one month to go", "has used the Seat", ...
    to_spin: bool  # acts next and spins
    sits_out: bool  # acts next, but this turn is sat out
    won: bool


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
    last: str  # what the last action did, in words ("" before the first)
    landed: int | None  # where the last action left its player's token (the » mark)
    over: str  # "" while in play; else how it ended
    pool: str  # "pool: 3 counters"
    unsaved: int = 0  # spins played that the take's file does not hold yet
    save_problem: str = ""  # why the last save failed ("" once one succeeds)


def sentence(text: str) -> str:
    """The text with its first letter raised, and nothing else touched (names keep their capitals)."""
    return text[:1].upper() + text[1:]


def tokens_for(names: list[str]) -> tuple[str, ...]:
    """Two letters per player, distinct in the scene: the first name-word's first two, else another of its letters."""
    def word(name: str) -> str:
        words = name.split() or ["?"]
        kept = [w for w in words if w.lower() not in HONORIFICS] or [w for w in words if w.lower() not in ARTICLES]
        return "".join(c for c in (kept or words)[0] if c.isalnum()) or "?"

    out: list[str] = []
    for seat, name in enumerate(names):
        w = word(name)
        choices = [w[0].upper() + c.lower() for c in w[1:]] + [f"{w[0].upper()}{seat + 1}"]
        out.append(next((c for c in choices if c not in out), f"{seat + 1}"))
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
        out.append(f"has used the {_title(board.space(board.seat).name) or 'Seat'}")
    return tuple(out)


def _title(name: str) -> str:
    """SEAT OF EXPECTATION as a title: Seat of Expectation (str.title would say "Of")."""
    small = {"of", "the", "and", "to", "in", "a", "an"}
    words = name.lower().split()
    return " ".join(w if i and w in small else w.capitalize() for i, w in enumerate(words))


def build(session: Session) -> View:
    play = session.play
    board, state = play.board, play.game.state
    names = session.names
    session.trail.sync(play)
    tokens = tokens_for(names)
    acting = not play.finished
    rows = []
    for seat, person in enumerate(session.scene.players):
        pos = state.pos[seat]
        up = acting and state.spinner == seat
        rows.append(PlayerRow(
            seat=seat, token=tokens[seat], name=person.called, space=pos,
            space_name="off the board" if pos == 0 else board.space(pos).name,
            counters=state.counters[seat], states=player_states(board, state, seat),
            to_spin=up and state.needs_spin, sits_out=up and not state.needs_spin, won=state.winner == seat,
        ))
    log = tuple(session.trail.lines)
    return View(
        version=len(play.played), board=board, state=state, players=tuple(rows), tokens=tokens,
        log=log, beats=tuple(session.trail.beats()),
        take=session.take_name or "new take", saved=session.saved,
        turn=state.turn, round=state.round, next_up=next_up(session), last=last_words(session),
        landed=last_rest(session), over=ending(session),
        pool=f"{board.pool_name}: {plural(state.pool, 'counter')}",
        unsaved=session.unsaved(), save_problem=session.save_problem or "",
    )


def saving(view: View) -> str:
    """What the header says of the take: its name, and while saves fail, that spins are not on disk."""
    if view.save_problem and view.unsaved:
        return f"{view.take} NOT SAVED ({plural(view.unsaved, 'spin')} only in memory)"
    return view.take


def last_words(session: Session) -> str:
    """The last action as the log gives it: "Mr. Darcy spins 3 (drawn): lands on 12 HUMILITY"."""
    steps = session.trail.steps
    if not steps:
        return ""
    line = steps[-1].lines[0]
    if not line.spin:
        return f"{line.who} {line.text}"
    return f"{line.who} {line.spin}: {line.text}" if line.text else f"{line.who} {line.spin}"


def last_rest(session: Session) -> int | None:
    """Where the last action left its player (not where it first landed, when a space sent the token on)."""
    played = session.play.played
    if not played:
        return None
    pos = session.play.game.state.pos[played[-1].action.player]
    return pos or None


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
        return sentence(ending(session))
    who = session.names[state.spinner]
    if not state.needs_spin:
        return f"{who} sits out this turn (space or a number passes it)"
    spin, source = play.next_spin()
    words = {"script": "scripted", "seed": "seed", "take": "the take's"}.get(source, source)
    again = " again" if state.pending is not None else ""
    return f"{who} to spin{again}: space gives {spin} ({words})"
