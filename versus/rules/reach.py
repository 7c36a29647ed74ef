"""Which spaces a player can ever rest on, and which a spin can ever be counted onto, under some rules."""

from __future__ import annotations

from versus.rules.board import Board, Rules


def count(board: Board, rules: Rules, origin: int, steps: int) -> int:
    places = {s.number for s in board.spaces if s.kind == "place"} if rules.skip_places else set()
    pos = origin
    for _ in range(steps):
        pos += 1
        while pos in places:
            pos += 1
    return pos


def resting_and_landing(board: Board, rules: Rules) -> tuple[frozenset[int], frozenset[int]]:
    return _REACH.setdefault((board.id, rules), _reach(board, rules))


_REACH: dict[tuple[str, Rules], tuple[frozenset[int], frozenset[int]]] = {}


def _reach(board: Board, rules: Rules) -> tuple[frozenset[int], frozenset[int]]:
    """Closed from the start square under every spin, direction, overshoot and beginning again.

    Collisions and reliefs only move a player to somebody's origin or the start square, which
    are resting places already, so one player's moves decide it.
    """
    rest, land = {rules.start}, set()
    frontier = [rules.start]
    while frontier:
        origin = frontier.pop()
        for spin in range(1, rules.teetotum + 1):
            for final in _finals(board, rules, origin, spin, land):
                if final not in rest:
                    rest.add(final)
                    frontier.append(final)
    return frozenset(rest), frozenset(land)


def _finals(board: Board, rules: Rules, origin: int, spin: int, land: set[int]) -> list[int]:
    target = count(board, rules, origin, spin)
    if target > board.goal:
        if board.overshoot == "bounce":
            return [max(1, origin - (target - board.goal))]
        return [board.seat, rules.start] if board.seat else [rules.start]
    land.add(target)
    pos = target
    for effect in board.space(target).direction:
        if effect.verb == "go":
            pos = effect.amount
        elif effect.verb == "back":
            pos = origin
        elif effect.verb == "advance":
            pos = min(count(board, rules, pos, effect.amount), board.goal)
    return [pos]
