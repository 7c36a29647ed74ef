"""Conversation (STYLE.md rule 3): the people speak to each other at the moments that matter.

A mixin of the Narrator: it needs self.scene, self.voices, self.rng, self.pace, self.facts, self.states,
self.book, self.realiser, self.now and self.scope, and the narrator's say/amounts/space_name/mood.
"""

from __future__ import annotations

from versus.narration.moments import BAD, GOOD
from versus.narration.truth import Unit
from versus.rules.game import Action


class Talk:
    # -- conversation (STYLE.md rule 3) ----------------------------------------------------------
    SOFT = {"gentle", "amiable", "obsequious", "timid", "shy"}  # tempers that pity rather than tease

    def rivals(self) -> tuple[int, int] | None:
        """The two principal players, whose battle of wit is the spine: the scene's rivals, else the first two."""
        named = self.scene.extra.get("rivals")
        if named:
            return self.scene.seat(named[0]), self.scene.seat(named[1])
        return (0, 1) if len(self.scene.players) >= 2 else None

    def exchange(self, mood: str | None, action: Action, certain: bool = False) -> list[str]:
        """Two to four lines between two people at a moment that matters: taunt and retort, condolence and
        rebuff, compliment and deflection, an onlooker's barb and the answer."""
        if mood is None:
            return []
        actor = action.player
        rivals = self.rivals()
        principal = rivals is not None and actor in rivals
        chance = (1.0 if principal else 0.9) if self.pace == "brisk" else (0.5 if principal else 0.25)
        if self.rng.random() >= chance and not certain:
            return []
        if self.scene.company and (not principal or self.rng.random() < 0.25):
            return self.barb(mood, actor)
        if principal:
            opener = rivals[1] if actor == rivals[0] else rivals[0]
        else:
            opener = self.rng.choice([p for p in range(len(self.scene.players)) if p != actor])
        return self.duel(mood, opener, actor)

    def duel(self, mood: str, opener: int, actor: int) -> list[str]:
        first, second = self.voices.person(opener), self.voices.person(actor)
        if mood == BAD:
            kind, answer = ("condolence", "rebuff") if (first.temper or "") in self.SOFT else ("taunt", "retort")
        else:
            kind, answer = "compliment", "deflection"
        line = self.line(kind, first, second)
        if not line:
            return []
        reply = self.line(answer, second, first)
        if not reply:
            return []
        # "replied she", where a reader would know her, is the referring stage's to say
        out = [self.voices.attribute(first.id, line), self.voices.attribute(second.id, reply)]
        if self.rng.random() < 0.8:
            last = self.line("rejoinder", first, second)
            if last:  # the two are talking now: their lines need no "said"
                out.append(self.voices.attribute(first.id, last, bare=True))
                final = self.line(answer, second, first) if self.rng.random() < 0.75 else ""
                if final:  # the last word, and the fourth line
                    out.append(self.voices.attribute(second.id, final, bare=True))
        return out

    def barb(self, mood: str, actor: int) -> list[str]:
        onlooker = self.rng.choice(self.scene.company)
        player = self.voices.person(actor)
        situation = "good" if mood == GOOD else "bad"
        line = self.line("barb", onlooker, player, situation)
        reply = self.line("answer", player, onlooker, situation) if line else ""
        if not (line and reply):
            return []
        return [self.voices.attribute(onlooker.id, line), self.voices.attribute(player.id, reply)]

    def line(self, kind: str, speaker, hearer, *rest: str) -> str:
        """A line of speaker's to hearer, in speaker's temper (else a neutral one), true to the moment."""
        values = {**self.voices.spoken_values(speaker.id, addressee=hearer.id), **self.amounts(),
                  **self.place_values()}
        for temper in (speaker.temper or "neutral", "neutral"):
            text = self.say(("exchange", kind, temper, *rest), values)
            if text:
                return text
        return ""

    def place_values(self) -> dict[str, str]:
        """{space} and {dest} for a spoken line, named as the novel names them mid-sentence."""
        first = self.scope[0]
        if first is None or self.scope[1] != first:
            return {}
        f = self.facts.actions[first]
        out = {"dest": self.realiser.names(self.space_name(f.to))} if f.to else {}
        if f.landed and self.board.space(f.landed).name:
            out["space"] = self.realiser.names(self.space_name(f.landed))
        return out

    def reaction(self, mood: str | None, action: Action) -> list[str]:
        """Perhaps a speech, a remark from the company, a look, or the heroine's private verdict."""
        if mood is None or self.rng.random() < (0.35 if self.pace == "brisk" else 0.6):
            return []
        actor = action.player
        choices = ["speech", "reaction"]
        rivals = [p for p in range(len(self.scene.players)) if p != actor]
        if mood == BAD and rivals:
            choices.append("taunt")
        if self.scene.company:
            choices.append("remark")
        if self.scene.pov is not None or actor == self.scene.pov_seat:
            choices.append("pov")
        kind = self.rng.choice(choices)
        if kind == "speech":
            return [self.speech(actor, mood)]
        if kind == "taunt":
            return [self.speech(self.rng.choice(rivals), "taunt", addressee=actor)]
        if kind == "remark":
            onlooker = self.rng.choice(self.scene.company)
            situation = "good" if mood == GOOD else "bad"
            temper = self.remark_voice(onlooker, self.voices.person(actor), situation)
            values = self.voices.spoken_values(onlooker.id, subject=actor)
            line = self.say(("remark", temper, situation), values)
            return [self.voices.attribute(onlooker.id, line)] if line else []
        if kind == "pov":
            pov = self.scene.pov_seat
            glad = (mood == GOOD) == (actor == pov)
            other = actor if actor != pov else (rivals[0] if rivals else actor)
            values = self.voices.values(pov, other)
            return [self.say(("pov_glad" if glad else "pov_vexed",), values)]
        return [self.in_temper(actor, "reaction", mood)]

    def remark_voice(self, onlooker, subject, situation: str) -> str:
        temper = onlooker.temper or "neutral"
        if subject.pronoun != onlooker.pronoun and "they" not in (subject.pronoun, onlooker.pronoun):
            other = self.book.templates("remark_voice_other_sex", temper, situation)
            return other[0] if other else temper
        return temper

    def verdict(self, mood: str | None, sentences: list[str]) -> list[str]:
        """A short verdict (eight words or fewer) for a moment that has none (STYLE.md rule 3)."""
        texts = [s.text if isinstance(s, Unit) else s for s in sentences]
        has_short = any(len(s.split()) <= 8 for s in texts if "“" not in s)
        if mood is None or has_short or self.rng.random() < 0.4:
            return []
        if 3 * (self.verdicts + 1) > self.moments_told + 2:  # stock verdicts: one paragraph in three at most
            return []
        self.verdicts += 1
        return [self.say(("verdict", mood), {})]

    def speech(self, seat: int, situation: str, addressee: int | None = None) -> str:
        person = self.voices.person(seat)
        values = self.voices.spoken_values(person.id, addressee=addressee)
        for temper in (person.temper or "neutral", "neutral"):
            line = self.say(("speech", temper, situation), values)
            if line:
                return self.voices.attribute(person.id, line)
        return ""

    def table_talk(self, stretch: list[int]) -> list[str]:
        """The talk that goes on under a stretch of play: the rivals on how it went for one of them."""
        rivals = self.rivals()
        if rivals is None or self.rng.random() >= 0.85:
            return []
        general = dict(self.now)
        subject = self.rng.choice(rivals)
        paid = sum(self.facts.actions[i].paid for i in stretch if self.facts.actions[i].player == subject)
        first, last = self.states[stretch[0]].pos[subject], self.states[stretch[-1] + 1].pos[subject]
        leads = self.facts.lead[stretch[-1] + 1].leader == subject
        moved = "forward" if last > first else "back" if last < first else "still"
        self.now = general | {"paid": paid, "moved": moved, "lead": leads, "repeat": False}
        # A leader who paid on the way had a mixed stretch: neither a compliment nor a taunt is true of it
        mood = BAD if (paid and not leads) or moved == "back" else GOOD if leads and moved == "forward" \
            and not paid else None
        self.voices.new_topic()
        talk = self.duel(mood, rivals[1] if subject == rivals[0] else rivals[0], subject) if mood else []
        self.now = general
        return talk
