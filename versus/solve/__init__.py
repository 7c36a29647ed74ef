"""`versus solve`: spins under which every beat of a scene holds, with as few changed as possible.

    solution = solve(scene, max_edits=4)     # raises Unsolvable with a plain reason
    solution.spins, solution.edits           # every spin of the game; (position from 1, old, new)
    take, store = save(solution)             # a new take beside the scene: solved-N, "solved: N edits"

For the TUI (a worker thread): solve(scene, time_limit=..., cancelled=lambda: worker.is_cancelled)
prints nothing and touches no file; save() is the only write. It imports neither Textual nor the
TUI.

The spins the scene would otherwise use are its script, then its seed's draws (docs/scenes.md §4);
scripted spins are kept unless free_script. The search is exact (see versus.solve.search); its
answer is replayed through the rules engine, and every beat checked there, before it is returned.
"""

from __future__ import annotations

import dataclasses
import os
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from versus.boards import load_board
from versus.scenes.model import Scene
from versus.scenes.spins import spin_at
from versus.solve.contradictions import contradictions
from versus.solve.search import MEMORY_LIMIT, PROVE_FOR, Cancelled, OutOfMemory, OutOfTime, Search
from versus.takes.outcome import as_take
from versus.takes.playthrough import Playthrough
from versus.takes.store import Take, TakeStore

__all__ = ["DEFAULT_MAX_EDITS", "REMEDIES", "Cancelled", "Solution", "Unsolvable", "save", "solve"]

DEFAULT_MAX_EDITS = 4


# What a caller could change for another try, in the scene's terms; the CLI names its flags for
# them and the TUI its own words (docs/architecture.md §7).
REMEDIES = {
    "beats": "fewer or likelier beats",
    "max_turns": "more turns for the game",
    "time_limit": "more time for the search",
    "max_edits": "more spins changed",
    "free_script": "letting the scripted spins change too",
}


class Unsolvable(Exception):
    """No spins were found: the beats contradict, or no solution lies within the limits.

    reasons say why, in the scene's terms; remedies name what might find one (keys of REMEDIES, in
    the order worth trying), for the caller to word as its own settings; lines are both, told in
    the scene's terms.
    """

    def __init__(self, reasons: list[str], contradiction: bool = False, remedies: tuple[str, ...] = (),
                 ruled_out: int | None = None) -> None:
        self.reasons = reasons
        self.ruled_out = ruled_out  # stopped at a limit: every change of this many spins or fewer was tried
        self.contradiction = contradiction
        self.remedies = remedies
        self.lines = self.told()
        super().__init__("\n".join(self.lines))

    def told(self, words: dict[str, str] | None = None) -> list[str]:
        """The reasons, and the remedies named as the caller names them (by default, in the scene's terms)."""
        if not self.remedies:
            return list(self.reasons)
        *first, last = self.reasons
        return [*first, f"{last} Try {advice(self.remedies, words)}."]


def advice(remedies: tuple[str, ...], words: dict[str, str] | None = None) -> str:
    """'a, b, or c': the remedies in the caller's words, falling back on the scene's."""
    named = [(words or {}).get(r) or REMEDIES[r] for r in remedies]
    return named[0] if len(named) == 1 else ", ".join(named[:-1]) + ", or " + named[-1]


@dataclass(frozen=True)
class Solution:
    scene: Scene  # the scene as solved (its max_turns is the one the search used)
    seed: int
    spins: tuple[int, ...]  # every spin of the solved game, in order
    edits: tuple[tuple[int, int, int], ...]  # (position from 1, old spin, new spin)
    play: Playthrough  # the solved game, replayed through the engine
    candidates: int  # games played out by the search
    seconds: float
    proven: int | None = None  # when not proved minimal: every change of this many spins or fewer was tried

    @property
    def proof(self) -> str:
        """How far the answer is proved: "" for the fewest edits possible, else what was ruled out and what
        was not finished ("found with 4 edits; 2 or fewer ruled out, 3 not finished")."""
        if self.proven is None:
            return ""
        n = len(self.edits)
        found = f"found with {n} edit{'' if n == 1 else 's'}"
        if not self.proven:
            return f"{found}; fewer not yet ruled out"
        return f"{found}; {self.proven} or fewer ruled out" + (f", {self.proven + 1} not finished"
                                                              if self.proven + 1 < n else "")


def proved(level: int) -> str:
    """What a search stopped while trying `level` edits had proved: "no answer with 2 edits or fewer; 3 not
    finished" (every change of level - 1 spins or fewer was tried)."""
    tried = level - 1
    if not tried:
        return "the search had only begun: no change of one spin was tried in full"
    return (f"no answer with {tried} edit{'s' if tried != 1 else ''} or fewer (every such change of the "
            f"spins was tried); {level} not finished")


def solve(scene: Scene, max_edits: int = DEFAULT_MAX_EDITS, max_turns: int | None = None,
          free_script: bool = False, seed: int | None = None, time_limit: float | None = None,
          cancelled: Callable[[], bool] | None = None,
          progress: Callable[[int, int], None] | None = None, workers: int | None = None,
          memory_limit: int = MEMORY_LIMIT, prove_for: float = PROVE_FOR) -> Solution:
    """Spins for every beat of the scene; Unsolvable says plainly why there are none.

    cancelled, if given, is asked between batches of candidates; when it answers True the search
    stops with Cancelled (for a worker thread whose screen has gone). progress, if given, is told
    (edits being tried, candidates tried so far) between batches: every change of fewer spins has
    been tried by then, so a screen may show "no answer with N - 1 edits or fewer; trying N".
    workers is how many processes may play candidates out (default: two where there are two cores,
    called from the main thread; one otherwise); the second is kept only where a trial in this
    solve shows it pays (versus.solve.workers). The answer is the same either way.
    Once an answer is found, prove_for seconds at most (and no later than 7 s after the start, unless
    that leaves less than a second) go to proving that fewer edits cannot do (a level searched in
    part may still give an answer with fewer); Solution.proof says how far that went when it did
    not finish.
    """
    started = time.perf_counter()
    if max_turns is not None:
        scene = dataclasses.replace(scene, max_turns=max_turns)
    if any(b.kind == "chance-below" for b in scene.beats):  # confirmed by replay, not searched for: underdog.py
        return _solve_underdog(scene, max_edits, free_script, seed, time_limit, cancelled, progress, workers,
                               memory_limit, prove_for)
    seed = scene.seed if seed is None else seed
    board = load_board(scene.game)
    rules = board.rules(scene.preset, **dict(scene.switches))
    n = len(scene.players)
    if not scene.beats:
        raise Unsolvable([f"{scene.path} has no beats: there is nothing to solve for"])
    problems = contradictions(scene.beats, board, rules, scene.max_turns, n, tuple(p.id for p in scene.players))
    if problems:
        raise Unsolvable(["The beats contradict each other, so no spins can make them all hold:"]
                         + [f"  {p}" for p in problems], contradiction=True)
    script, faces = scene.spins, rules.teetotum

    def base(k: int) -> int:
        return spin_at(script, seed, k, faces)[0]

    def editable(k: int) -> bool:
        return free_script or not (k <= len(script) and script[k - 1] is not None)

    if workers is None:  # forking from a thread (the TUI's worker) could copy a lock held elsewhere: one process
        main = threading.current_thread() is threading.main_thread()
        workers = min(2, os.cpu_count() or 1) if main else 1
    search = Search(board, rules, n, scene.beats, scene.max_turns, base, editable, max_edits, time_limit, cancelled,
                    progress, workers, memory_limit, prove_for)
    try:
        found = search.run()
    except OutOfMemory as stop:
        raise Unsolvable([f"No solution found within the memory limit of {memory_limit / 2**20:.0f} MB: "
                          f"{proved(stop.level)}."], remedies=("beats", "max_turns"),
                         ruled_out=stop.level - 1) from None
    except OutOfTime as stop:
        raise Unsolvable([f"No solution found in the {time_limit:g} s allowed: {proved(stop.level)}."],
                         remedies=("time_limit", "beats"), ruled_out=stop.level - 1) from None
    if found is None:
        failing = ", ".join(f"'{b}'" for b, held in zip(scene.beats, search.path.held, strict=True) if not held)
        if max_edits == 0:
            raise Unsolvable([f"The beats do not all hold in the scene's own game (not held: {failing}), "
                              "and no spin may be changed."], remedies=("max_edits",))
        scripted = "" if free_script else " (scripted spins kept)"
        raise Unsolvable([f"No solution: no change of up to {max_edits} of the scene's spins{scripted} makes "
                          f"every beat hold. In the scene's own game these fail: {failing}."],
                         remedies=("max_edits", "max_turns") if free_script
                         else ("max_edits", "free_script", "max_turns"))
    edited = dict(found.edits)
    spins = tuple(edited.get(k, base(k)) for k in range(1, found.spins_used + 1))
    play = Playthrough(scene, take_spins=list(spins), seed=seed)
    for _ in play.play_out():
        pass
    failed = [beat for beat, held in play.beats() if not held]
    if failed or play.spins() != list(spins):  # pragma: no cover - the simulator and engine agree
        raise RuntimeError(f"the solver's spins do not replay as found (beats not held: {failed})")
    edits = tuple((k, base(k), v) for k, v in found.edits)
    return Solution(scene, seed, spins, edits, play, search.candidates, time.perf_counter() - started, found.proven)


def _solve_underdog(scene: Scene, max_edits: int, free_script: bool, seed: int | None, time_limit: float | None,
                    cancelled, progress, workers, memory_limit: int, prove_for: float) -> Solution:
    from versus.solve.underdog import NotFound, chance_beats_of, solve_underdog

    def once(trial: Scene, left: float | None) -> Solution:
        return solve(trial, max_edits, None, free_script, seed, left, cancelled, progress, workers, memory_limit,
                     prove_for)

    try:
        return solve_underdog(scene, once, time_limit, Unsolvable)
    except NotFound as stop:
        beats = ", ".join(f"'{b}'" for b in chance_beats_of(scene))
        why = (f"the time ran out after {stop.tried} answer{'s' if stop.tried != 1 else ''} replayed" if stop.timed_out
               else f"in none of the {stop.tried} answers replayed did it" if stop.tried
               else "no answer for the other beats was found to replay")
        raise Unsolvable([f"No solution found for {beats}: the search looks for the other beats with the winner "
                          f"ever further behind, and replays each answer to work out every turn's chances; {why}."],
                         remedies=("time_limit", "max_edits", "beats")) from None


def save(solution: Solution, max_turns: int | None = None) -> tuple[Take, TakeStore]:
    """Keep the solved game as a new take beside its scene, named solved-N, noted "solved: N edits"."""
    edits = len(solution.edits)
    note = f"solved: {edits} edit{'' if edits == 1 else 's'}"
    if max_turns is not None:
        note += f" (max turns {max_turns})"
    store = TakeStore(solution.scene.path)
    return store.save(as_take(solution.play, store.new_name("solved"), note)), store
