"""Which spaces a player can ever rest on, and which a spin can ever be counted onto, under some rules."""

from __future__ import annotations

from versus.rules.board import Board, Rules


def count(board: Board, rules: Rules, origin: int, steps: int) -> int:
    """The space reached by counting steps from origin (under skip-places, places are not steps)."""
    if not rules.skip_places:
        return origin + steps
    return counts(board, rules, origin, steps)[steps]


def counts(board: Board, rules: Rules, origin: int, most: int) -> list[int]:
    """The spaces reached by counting 0, 1, … most steps from origin: count for every number of steps at once."""
    if not rules.skip_places:
        return list(range(origin, origin + most + 1))
    places, pos, reached = board.places, origin, [origin]
    for _ in range(most):
        pos += 1
        while pos in places:
            pos += 1
        reached.append(pos)
    return reached


def one_spin(board: Board, rules: Rules, origin: int, spin: int) -> tuple[int, int]:
    """(space counted onto, where its direction leaves the player) for one player alone.

    On an overshoot the space counted onto is 0 and the player is left on the bounce, or on the
    Seat of Expectation (-1 where the board has none). Collisions are not considered.
    """
    target = count(board, rules, origin, spin)
    if target > board.goal:
        if board.overshoot == "bounce":
            return 0, max(1, origin - (target - board.goal))
        return 0, board.seat if board.seat is not None else -1
    pos = target
    for effect in board.space(target).direction:
        if effect.verb == "go":
            pos = effect.amount
        elif effect.verb == "back":
            pos = origin
        elif effect.verb == "advance":
            pos = min(count(board, rules, pos, effect.amount), board.goal)
    return target, pos


def resting_and_landing(board: Board, rules: Rules) -> tuple[frozenset[int], frozenset[int]]:
    return _REACH.setdefault((board.id, rules), _reach(board, rules))


_REACH: dict[tuple[str, Rules], tuple[frozenset[int], frozenset[int]]] = {}


def _reach(board: Board, rules: Rules) -> tuple[frozenset[int], frozenset[int]]:
    """Closed from the start square under every spin, direction, overshoot and beginning again.

    Collisions and reliefs only move a player to somebody's origin or the start square, which
    are resting places already, so one player's moves decide it.
    """
    rest: set[int] = {rules.start}
    land: set[int] = set()
    frontier = [rules.start]
    while frontier:
        origin = frontier.pop()
        if origin == board.goal:  # the game is over: nobody spins from the goal (a bounce from 33 is no move)
            continue
        for spin in range(1, rules.teetotum + 1):
            for final in _finals(board, rules, origin, spin, land):
                if final not in rest:
                    rest.add(final)
                    frontier.append(final)
    return frozenset(rest), frozenset(land)


def _finals(board: Board, rules: Rules, origin: int, spin: int, land: set[int]) -> list[int]:
    landed, final = one_spin(board, rules, origin, spin)
    if landed:
        land.add(landed)
        return [final]
    if board.overshoot == "bounce":
        return [final]
    return [final, rules.start] if final > 0 else [rules.start]  # the Seat, or beginning again
