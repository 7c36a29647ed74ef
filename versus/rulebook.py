"""Plain-English descriptions of a board's rules under a preset (for `versus rules` and the TUI)."""

from __future__ import annotations

from versus.rules.board import Board, Effect, Rules, Space
from versus.rules.reach import count

NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
                "ten", "eleven", "twelve")


def words(n: int) -> str:
    return NUMBER_WORDS[n] if 0 <= n < len(NUMBER_WORDS) else str(n)


def plural(n: int, noun: str) -> str:
    return f"{words(n)} {noun}{'' if n == 1 else 's'}"


def space_label(board: Board, number: int) -> str:
    if number == 0:
        return "off the board"
    name = board.space(number).name
    return f"{number} ({name})" if name else str(number)


def advance_to(board: Board, rules: Rules, frm: int, steps: int) -> int:
    return min(count(board, rules, frm, steps), board.goal)


def describe_effect(board: Board, rules: Rules, space: Space, effect: Effect) -> str:
    verb, n = effect.verb, effect.amount
    pool = board.pool_name
    texts = {
        "pay": f"pay {words(n)} into the {pool}",
        "pay-each": f"pay {words(n)} to each other player",
        "pay-half": f"pay half your counters into the {pool}",
        "receive": f"receive {words(n)} from the {pool}",
        "receive-each": f"receive {words(n)} from each other player",
        "take-pool": f"take the whole {pool}",
        "go": f"go to {space_label(board, n)}",
        "back": "go back to where this spin began",
        "confine": f"confined for {plural(n, 'month')}, then begin again",
        "wait": f"wait {plural(n, 'turn')}",
        "spin": "spin again" if n == 1 else f"spin {words(n)} more times",
    }
    if verb == "advance":
        return f"advance {words(n)}, to {space_label(board, advance_to(board, rules, space.number, n))}"
    return texts[verb]


def describe_space(board: Board, rules: Rules, space: Space) -> str:
    if space.number == board.goal:
        parts = [describe_effect(board, rules, space, e) for e in space.direction]
        return "; ".join([*parts, "wins the game"])
    if not space.direction:
        if space.kind == "place":
            return "nothing when reached by counting" + (" (never counted as a step)" if rules.skip_places else "")
        return "nothing"
    return "; ".join(describe_effect(board, rules, space, e) for e in space.direction)


def general_rules(board: Board, rules: Rules) -> list[str]:
    """The board-wide rules that the preset decides, one line each."""
    lines = [f"A teetotum of {words(rules.teetotum)} faces."]
    start = "off the board; the first spin enters it" if rules.start == 0 else f"on {space_label(board, rules.start)}"
    lines.append(f"Everyone starts {start}.")
    if board.stake:
        lines.append(f"Each player has {words(board.counters)} counters and puts {words(board.stake)} "
                     f"into the {board.pool_name}.")
    else:
        lines.append(f"Each player has {words(board.counters)} counters; fines go into the {board.pool_name}.")
    if board.overshoot == "seat":
        lines.append(f"Spinning past {board.goal}: the first time, go to {space_label(board, board.seat or 0)}; "
                     "the second time, begin again.")
    else:
        lines.append(f"Spinning past {board.goal}: go back from where the spin began by the excess, "
                     "and the turn ends.")
    if rules.skip_places:
        lines.append("The places are never counted as steps.")
    if "collisions" in board.switches:
        lines.append("Two tokens meeting: rule 16 applies (the newcomer pays one and takes the place)."
                     if rules.collisions else "Any number of tokens may share a space.")
    if "relief" in board.switches:
        relief = ("goes to the start square and begins again" if rules.relief == "begin-again"
                  else "goes back to where the crime's spin began and spins at once")
        lines.append(f"A prisoner relieved by one guilty of the same crime {relief}.")
    return lines
