"""The printed rule for any space: the one just landed on, the acting player's, or one typed by number.

Left and right step through the spaces; typing a number and Enter goes to that space; the text
scrolls (Down, PageDown, End) however small the terminal.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Label, Static

from versus.rulebook import describe_space, general_rules
from versus.tui.themes import KINDS


def rule_text(session, space: int | None = None) -> tuple[str, Text]:
    """The title and text for a space (None: the space of the player to act, or of the winner)."""
    play = session.play
    board, rules, state = play.board, play.rules, play.game.state
    seat = state.spinner if state.winner is None else state.winner
    here = [session.names[s] for s, p in enumerate(state.pos) if p == space] if space else []
    text = Text()
    if space is None:
        who = session.names[seat]
        space = state.pos[seat]
        if space == 0:
            title = f"{who} is not yet on the board"
            text.append("The first spin brings a player onto the board.\n\n")
        else:
            title = f"{who} stands on {space}"
    else:
        title = f"Space {space}" + (f": {', '.join(here)} stands here" if len(here) == 1 else
                                    f": {', '.join(here)} stand here" if here else "")
    if space:
        _space_text(text, board, rules, space)
    text.append(f"{board.title}, {board.edition} \u2014 rules as played ({rules.preset}):\n", "bold")
    for line in general_rules(board, rules):
        text.append(f"\u2022 {line}\n")
    return title, text


def _space_text(text: Text, board, rules, number: int) -> None:
    space = board.space(number)
    kind = KINDS.get(space.kind, ("", space.kind))[1] or "plain space"
    name = f" {space.name}" if space.name else ""
    text.append(f"{number}{name}", "bold")
    text.append(f" \u2014 {kind}\n", "italic")
    text.append("What it does: ", "bold")
    text.append(describe_space(board, rules, space) + "\n")
    if space.rule:
        text.append(f"\nThe printed rule ({space.cite}):\n", "bold")
        text.append(f"\u201c{space.rule}\u201d\n", "italic")
    elif space.cite:
        text.append(f"\nPrinted as: {space.cite}\n", "italic")
    if space.note:
        text.append(f"\nNote: {space.note}\n", "dim")
    text.append("\n")


class RuleScreen(ModalScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,r", "close", "Close", tooltip="Back to the game"),
        Binding("left", "step(-1)", "Previous space"),
        Binding("right", "step(1)", "Next space"),
        Binding("enter", "go", "Go to the number typed", show=False),
        Binding("backspace", "erase", "Erase a digit", show=False),
        *[Binding(str(n), f"digit({n})", show=False) for n in range(10)],
    ]

    def __init__(self, session, space: int | None = None) -> None:
        super().__init__()
        self.session = session
        self.goal = session.play.board.goal
        self.space = space  # None: the acting player's space
        self.typed = ""

    def compose(self) -> ComposeResult:
        title, body = rule_text(self.session, self.space)
        with Vertical(classes="dialog wide-dialog scroll-dialog"):
            yield Label(title, classes="dialog-title", id="rule-title", markup=False)
            with VerticalScroll(classes="dialog-body", id="rule-body"):
                yield Static(body, id="rule")
            yield Label(self._hint(), classes="dialog-hint", id="rule-hint")

    def on_mount(self) -> None:
        self.query_one("#rule-body").focus()  # so that Down, PageDown and End scroll it

    def _hint(self, problem: str = "") -> str:
        typed = f"space {self.typed}\u2026 (Enter) \u00b7 " if self.typed else ""
        if problem:
            return f"{problem} \u00b7 backspace mends it \u00b7 Esc closes"
        return (f"{typed}\u2190\u2192 spaces \u00b7 a number, Enter: that space \u00b7 \u2193 PgDn End \u00b7 "
                "Esc closes")

    def show(self, space: int | None) -> None:
        self.space = space
        title, body = rule_text(self.session, space)
        self.query_one("#rule-title", Label).update(title)
        self.query_one("#rule", Static).update(body)
        self.query_one("#rule-body", VerticalScroll).scroll_home(animate=False)
        self.query_one("#rule-hint", Label).update(self._hint())

    def current(self) -> int:
        if self.space is not None:
            return self.space
        state = self.session.play.game.state
        return state.pos[state.spinner if state.winner is None else state.winner]

    def action_step(self, by: int) -> None:
        self.typed = ""
        self.show(min(self.goal, max(1, self.current() + by)))

    def action_digit(self, digit: int) -> None:
        self.typed = (self.typed + str(digit)).lstrip("0")[:9]
        self.query_one("#rule-hint", Label).update(self._hint(self._beyond()))

    def _beyond(self) -> str:
        """Why the number typed is no space (said, never cut: 999 is not space 9), or ""."""
        if self.typed and int(self.typed) > self.goal:
            return f"There is no space {self.typed}: the spaces run from 1 to {self.goal}"
        return ""

    def action_erase(self) -> None:
        self.typed = self.typed[:-1]
        self.query_one("#rule-hint", Label).update(self._hint(self._beyond()))

    def action_go(self) -> None:
        if self._beyond():
            return  # the hint says why; backspace mends the number
        if self.typed:
            number, self.typed = int(self.typed), ""
            self.show(number)

    def action_close(self) -> None:
        self.dismiss(None)
