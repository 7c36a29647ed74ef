"""A JSON Schema for scene files, built from the same vocabulary the loader checks against."""

from __future__ import annotations

from typing import Any

from versus.boards import board_ids, load_board
from versus.scenes.load import PERSON_KEYS, tempers, vocabulary
from versus.scenes.patterns import FORMS

SCHEMA_ID = "https://versus.invalid/scene.schema.json"


def person(required: list[str]) -> dict[str, Any]:
    return {
        "type": "object",
        "additionalProperties": False,
        "required": required,
        "properties": {
            "id": {"type": "string", "pattern": "^[A-Za-z][A-Za-z0-9_-]*$",
                   "description": "a short identifier used in the rest of the file"},
            "name": {"type": "string", "description": "full name, for first mention"},
            "called": {"type": "string", "description": "how the narration names them afterwards"},
            "pronoun": {"enum": vocabulary()["pronouns"]},
            "temper": {"enum": tempers(), "description": "the voice the narration gives them"},
            "address": {"oneOf": [{"type": "string"}, {"type": "object", "additionalProperties": {"type": "string"}}],
                        "description": "how others name this person aloud: text, or speaker id (or default) to a form"},
        },
    }


def rules_schema() -> dict[str, Any]:
    presets = sorted({p for b in board_ids() for p in load_board(b).presets})
    switches: dict[str, Any] = {"preset": {"enum": presets}}
    for board_id in board_ids():
        for switch in load_board(board_id).switches.values():
            if switch.values:
                values: list[Any] = list(switch.values)
                values += [v == "on" for v in values if v in ("on", "off")]  # YAML 1.1 reads on/off as true/false
                switches[switch.name] = {"enum": values, "description": switch.about}
            else:
                switches[switch.name] = {"type": "integer", "minimum": switch.low, "maximum": switch.high,
                                         "description": switch.about}
    return {"oneOf": [{"enum": presets},
                      {"type": "object", "additionalProperties": False, "properties": switches}],
            "description": "a preset name, or a mapping of preset and switches"}


def scene_schema() -> dict[str, Any]:
    assert set(PERSON_KEYS) == set(person([])["properties"])
    pattern = {"type": "string", "description": "an event pattern: " + "; ".join(FORMS)}
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": SCHEMA_ID,
        "title": "Versus scene",
        "description": "One game played inside the novel (see docs/scenes.md).",
        "type": "object",
        "additionalProperties": False,
        "required": ["title", "game", "players"],
        "properties": {
            "title": {"type": "string"},
            "chapter": {"type": "integer", "minimum": 1, "description": "heads the export (Chapter XI)"},
            "setting": {"type": "string"},
            "game": {"enum": board_ids(), "description": "a board id: board/<id>.yaml"},
            "rules": rules_schema(),
            "seed": {"type": "integer", "minimum": 0, "description": "unscripted spins are drawn from it"},
            "players": {"type": "array", "minItems": 2, "maxItems": 12, "items": person(["id", "name"])},
            "pov": {"type": "string", "description": "the player whose thoughts the narration may enter"},
            "time": {"enum": ["morning", "afternoon", "evening", "night"],
                     "description": "the time of day, when the setting does not say; the prose keeps to it"},
            "host": {"type": "string", "description": "whose house it is: a person's id, or someone outside the "
                                                      "scene (then its people may go home after)"},
            "relations": {"type": "object", "description": "what one person is to another, e.g. {darcy: "
                                                          "{georgiana: brother}}; a shared surname is family",
                          "additionalProperties": {"type": "object", "additionalProperties": {
                              "enum": vocabulary()["relations"]}}},
            "rivals": {"type": "array", "items": {"type": "string"}, "minItems": 2, "maxItems": 2,
                       "description": "the two players whose battle of wit is the spine (default: the first two)"},
            "names": {"enum": ["novel", "printed"],
                      "description": "spaces as a novel prints them (Humility, the Pillory; the default) "
                                     "or in the board's capitals"},
            "company": {"type": "array", "items": person(["id", "name"]), "description": "onlookers; they never spin"},
            "spins": {"type": "array", "items": {"type": ["integer", "null"], "minimum": 1, "maximum": 12},
                      "description": "the game's spins in order; ~ = spun from the seed"},
            "asides": {"type": "array", "items": {
                "type": "object", "additionalProperties": False, "required": ["when"],
                "properties": {
                    "when": pattern,
                    "say": {"type": "object", "additionalProperties": {"type": "string"},
                            "description": "speaker id: the line spoken"},
                    "narrate": {"type": "string"},
                    "every": {"type": "boolean", "description": "fire at every match, not only the first"},
                }}},
            "beats": {"type": "array", "items": pattern, "description": "what the story needs"},
            "end": {"type": "object", "additionalProperties": False,
                    "properties": {"max_turns": {"type": "integer", "minimum": 1}}},
            "phrasebook": {"type": "string",
                           "description": "a YAML file of the author's own phrasings, beside the scene"},
        },
    }
