"""The rules engine: pure game logic over a Board. Imports nothing of YAML, Textual, prose or files."""

from versus.rules.board import Board, Effect, Rules, RulesError, Space, Switch
from versus.rules.events import Event
from versus.rules.game import Action, Game, Stream
from versus.rules.state import State

__all__ = ["Action", "Board", "Effect", "Event", "Game", "Rules", "RulesError", "Space", "State", "Stream", "Switch"]
