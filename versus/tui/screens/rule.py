"""The printed rule for the space where the player to act stands, with the board's general rules."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Label, Static

from versus.rulebook import describe_space, general_rules
from versus.tui.themes import KINDS


def rule_text(session) -> tuple[str, Text]:
    play = session.play
    board, rules, state = play.board, play.rules, play.game.state
    seat = state.spinner if state.winner is None else state.winner
    who = session.names[seat]
    pos = state.pos[seat]
    text = Text()
    if pos == 0:
        title = f"{who} is not yet on the board"
        text.append("The first spin brings a player onto the board.\n\n")
    else:
        space = board.space(pos)
        kind = KINDS.get(space.kind, ("", space.kind))[1] or "plain space"
        name = f" {space.name}" if space.name else ""
        title = f"{who} stands on {pos}{name}"
        text.append(f"{pos}{name}", "bold")
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
    text.append(f"{board.title}, {board.edition} \u2014 rules as played ({rules.preset}):\n", "bold")
    for line in general_rules(board, rules):
        text.append(f"\u2022 {line}\n")
    return title, text


class RuleScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape,enter,q,r", "close", "Close", tooltip="Back to the game")]

    def __init__(self, session) -> None:
        super().__init__()
        self.title_text, self.body = rule_text(session)

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide-dialog"):
            yield Label(self.title_text, classes="dialog-title", id="rule-title")
            with VerticalScroll(classes="dialog-body"):
                yield Static(self.body, id="rule")
            yield Label("Escape closes", classes="dialog-hint")

    def action_close(self) -> None:
        self.dismiss(None)
