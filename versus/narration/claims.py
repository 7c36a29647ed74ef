"""The claims a sentence can make about the game, read from claims.yaml, and where a text makes them."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import yaml

HERE = Path(__file__).parent
SPEECH = re.compile(r"[“\"]([^”\"]*)[”\"]")


@dataclass(frozen=True, slots=True)
class Claim:
    name: str
    patterns: tuple[re.Pattern[str], ...]
    requires: tuple[tuple[str, Any], ...]
    slots: tuple[str, ...] = ()
    speech: bool | None = None  # True: spoken lines only; False: narration only
    unless: re.Pattern[str] | None = None  # text that looks like the claim but is not (e.g. "begin again")
    also: tuple[str, ...] = ()  # other conditions that declare it
    read: tuple[tuple[str, tuple[str, ...]], ...] = ()  # how the checker reads it: (meaning, forms), in order

    def made_in(self, text: str) -> bool:
        if self.unless is not None:
            text = self.unless.sub(" ", text)
        return any(p.search(text) for p in self.patterns)


@cache
def claims() -> tuple[Claim, ...]:
    data = yaml.safe_load((HERE / "claims.yaml").read_text(encoding="utf-8"))
    out = []
    for name, spec in data["claims"].items():
        unless = spec.get("except")
        out.append(Claim(name, tuple(re.compile(p, re.IGNORECASE) for p in spec["patterns"]),
                         tuple(spec.get("requires", {}).items()), tuple(spec.get("slots", ())),
                         spec.get("speech"), re.compile(unless, re.IGNORECASE) if unless else None,
                         tuple(spec.get("also", ())),
                         tuple((meaning, tuple(forms)) for meaning, forms in (spec.get("read") or {}).items())))
    return tuple(out)


@cache
def implied() -> dict[str, tuple[str, ...]]:
    data = yaml.safe_load((HERE / "claims.yaml").read_text(encoding="utf-8"))
    return {key: tuple(names) for key, names in (data.get("implied") or {}).items()}


def split_speech(text: str) -> tuple[str, str]:
    """(narration, speech) of a sentence: what is inside quotation marks is speech."""
    spoken = " ".join(SPEECH.findall(text))
    return SPEECH.sub(" ", text), spoken


def found(text: str, spoken: bool | None = None) -> list[Claim]:
    """The claims text makes. spoken=True treats the whole text as speech (a speech template)."""
    if spoken is None:
        narration, speech = split_speech(text)
    else:
        narration, speech = ("", text) if spoken else (text, "")
    out = []
    for claim in claims():
        where = {None: narration + " " + speech, True: speech, False: narration}[claim.speech]
        if where.strip() and claim.made_in(where):
            out.append(claim)
    return out
