"""Beats that cannot all hold, found before any search (docs/scenes.md §5; docs/rules.md)."""

from __future__ import annotations

from versus.rules.board import Board, Rules
from versus.rules.reach import resting_and_landing
from versus.scenes.drama import contradictions as drama_contradictions
from versus.scenes.model import Pattern
from versus.solve.horizon import UNREACHABLE, horizon_for, own_turns


def contradictions(beats: tuple[Pattern, ...] | list[Pattern], board: Board, rules: Rules, max_turns: int,
                   players: int, names: tuple[str, ...] | None = None) -> list[str]:
    """Plain sentences, one per contradiction or impossible beat; empty when none is obvious."""
    found: list[str] = []
    rest, land = resting_and_landing(board, rules)
    for b in beats:
        name = board.space(b.space).name if b.space is not None else ""
        if b.kind == "reaches" and b.space not in rest:
            found.append(f"'{b}' cannot hold: nobody ever comes to rest on {name} (its direction always "
                         "moves the player on)")
        if b.kind == "lands" and b.space not in land:
            found.append(f"'{b}' cannot hold: no spin is ever counted onto {name} under these rules")
    winners: dict[int, Pattern] = {}
    for b in beats:
        # Landing on or reaching the goal is winning it.
        if b.kind == "wins" or (b.kind in ("lands", "reaches") and b.space == board.goal):
            winners.setdefault(b.player, b)  # type: ignore[arg-type]
    if len(winners) > 1:
        a, b = list(winners.values())[:2]
        found.append(f"'{a}' and '{b}' cannot both hold: only one player wins")
    least = [(b.number, b) for b in beats if b.kind in ("lasts-at-least", "turn")]
    least += [((b.number - 1) * players + 1, b) for b in beats if b.kind == "round"]  # type: ignore[operator]
    most = [(b.number, b) for b in beats if b.kind == "lasts-at-most"]
    for n, b in least:
        if n > max_turns:  # type: ignore[operator]
            found.append(f"'{b}' cannot hold: the game stops after {max_turns} turns")
    for lo, a in least:
        for hi, b in most:
            if lo > hi:  # type: ignore[operator]
                found.append(f"'{a}' and '{b}' cannot both hold")
    found += drama_contradictions(beats)
    if not found:
        found += too_few_turns(tuple(beats), board, rules, max_turns, players, names)
    return found


def too_few_turns(beats: tuple[Pattern, ...], board: Board, rules: Rules, max_turns: int, players: int,
                  names: tuple[str, ...] | None) -> list[str]:
    """A player's beats that take more of his turns, however the teetotum falls, than the game gives him."""
    found = []
    horizon = horizon_for(board, rules, beats, players, max_turns)
    last = horizon.last_turn
    for need in horizon.needs:
        who = names[need.player] if names else f"player {need.player + 1}"
        texts = [f"'{beats[j]}'" for j in need.beats]
        listed = texts[0] if len(texts) == 1 else ", ".join(texts[:-1]) + f" and {texts[-1]}"
        verb = "cannot hold" if len(texts) == 1 else "cannot all hold"
        least = int(need.turns[(1 << len(need.beats)) - 1, rules.start, 0])
        has = int(own_turns(last, need.player, players))  # the first turn is the first seat's
        if least >= UNREACHABLE:
            found.append(f"{listed} {verb} in one game, however the teetotum falls")
        elif least > has:
            found.append(f"{listed} {verb} within {last} turns: {'it takes' if len(texts) == 1 else 'they take'} "
                         f"at least {least} of {who}'s turns, however the teetotum falls, and {who} has {has}")
    return found
