"""Holds every rule to claims.yaml: a line that claims something must declare it.

    python -m versus.narration.lint [AUTHOR_PHRASEBOOK.yaml …]

A rule whose words make a claim (a payment, a move back, the evening, onlookers…) must carry the
claim's condition in its criteria, take the claim's slot ({counters} is only given when something was
paid), or be about a moment that makes the claim true by itself (claims.yaml `implied:`). Prints one
line per fault and exits 1 when there are any.
"""

from __future__ import annotations

import dataclasses
import sys
from dataclasses import dataclass
from pathlib import Path

from versus.narration.claims import Claim, found, implied
from versus.narration.conditions import problems
from versus.narration.phrasebook import PhrasebookError, load_author
from versus.narration.rules import SLOT_PATTERN, Rule, builtin, parse

# Slots filled with a sample before the claims are sought, so that "paid {counters}" is read as a payment.
SAMPLES = {"counters": "two counters", "pool": "the pool"}


@dataclass(frozen=True, slots=True)
class Fault:
    file: str
    rule: str
    text: str
    claim: str
    wants: str

    def __str__(self) -> str:
        if self.claim == "a bad condition":
            return f"{self.file}: {self.rule}: never told, {self.wants}: {self.text[:90]}"
        return f"{self.file}: {self.rule}: claims {self.claim} without {self.wants}: {self.text[:90]}"


def covered(claim: Claim, rule: Rule) -> bool:
    declared = dict(rule.criteria)
    if any(name in declared for name, _ in claim.requires) or any(name in declared for name in claim.also):
        return True
    if set(SLOT_PATTERN.findall(rule.text)) & set(claim.slots) or ("counters" in rule.text and claim.name ==
                                                                      "payment"):
        return True
    keys = {f"event:{v}" for v in _values(declared.get("event"))} | {f"beat:{v}" for v in _values(declared.get("beat"))}
    if any(claim.name in names for key, names in implied().items() if key in keys and len(keys) == 1):
        return True
    events = _values(declared.get("event"))
    return bool(events) and all(claim.name in implied().get(f"event:{e}", ()) for e in events)


def _values(value: object) -> list[str]:
    if value is None:
        return []
    return [str(v) for v in value] if isinstance(value, list) else [str(value)]


def inherited(rules: list[Rule]) -> list[Rule]:
    """Each rule with the criteria of the lines it is written under: a reply is only said after them,
    so what they declare holds for it too."""
    by_id = {r.id: r for r in rules}
    out = []
    for rule in rules:
        criteria = dict(rule.criteria)
        parent = by_id.get(rule.parent)
        while parent is not None:
            for key, value in parent.criteria:
                if key not in ("speaker", "hearer", "addressed", "speaker_role", "hearer_role", "relation"):
                    criteria.setdefault(key, value)
            parent = by_id.get(parent.parent)
        out.append(dataclasses.replace(rule, criteria=tuple(sorted(criteria.items()))))
    return out


def faults(rules: list[Rule], file: str) -> list[Fault]:
    out = []
    for rule in inherited(rules):
        wrong = problems({k: v for k, v in rule.criteria})
        if wrong:
            out.append(Fault(file, rule.id, rule.text, "a bad condition", "; ".join(wrong)))
            continue
        sample = SLOT_PATTERN.sub(lambda m: SAMPLES.get(m.group(1), m.group(0)), rule.text)
        for claim in found(sample, rule.spoken):
            if not covered(claim, rule):
                wants = ", ".join(f"{n}: {v!r}" for n, v in claim.requires)
                out.append(Fault(file, rule.id, rule.text, claim.name, wants))
    return out


def builtin_faults() -> list[Fault]:
    return faults(list(builtin()), "versus/narration/lines")


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    found_faults: list[Fault] = []
    try:
        for a in args or []:
            found_faults.extend(faults(parse(load_author(a), Path(a).name), a))
    except PhrasebookError as error:
        print(error, file=sys.stderr)
        return 2
    if not args:
        found_faults = builtin_faults()
    for fault in found_faults:
        print(fault)
    by_claim: dict[str, int] = {}
    for fault in found_faults:
        by_claim[fault.claim] = by_claim.get(fault.claim, 0) + 1
    print(f"{len(found_faults)} rules claim what they do not declare: {by_claim or 'none'}", file=sys.stderr)
    return 1 if found_faults else 0


if __name__ == "__main__":
    raise SystemExit(main())
