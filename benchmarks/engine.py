"""The rules engine against a plain loop of the same rules written here, on the same spins.

    python benchmarks/engine.py [--spins 20000] [--repeat 3]
    python benchmarks/engine.py --plain-trace BOARD --players N [--preset P] --spins 3,5,...

For each board and preset, a game of --spins spins that nobody wins (drawn at random, skipping
any spin that would win) is played (1) in this process, through versus.rules.Game and through the
plain loop below, in actions per second; (2) as `versus trace` and as this file's --plain-trace,
each its own process printing the same JSON Lines, whose bytes are compared. The ratios are
engine / plain time (the target: `versus trace` at most 0.9x). The plain loop reads the board
file itself and shares no code with versus: mutable lists, one function, no events.
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import subprocess
import sys
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
CONFIGS = [("mansion-of-happiness", "ives", 2), ("mansion-of-happiness", "zh", 4),
           ("mansion-of-happiness", "ives", 6), ("virtue-rewarded", "darton", 3)]


# -- the plain loop: docs/rules.md §1 and §2, read afresh ---------------------------------------------
class Plain:
    """A board and preset read straight from board/<id>.yaml."""

    def __init__(self, board_id: str, preset: str | None) -> None:
        loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
        data = yaml.load((ROOT / "board" / f"{board_id}.yaml").read_text(encoding="utf-8"), Loader=loader)
        values = data["presets"][preset or next(iter(data["presets"]))]["values"]
        self.goal, self.seat, self.bounce = data["goal"], data.get("seat"), data["overshoot"] == "bounce"
        self.counters, self.stake = data["counters"], data.get("stake", 0)
        self.faces = int(values.get("teetotum", 6))
        starts = data["switches"].get("start", {}).get("values", {})
        self.start = starts.get(values.get("start"), 0)
        self.skip = values.get("counting") == "skip-places"
        self.collide = values.get("collisions") in ("on", True)
        self.return_and_spin = values.get("relief") == "return-and-spin"
        self.kind = ["blank"] * (self.goal + 1)
        self.dirs: list[list[tuple[str, int]]] = [[] for _ in range(self.goal + 1)]
        for s in data["spaces"]:
            self.kind[s["number"]] = s["kind"]
            self.dirs[s["number"]] = [(e, 0) if isinstance(e, str) else next(iter(e.items()))
                                      for e in s.get("direction") or ()]
        places = {s["number"] for s in data["spaces"] if s["kind"] == "place"}
        self.step = [n + 1 for n in range(self.goal + 8)]  # the next counted space after n
        if self.skip:
            for n in range(self.goal + 7, -1, -1):
                nxt = n + 1
                while nxt in places:
                    nxt += 1
                self.step[n] = nxt

    def count(self, pos: int, steps: int) -> int:
        if not self.skip:
            return pos + steps
        step = self.step
        for _ in range(steps):
            pos = step[pos] if pos < len(step) else pos + 1
        return pos


def plain_game(b: Plain, n: int, spins):
    """Yield (player, spin, pos, counters, pool, waiting, winner) after each action."""
    pos, cnt, pool = [b.start] * n, [b.counters - b.stake] * n, b.stake * n
    wait, conf, seat, crime = [0] * n, [False] * n, [False] * n, [b.start] * n
    goal, start, player, winner = b.goal, b.start, 0, None
    pend = None  # (kind, spinner, spin, owed)
    feed = iter(spins)
    while winner is None:
        if pend is None and wait[player]:
            wait[player] -= 1
            if not wait[player] and conf[player]:
                conf[player], pos[player], seat[player] = False, start, False
            yield player, None, pos, cnt, pool, wait, None
            player = (player + 1) % n
            continue
        s = next(feed, None)
        if s is None:
            return
        m = pend[1] if pend else player
        owed, over, new = (pend[3] - 1 if pend and pend[0] == "x" else 0), False, None
        if pend and pend[0] == "r" and s == pend[2]:
            over = True  # the re-spin matched: he remains
        else:
            o = pos[m]
            t = b.count(o, s)
            if t > goal:
                over = True
                if b.bounce:
                    pos[m] = max(1, o - (t - goal))
                elif not seat[m] and b.seat is not None:
                    seat[m], pos[m] = True, b.seat
                    if b.collide:
                        new = plain_collide(b, n, m, o, 0, None, pos, cnt, wait, conf, seat, crime)
                        pool += new[1] if new else 0
                        new = new[0] if new else None
                else:
                    pos[m], seat[m] = start, False
            else:
                pos[m] = t
                for verb, a in b.dirs[t]:
                    if verb == "pay" or verb == "pay-half":
                        due = a if verb == "pay" else cnt[m] // 2
                        paid = min(due, cnt[m])
                        cnt[m] -= paid
                        pool += paid
                    elif verb == "pay-each" or verb == "receive-each":
                        for k in range(1, n):
                            q = (m + k) % n
                            payer, payee = (m, q) if verb == "pay-each" else (q, m)
                            paid = min(a, cnt[payer])
                            cnt[payer] -= paid
                            cnt[payee] += paid
                    elif verb == "receive" or verb == "take-pool":
                        got = min(a if verb == "receive" else pool, pool)
                        pool -= got
                        cnt[m] += got
                    elif verb == "go":
                        pos[m] = a
                    elif verb == "back":
                        pos[m] = o
                    elif verb == "advance":
                        pos[m] = min(b.count(pos[m], a), goal)
                    elif verb == "confine":
                        wait[m], conf[m], crime[m] = a, True, o
                    elif verb == "wait":
                        wait[m], over, owed = a, True, 0
                    elif verb == "spin":
                        owed += a
                if pos[m] == goal:
                    winner = m
                elif b.collide:
                    got = plain_collide(b, n, m, o, s, t, pos, cnt, wait, conf, seat, crime)
                    if got:
                        new, fine = got
                        pool += fine
        if winner is None and new is None and not over and owed > 0:
            new = ("x", player, 0, owed)
        pend = new
        yield m, s, pos, cnt, pool, wait, winner
        if winner is None and pend is None:
            player = (player + 1) % n


def plain_collide(b: Plain, n, m, o, s, landed, pos, cnt, wait, conf, seat, crime):
    """Rule 16 on the mover's final space: (pending spin or None, counters paid into the pool)."""
    f = pos[m]
    if f == b.start or f == b.goal:
        return None
    offense = landed is not None and b.kind[landed] == "offense"
    sends = [a for verb, a in b.dirs[landed] if verb == "go"] if landed is not None else []
    by_crime = offense and bool(sends) and sends[0] == f
    if f == o and not by_crime:
        return None
    there = [(m + k) % n for k in range(1, n) if pos[(m + k) % n] == f]
    if not there:
        return None
    jailed = [q for q in there if conf[q] and wait[q] > 0]
    if jailed:
        if by_crime and any(verb == "confine" for verb, _ in b.dirs[landed]):
            q = jailed[0]
            wait[q], conf[q] = 0, False
            for other in there:
                if other != q:
                    pos[other] = o
            if b.return_and_spin:
                pos[q] = crime[q]
                return ("l", q, 0, 1), 0
            pos[q], seat[q] = b.start, False
            return None, 0
        pos[m] = o
        return ("r", m, s, 1), 0
    fine = 0
    if not offense:
        fine = min(1, cnt[m])
        cnt[m] -= fine
    for q in there:
        pos[q] = o
    return None, fine


def plain_trace(board_id: str, players: int, preset: str | None, spins: list[int]) -> None:
    b = Plain(board_id, preset)
    write, dumps = sys.stdout.write, json.dumps
    for p, s, pos, cnt, pool, wait, winner in plain_game(b, players, spins):
        write(dumps({"player": p, "spin": s, "pos": pos, "counters": cnt, "pool": pool,
                     "waiting": wait, "winner": winner}) + "\n")


# -- the benchmark ----------------------------------------------------------------------------------------
def never_winning(board_id: str, preset: str, players: int, count: int, seed: int) -> list[int]:
    """Spins nobody wins with: a random face, else the next that does not win (found by undo)."""
    from versus.boards import load_board
    from versus.rules import Game

    board = load_board(board_id)
    rules = board.rules(preset)
    game, rng, spins = Game(board, rules, players), random.Random(seed), []
    while len(spins) < count:
        if not game.state.needs_spin:
            game.play(None)
            continue
        first = rng.randint(1, rules.teetotum)
        for s in [first] + [x for x in range(1, rules.teetotum + 1) if x != first]:
            game.play(s)
            if not game.state.over:
                spins.append(s)
                break
            game.undo()
    return spins


def in_process(board_id: str, preset: str, players: int, spins: list[int],
               repeat: int) -> tuple[float, float, float, int]:
    """CPU seconds for Game.play (with its undo stack), Stream.play (without) and the plain loop; actions."""
    from versus.boards import load_board
    from versus.rules import Game, Stream

    board = load_board(board_id)
    rules = board.rules(preset)
    plain = Plain(board_id, preset)

    def engine() -> int:
        game, feed, actions = Game(board, rules, players), iter(spins), 0
        while not game.state.over:
            spin = next(feed, None) if game.state.needs_spin else None
            if spin is None and game.state.needs_spin:
                break
            game.play(spin)
            actions += 1
        return actions

    def stream() -> int:
        return sum(1 for _ in Stream(board, rules, players).play(spins))

    def loop() -> int:
        return sum(1 for _ in plain_game(plain, players, spins))

    e = st = p = float("inf")
    for _ in range(repeat):  # interleaved, so that load on the machine falls on both alike
        e, st, p = min(e, _clock(engine)), min(st, _clock(stream)), min(p, _clock(loop))
    return e, st, p, engine()


def _clock(work) -> float:
    started = time.process_time()  # CPU time: waiting behind other processes is not counted
    work()
    return time.process_time() - started


def child_cpu(argv: list[str]) -> tuple[float, bytes]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run(argv, capture_output=True, check=True).stdout
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), out


def commands(board_id: str, preset: str, players: int, spins: list[int], repeat: int) -> tuple[float, float, bool]:
    text = ",".join(map(str, spins))
    common = [board_id, "--players", str(players), "--preset", preset, "--spins", text]
    versus = [sys.executable, "-m", "versus", "trace", *common]
    plain = [sys.executable, str(Path(__file__).resolve()), "--plain-trace", *common]
    e_best = p_best = float("inf")
    same = True
    for _ in range(repeat):  # interleaved, so that load on the machine falls on both alike
        e, e_out = child_cpu(versus)
        p, p_out = child_cpu(plain)
        e_best, p_best, same = min(e_best, e), min(p_best, p), same and e_out == p_out
    return e_best, p_best, same


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--spins", default=20_000, type=lambda t: t if "," in t else int(t))
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--plain-trace", metavar="BOARD")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--preset")
    args = parser.parse_args()
    if args.plain_trace:
        spins = [int(s) for s in str(args.spins).split(",") if s]
        plain_trace(args.plain_trace, args.players, args.preset, spins)
        return
    import versus

    print(f"versus from {Path(versus.__file__).parent}; {args.spins:,} spins a game, best of {args.repeat}")
    worst = 0.0
    for board_id, preset, players in CONFIGS:
        spins = never_winning(board_id, preset, players, args.spins, seed=1818)
        e, st, p, actions = in_process(board_id, preset, players, spins, args.repeat)
        te, tp, same = commands(board_id, preset, players, spins, args.repeat)
        worst = max(worst, te / tp)
        print(f"{board_id:20} {preset:6} {players:2}p, in process: play {actions / e:9,.0f} actions/s "
              f"({e / p:4.2f}x plain), stream {actions / st:9,.0f} ({st / p:4.2f}x), plain {actions / p:9,.0f}; "
              f"trace command {te:5.2f} s cpu, plain command {tp:5.2f} s, ratio {te / tp:4.2f}; "
              f"output {'identical' if same else 'DIFFERS'}")
    print(f"worst trace ratio {worst:.2f} (target at most 0.9)")


if __name__ == "__main__":
    main()
