"""A JSON Schema for scene files, built from the same vocabulary the loader checks against."""

from __future__ import annotations

from typing import Any

from versus.boards import board_ids, load_board, space_kinds
from versus.scenes.load import PERSON_KEYS, tempers, vocabulary
from versus.scenes.patterns import FORMS

SCHEMA_ID = "https://versus.invalid/scene.schema.json"
SPECIAL = set("\\^$.|?*+()[]{}/")
BREAKS = {"required": ["break"], "properties": {"break": {"const": True}}}  # an aside that is a scene break


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
            "cast": {"type": "string", "description": "who this person is in the cast (matched by name when left out;"
                                                      " none: nobody the cast knows)"},
            "only_mine": {"type": "boolean", "description": "true: this person says only the author's lines "
                                                            "(the asides), nothing the narration would add"},
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


def _faces(board_id: str, preset: str | None) -> int:
    return load_board(board_id).rules(preset).teetotum


def spin_bounds() -> list[dict[str, Any]]:
    """A spin is at most the teetotum's faces: as the rules' teetotum says, else the preset's, else the
    board's first preset's (each an if/then on the rules as written)."""
    def at_most(faces: int) -> dict[str, Any]:
        return {"properties": {"spins": {"items": {"maximum": faces}}}}

    no_teetotum = {"not": {"type": "object", "required": ["teetotum"]}}
    bounds = []
    switches = [sw for b in board_ids() for sw in load_board(b).switches.values() if sw.name == "teetotum"]
    lows = [sw.low for sw in switches if sw.low is not None]
    highs = [sw.high for sw in switches if sw.high is not None]
    for faces in range(min(lows), max(highs) + 1):
        bounds.append({"if": {"required": ["rules"], "properties": {"rules": {
            "type": "object", "required": ["teetotum"], "properties": {"teetotum": {"const": faces}}}}},
            "then": at_most(faces)})
    for board_id in board_ids():
        board = load_board(board_id)
        for preset in board.presets:
            named = {"anyOf": [{"const": preset}, {"type": "object", "required": ["preset"],
                                                   "properties": {"preset": {"const": preset}}, **no_teetotum}]}
            bounds.append({"if": {"required": ["rules"], "properties": {"rules": named}},
                           "then": at_most(_faces(board_id, preset))})
        unnamed = {"type": "object", "not": {"anyOf": [{"required": ["preset"]}, {"required": ["teetotum"]}]}}
        bounds.append({"if": {"required": ["game"], "properties": {"game": {"const": board_id}, "rules": unnamed}},
                       "then": at_most(_faces(board_id, None))})
    return bounds


def _without_article(name: str) -> str:
    """'THE WATER' → 'water': a pattern may give a space's name with or without its article."""
    words = name.lower().split()
    return " ".join(words[1:] if len(words) > 1 and words[0] in ("the", "a") else words)


def _either_case(text: str) -> str:
    """A regular expression matching text in any case (JSON Schema's patterns have no flags)."""
    out = []
    for char in text:
        if char.isalpha():
            out.append(f"[{char.upper()}{char.lower()}]")
        elif char.isspace():
            out.append(r"\s+")
        elif char in SPECIAL:
            out.append("\\" + char)
        else:
            out.append(char)  # no needless escapes: a validator with the u flag refuses "\-"
    return "".join(out)


def space_bounds() -> list[dict[str, Any]]:
    """'PLAYER lands on SPACE' and 'PLAYER reaches SPACE' name a space of the scene's board, by name or number."""
    bounds = []
    for board_id in board_ids():
        board = load_board(board_id)
        names = sorted({_either_case(_without_article(s.name)) for s in board.spaces if s.name},
                       key=lambda name: (-len(name), name))  # the longest first; the same order every time
        kinds = sorted({_either_case(_without_article(phrase)) for k in space_kinds(board_id)
                        for phrase in (k.phrase, *k.also)}, key=lambda name: (-len(name), name))
        numbers = "|".join(str(n) for n in range(board.goal, 0, -1))
        verb = r"^\s*\S+\s+(?:[Ll][Aa][Nn][Dd][Ss]\s+[Oo][Nn]|[Rr][Ee][Aa][Cc][Hh][Ee][Ss])\s+"
        kind = rf"|(?:[Aa][Nn]?|[Aa][Nn][Yy]|[Aa][Nn][Oo][Tt][Hh][Ee][Rr])\s+(?:{'|'.join(kinds)})" if kinds else ""
        known = {"pattern": verb + rf"(?:(?:(?:[Tt][Hh][Ee]|[Aa])\s+)?(?:{'|'.join(names)}|{numbers}){kind})\s*$"}
        pattern = {"anyOf": [{"not": {"pattern": verb}}, known]}
        bounds.append({"if": {"required": ["game"], "properties": {"game": {"const": board_id}}},
                       "then": {"properties": {"beats": {"items": pattern},
                                               "asides": {"items": {"properties": {"when": pattern}}}}}})
    return bounds


def scene_schema() -> dict[str, Any]:
    assert set(PERSON_KEYS) == set(person([])["properties"])
    pattern = {"type": "string", "description": "an event pattern: " + "; ".join(FORMS) + " (KIND: a kind of space "
               "the board names, e.g. a vice, a virtue, an offence, a place of confinement)"}
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
            "players": {"type": "array", "minItems": 2, "maxItems": 12, "uniqueItems": True,
                        "items": person(["id", "name"])},
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
                       "description": "the two players whose battle of wit is the spine (default: Elizabeth and Mr. "
                                      "Darcy where both play, else the first two not of a gentle temper)"},
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
                    "every": {"type": "boolean", "description": "fire at every match, not only the first (an aside "
                                                               "on a kind of space fires at the first of them)"},
                    "break": {"type": "boolean", "description": "a scene break here: '#' in the manuscript"},
                },
                "anyOf": [{"required": ["say"]}, {"required": ["narrate"]}, BREAKS],
                "not": {**BREAKS, "anyOf": [{"required": ["say"]}, {"required": ["narrate"]}]}}},
            "beats": {"type": "array", "items": pattern, "description": "what the story needs"},
            "end": {"type": "object", "additionalProperties": False,
                    "properties": {"max_turns": {"type": "integer", "minimum": 1}}},
            "phrasebook": {"type": "string",
                           "description": "a YAML file of the author's own phrasings, beside the scene"},
        },
        # What JSON Schema can check of one key against another: a spin within the teetotum's faces, and
        # a space that the scene's board has. Player ids named elsewhere in the file (say:, pov:, rivals:,
        # the patterns) and duplicate ids it cannot: `versus check` finds those.
        "allOf": [*spin_bounds(), *space_bounds()],
    }
