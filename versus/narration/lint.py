"""Holds every phrasebook template to claims.yaml: a template that claims something must declare it.

    python -m versus.narration.lint [AUTHOR_PHRASEBOOK.yaml …]

A template making a claim (a payment, a move back, the evening, onlookers…) must carry the claim's
condition in its `when:`, take the claim's slot ({fine} is only given when a fine was paid), or sit
under a key that makes the claim true by itself (claims.yaml `implied:`, or a space whose direction
always does it). Prints one line per fault and exits 1 when there are any.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

import yaml

from versus.boards import board_ids, load_board
from versus.narration.claims import Claim, found, implied
from versus.narration.conditions import Entry, entry, problems
from versus.narration.phrasebook import HERE, PLACEHOLDER

SPOKEN = ("speech", "remark", "exchange")  # keys whose templates are spoken lines
# Slots filled with a sample before the claims are sought, so that "took {pool}" is read as a receipt.
SAMPLES = {"pool": "two counters", "fine": "two counters", "paid": "two counters", "due": "two counters",
           "received": "two counters", "winnings": "two counters", "count": "two", "advance": "two spaces",
           "spin_spaces": "two spaces", "margin": "two spaces", "months": "two months", "times": "twice",
           "who_times": "twice", "other_times": "once"}


@dataclass(frozen=True, slots=True)
class Fault:
    file: str
    key: str
    text: str
    claim: str
    wants: str

    def __str__(self) -> str:
        if self.claim == "a bad condition":
            return f"{self.file}: {self.key}: never told, {self.wants}: {self.text[:90]}"
        return f"{self.file}: {self.key}: claims {self.claim} without {self.wants}: {self.text[:90]}"


def walk(node: Any, path: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], Entry, str]]:
    """Every phrasing under node: its key, the entry, and what is wrong with its `when:` ("" if nothing)."""
    if isinstance(node, dict):
        for key, value in node.items():
            yield from walk(value, (*path, str(key)))
    elif isinstance(node, list):
        for item in node:
            e = entry(item)
            if e is not None:
                yield path, e, ""
            elif isinstance(item, dict) and isinstance(item.get("text"), str):  # never told: say so
                yield path, Entry(item["text"]), "; ".join(problems(item.get("when") or {}))
    elif isinstance(node, str) and path[:1] != ("names",):
        yield path, Entry(node), ""


def space_claims() -> dict[str, set[str]]:
    """Claims true of every landing on a named space: its direction always moves back or forward."""
    out: dict[str, set[str]] = {}
    for board_id in board_ids():
        for space in load_board(board_id).spaces:
            verbs = {e.verb for e in space.direction}
            sent = space.sends_to
            if "back" in verbs or (sent is not None and sent < space.number):
                out.setdefault(space.name, set()).add("back")
            if "advance" in verbs or (sent is not None and sent > space.number):
                out.setdefault(space.name, set()).add("forward")
    return out


def covered(claim: Claim, e: Entry, key: tuple[str, ...], spaces: dict[str, set[str]]) -> bool:
    declared = dict(e.when)
    if any(name in declared for name, _ in claim.requires) or any(name in declared for name in claim.also):
        return True
    if set(PLACEHOLDER.findall(e.text)) & set(claim.slots):
        return True
    joined = "/".join(key)
    if any(joined == k or joined.startswith(k + "/") for k, names in implied().items() if claim.name in names):
        return True
    return key[:1] == ("spaces",) and len(key) > 1 and claim.name in spaces.get(key[1], set())


def faults(data: dict[str, Any], file: str) -> list[Fault]:
    spaces = space_claims()
    out = []
    for key, e, wrong in walk(data):
        if wrong:  # a when: the chooser cannot read, so the phrasing would never be told
            out.append(Fault(file, "/".join(key), e.text, "a bad condition", wrong))
            continue
        spoken = True if key[:1] and key[0] in SPOKEN else None
        sample = PLACEHOLDER.sub(lambda m: SAMPLES.get(m.group(1), m.group(0)), e.text)
        for claim in found(sample, spoken):
            if not covered(claim, e, key, spaces):
                wants = ", ".join(f"{n}: {v!r}" for n, v in claim.requires)
                out.append(Fault(file, "/".join(key), e.text, claim.name, wants))
    return out


def builtin_faults() -> list[Fault]:
    out = []
    for path in sorted(HERE.glob("*.yaml")):
        out.extend(faults(yaml.safe_load(path.read_text(encoding="utf-8")) or {}, path.name))
    return out


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    found_faults = builtin_faults() if not args else [
        f for a in args for f in faults(yaml.safe_load(Path(a).read_text(encoding="utf-8")) or {}, a)]
    for fault in found_faults:
        print(fault)
    by_claim: dict[str, int] = {}
    for fault in found_faults:
        by_claim[fault.claim] = by_claim.get(fault.claim, 0) + 1
    print(f"{len(found_faults)} templates claim what they do not declare: {by_claim or 'none'}", file=sys.stderr)
    return 1 if found_faults else 0


if __name__ == "__main__":
    raise SystemExit(main())
