"""`versus run SCENE`: play a scene headless to the end, tell it plainly, and save the take."""

from __future__ import annotations

import argparse
import sys

from versus.commands.common import MAX_SEED, at_least, load_scene_or_fail, open_playthrough, warn_store, working_scene


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("scene", metavar="SCENE", help="a scene file (scenes/*.yaml)")
    parser.add_argument("--seed", type=at_least(0, MAX_SEED), help="draw the unscripted spins from this seed instead")
    parser.add_argument("--take", metavar="NAME", help="replay this take instead of playing a new one")
    parser.add_argument("--trace", action="store_true", help="print JSON Lines as `versus trace` does")
    parser.add_argument("--no-save", action="store_true", help="do not keep the playthrough as a take")


def run(args: argparse.Namespace) -> int:
    from versus.cli import Failure
    from versus.commands.common import judged_by_chances
    from versus.commands.trace import trace_line
    from versus.takes.log import aside_words, describe, spin_words
    from versus.takes.outcome import as_take, ending_lines
    from versus.takes.store import TakesError, TakeStore

    scene = load_scene_or_fail(working_scene(args.scene))
    from versus.commands.check import named_file_problems

    problems = named_file_problems(scene)  # a phrasebook export would refuse: said now, not after the play
    if problems:
        raise Failure(problems)
    play, take = open_playthrough(scene, args.take, args.seed)
    names = [p.called for p in scene.players]
    out = sys.stdout
    if not args.trace:
        out.write(f"{scene.title}: {play.board.title} ({play.rules.preset}), seed {play.seed}\n")
    for _ in play.play_out():
        pass
    saved, store, failure = None, TakeStore(scene.path), None
    if take is None and not args.no_save and not args.trace:
        try:  # before a line is printed: `versus run SCENE | head -1` still keeps the take
            saved = store.save(as_take(play, store.new_name()))
        except (TakesError, OSError) as error:
            failure = f"versus: the take was not saved: {error}"
        warn_store(store)
    states = play.game.states[1:]
    firings = play.firings_by_action()
    for index, played in enumerate(play.played):
        action, state = played.action, states[index]
        if args.trace:
            out.write(trace_line(state, action.player, action.spin) + "\n")
            continue
        turn = f"turn {action.turn:>3}" if action.turn else "        "
        counters = ", ".join(str(c) for c in state.counters)
        out.write(f"{turn}  {names[action.player]:<14} {spin_words(action.spin, played.source)}: "
                  f"{describe(action, play.board, names)} [counters {counters}; {play.board.pool_name} "
                  f"{state.pool}]\n")
        for firing in firings.get(index, ()):
            out.write(f"           aside ({firing.aside.when}): {aside_words(scene, firing.aside)}\n")
    if args.trace:
        return 0
    out.writelines(line + "\n" for line in ending_lines(play, judged_by_chances(play)))
    if failure:
        raise Failure(failure, status=1)
    if saved is not None:
        out.write(f"Saved as {saved.name} in {store.path}\n")
    return 0

