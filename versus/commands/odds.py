"""`versus odds SCENE`: chances by simulation, from the start or from a turn of a take."""

from __future__ import annotations

import argparse
import json
import sys

from versus.commands.common import MAX_GAMES, MAX_SEED, MAX_TURNS, at_least, load_scene_or_fail, open_playthrough

EPILOG = """\
Every figure comes from a vectorised simulator of the rules (numpy, many games at once) that
plays the engine's rules game for game: the same spins give the same winner, turns, counters
and beats as versus.rules (tests/test_odds_simulate.py). Wins, turns still to play and every
beat are judged there; nothing falls back to the slower engine. A game still unfinished at the
scene's end.max_turns is won by nobody. A beat that already held before the starting turn
counts as held in every game. The same seed always gives the same figures."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.epilog = EPILOG
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.add_argument("scene", metavar="SCENE", help="a scene file (scenes/*.yaml)")
    parser.add_argument("--games", type=at_least(1, MAX_GAMES), default=10_000, metavar="N",
                        help="games to simulate (default 10000)")
    parser.add_argument("--take", metavar="NAME", help="start from a turn of this take (with --at-turn)")
    parser.add_argument("--at-turn", type=at_least(1, MAX_TURNS), metavar="K",
                        help="start at the beginning of turn K (of the take, else of the scene's own game)")
    parser.add_argument("--seed", type=at_least(0, MAX_SEED), help="seed of the simulation (default: the scene's seed)")
    parser.add_argument("--json", action="store_true",
                        help='print {"games": N, "win": {...}, "turns_left": mean, "beats": {...}}')


def run(args: argparse.Namespace) -> int:
    from versus.cli import UsageError
    from versus.odds import estimate
    from versus.odds.beats import prefix_of

    if args.take and args.at_turn is None:
        raise UsageError("versus odds: --take needs --at-turn K (the turn of the take to start from)")
    scene = load_scene_or_fail(args.scene)
    state, prefix, where = None, None, "the start"
    if args.at_turn is not None and args.at_turn > 1:
        play, take = open_playthrough(scene, args.take)
        state = _turn_start(play, args.at_turn, take.name if take else "the scene's own game")
        prefix = prefix_of([p.action for p in play.played], scene.beats, len(scene.players))
        where = f"the start of turn {args.at_turn}" + (f" of {take.name}" if take else "")
    elif args.take:
        open_playthrough(scene, args.take)  # the take must exist, even for turn 1
    seed = scene.seed if args.seed is None else args.seed
    progress = _progress if sys.stderr.isatty() and args.games > 25_000 else None
    odds = estimate(scene, state, prefix, games=args.games, seed=seed, progress=progress)
    if progress:
        sys.stderr.write("\r\033[K")
        sys.stderr.flush()
    out = sys.stdout
    if args.json:
        out.write(json.dumps({
            "games": odds.games,
            "win": {p.id: round(w, 6) for p, w in zip(scene.players, odds.win, strict=True)},
            "turns_left": round(odds.turns_left, 3),
            "beats": {str(b): round(h, 6) for b, h in zip(scene.beats, odds.beats, strict=True)},
        }) + "\n")
        return 0
    out.write(f"{scene.title}: {odds.games:,} games simulated from {where} (seed {seed})\n")
    width = max(len(p.called) for p in scene.players)
    for person, chance in zip(scene.players, odds.win, strict=True):
        out.write(f"  {person.called:<{width}}  {_percent(chance)}\n")
    if odds.no_winner:
        out.write(f"  {'(nobody)':<{width}}  {_percent(odds.no_winner)}  unfinished after {scene.max_turns} turns\n")
    out.write(f"Turns still to play: {odds.turns_left:.1f} on average\n")
    if scene.beats:
        out.write("Beats:\n")
        for beat, chance in zip(scene.beats, odds.beats, strict=True):
            out.write(f"  {_percent(chance)}  {beat}\n")
    return 0


def _turn_start(play, turn: int, what: str):
    """Play on to the start of the turn (the turn before it complete); Failure if the game ends first."""
    from versus.cli import Failure

    while True:
        state = play.game.state
        if state.turn >= turn - 1 and state.pending is None:
            break
        if play.finished:
            break
        play.step()
    if play.finished:
        end = "won" if play.game.state.over else "stopped"
        raise Failure(f"versus: {what} {end} at turn {play.game.state.turn}: it has no turn {turn}", status=2)
    return play.game.state


def _percent(p: float) -> str:
    return f"{100 * p:5.1f}%"


def _progress(done: int, total: int) -> None:
    sys.stderr.write(f"\r  simulated {done:,} of {total:,} games")
    sys.stderr.flush()
