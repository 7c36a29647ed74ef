"""The take store: one file a take, names claimed once, nothing lost (docs/architecture.md §5)."""

from __future__ import annotations

import dataclasses
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from versus.cli import main
from versus.takes.store import Take, TakeChanged, TakeExists, TakesError, TakeStore, slug

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def scene(tmp_path) -> Path:
    target = tmp_path / "scenes" / "netherfield.yaml"
    target.parent.mkdir()
    shutil.copy(ROOT / "scenes" / "netherfield.yaml", target)
    return target


def take(name: str, spins=(3, 5, 2), **kw) -> Take:
    return Take(name=name, spins=tuple(spins), seed=1811, scene_digest="d", **kw)


def versus(*args: str, cwd: Path, **kw) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "versus", *args], cwd=cwd, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, **kw)


# -- one file a take -------------------------------------------------------------------------
def test_each_take_is_a_readable_file_in_a_folder_beside_the_scene(scene):
    store = TakeStore(scene)
    saved = store.save(take("take-1"))
    path = scene.parent / "netherfield.takes" / "take-1.yaml"
    assert saved.key == "take-1" and path.is_file()
    text = path.read_text()
    assert text.startswith("# A take of netherfield.yaml") and "spins: [3, 5, 2]" in text
    assert sorted(p.name for p in scene.parent.glob("*.yaml")) == ["netherfield.yaml"]  # scenes/*.yaml: scenes only


def test_a_save_touches_its_own_take_only_and_keeps_hand_edits(scene):
    store = TakeStore(scene)
    first = store.save(take("take-1"))
    store.save(take("take-2"))
    other = store.file("take-2")
    other.write_text(other.read_text() + "# my own comment\nmood: wistful\n")
    before = other.read_bytes()
    store.save(dataclasses.replace(first, spins=(3, 5, 2, 4)))
    assert other.read_bytes() == before
    mine = store.file("take-1")
    mine.write_text(mine.read_text() + "# Darcy must lose here\nmood: brisk\n")
    store.save(dataclasses.replace(first, spins=(3, 5, 2, 4, 1)))
    text = mine.read_text()
    assert "mood: brisk" in text and "# Darcy must lose here" in text  # its own key and comment are kept too
    assert text.count("# A take of") == 1
    assert store.get("take-1").spins == (3, 5, 2, 4, 1)


def test_a_save_never_shortens_or_changes_a_take_on_disk(scene):
    store = TakeStore(scene)
    saved = store.save(take("take-1", (3, 5, 2, 2)))
    for spins in [(3, 5), (3, 5, 2, 1)]:
        with pytest.raises(TakeChanged):
            store.save(dataclasses.replace(saved, spins=spins))
    assert store.get("take-1").spins == (3, 5, 2, 2)


def test_two_takes_with_one_name_are_two_files(scene):
    store = TakeStore(scene)
    store.save(take("take-1"))
    shutil.copy(store.file("take-1"), store.folder / "copy.yaml")  # a hand-made duplicate
    kept = [t for t in store.load() if t.name == "take-1"]
    assert len(kept) == 2
    store.save(dataclasses.replace(kept[0], spins=(3, 5, 2, 6)))
    assert sorted(t.spins for t in store.load()) == [(3, 5, 2), (3, 5, 2, 6)]


def test_new_names_never_collide_and_an_exact_name_is_refused(scene):
    store = TakeStore(scene)
    assert store.save(take(store.new_name())).name == "take-1"
    assert store.save(take("take-1")).name == "take-2"  # a writer who guessed take-1 late gets the next
    with pytest.raises(TakeExists):
        store.create(take("take-2"), exact=True)


def test_a_new_name_follows_the_highest_held_without_reading_the_folder(scene, monkeypatch):
    store = TakeStore(scene)
    for n in (1, 2, 3, 7):
        store.save(take(f"take-{n}"))
    store.save(take("solved-4"))
    assert store.new_name() == "take-8" and store.new_name("solved") == "solved-5"
    fresh = TakeStore(scene)
    shutil.copy(fresh.file("take-1"), fresh.folder / "take-8.yaml")  # another writer, an older Versus, took it
    shutil.copy(fresh.file("take-1"), fresh.folder / "take-9.yaml")
    with monkeypatch.context() as m:
        m.setattr(os, "scandir", None)  # the hint alone names it: the takes are not listed
        assert fresh.new_name() == "take-10"
    assert fresh.save(take(fresh.new_name())).name == "take-10"
    assert fresh.new_name() == "take-11"


@pytest.mark.parametrize("hint", [None, b"", b"12x\n", b"000000002\n"])
def test_a_lost_or_mangled_hint_still_names_past_every_take(scene, hint):
    store = TakeStore(scene)
    for n in range(1, 6):
        store.save(take(f"take-{n}"))
    hint_file = store.folder / ".last-take"
    assert hint_file.read_bytes() == b"000000005\n"
    if hint is None:
        hint_file.unlink()
    else:
        hint_file.write_bytes(hint)
    assert TakeStore(scene).new_name() == "take-6"
    assert [t.name for t in TakeStore(scene).load()] == [f"take-{n}" for n in range(1, 6)]


@pytest.mark.parametrize("name", ["[/]", "../../x", "/etc/passwd", ".hidden", "a b\\c", "take-1.yaml"])
def test_any_take_name_stays_in_the_folder(scene, name):
    store = TakeStore(scene)
    saved = store.create(take(name), exact=True)
    assert store.file(saved.key).parent == store.folder and "/" not in saved.key
    assert store.get(name).name == name
    assert sorted(p.parent for p in scene.parent.parent.rglob("*.yaml")) == [scene.parent, store.folder]


def test_slugs_keep_different_names_apart():
    assert slug("take-1") == "take-1"
    assert slug("[/]") != slug("[\\]") and slug("../x") != slug("x")


def test_the_latest_take_is_the_one_saved_last(scene):
    store = TakeStore(scene)
    first = store.save(take("take-1"))
    store.save(take("take-2"))
    assert store.latest().name == "take-2"
    time.sleep(0.02)
    store.save(dataclasses.replace(first, spins=(3, 5, 2, 1)))
    assert store.latest().name == "take-1" and [t.name for t in store.load()] == ["take-2", "take-1"]


def test_files_are_0644_under_umask_022_and_keep_their_mode(scene):
    old = os.umask(0o022)
    try:
        store = TakeStore(scene)
        saved = store.save(take("take-1"))
        path = store.file("take-1")
        assert oct(path.stat().st_mode & 0o777) == "0o644"
        path.chmod(0o600)
        store.save(dataclasses.replace(saved, spins=(3, 5, 2, 1)))
        assert oct(path.stat().st_mode & 0o777) == "0o600"
    finally:
        os.umask(old)


def test_a_symlinked_take_stays_a_link(scene, tmp_path):
    store = TakeStore(scene)
    saved = store.save(take("take-1"))
    elsewhere = tmp_path / "kept" / "take-1.yaml"
    elsewhere.parent.mkdir()
    shutil.move(store.file("take-1"), elsewhere)
    store.file("take-1").symlink_to(elsewhere)
    store.save(dataclasses.replace(saved, spins=(3, 5, 2, 1)))
    assert store.file("take-1").is_symlink() and "spins: [3, 5, 2, 1]" in elsewhere.read_text()


# -- bad take files --------------------------------------------------------------------------
@pytest.mark.parametrize("text, needle", [
    ("name: take-1\nseed: .inf\nspins: [1]\n", "take-1.yaml:2:1: seed: inf is not a whole number"),
    ("name: take-1\nspins: [1, .nan]\n", "spins:"),
    ("name: take-1\nspins: [true]\n", "spins: should be whole numbers"),
    ("name: [unclosed\n", "take-1.yaml:2:1: YAML"),
    ("a: &a [x,x,x,x,x,x,x,x,x]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\n"
     "d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]\ne: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]\nf: [*e,*e,*e,*e,*e,*e,*e,*e,*e]\n",
     "aliases are expanded"),
])
def test_a_bad_take_file_is_named_plainly_and_left_alone(scene, text, needle):
    store = TakeStore(scene)
    store.folder.mkdir()
    store.file("take-1").write_text(text)
    with pytest.raises(TakesError) as error:
        store.get("take-1")
    assert needle in str(error.value)
    assert store.load() == [] and needle in store.problems[0]
    assert store.file("take-1").read_text() == text


def test_a_take_that_is_dev_zero_is_refused_at_once(scene):
    store = TakeStore(scene)
    store.folder.mkdir()
    store.file("take-1").symlink_to("/dev/zero")
    start = time.perf_counter()
    with pytest.raises(TakesError, match="not a regular file"):
        store.get("take-1")
    assert time.perf_counter() - start < 1


def test_control_characters_in_a_take_never_reach_the_terminal(scene):
    store = TakeStore(scene)
    store.folder.mkdir()
    store.file("x").write_text('name: "evil\\e[2J"\nnote: "ring\\a"\nspins: [3]\n')
    [kept] = store.load()
    assert kept.name == "evil[2J" and kept.note == "ring"


def test_spin_99_in_a_take_is_a_clear_error(scene, capsys):
    store = TakeStore(scene)
    store.save(take("take-1", (3, 99)))
    assert main(["export", str(scene), "--take", "take-1"]) == 2
    err = capsys.readouterr().err
    assert "take-1: spin 2 is 99, but the teetotum has 6 faces" in err and "internal" not in err


# -- the old sidecar -------------------------------------------------------------------------
SIDECAR = """# Takes of netherfield.yaml
scene: netherfield.yaml
takes:
- {name: take-1, played: '2024-01-01T00:00:00+00:00', seed: 1811, turns: 3, outcome: in play,
   scene_sha256: x, spins: [3, 5, 2]}
- {name: evening, played: '2024-01-02T00:00:00+00:00', seed: 1811, turns: 1, outcome: in play,
   scene_sha256: x, spins: [1], note: mine, colour: blue}
- {name: take-1, seed: 1811, spins: [6]}
"""


def test_an_old_sidecar_is_migrated_without_loss_and_kept(scene):
    sidecar = scene.with_name("netherfield.takes.yaml")
    sidecar.write_text(SIDECAR)
    store = TakeStore(scene)
    takes = store.load()
    assert [(t.name, t.spins) for t in takes] == [("take-1", (3, 5, 2)), ("evening", (1,)), ("take-1", (6,))]
    assert not sidecar.exists() and store.migrated == scene.with_name("netherfield.takes.yaml.migrated")
    assert store.migrated.read_text() == SIDECAR  # kept, never deleted
    assert "colour: blue" in store.file("evening").read_text()  # the author's own keys come along
    assert store.latest().spins == (6,) and TakeStore(scene).load() == takes  # done once


def test_a_symlinked_sidecar_is_migrated_and_its_target_kept(scene, tmp_path):
    target = tmp_path / "elsewhere.yaml"
    target.write_text(SIDECAR)
    scene.with_name("netherfield.takes.yaml").symlink_to(target)
    assert len(TakeStore(scene).load()) == 3 and target.read_text() == SIDECAR


def test_versus_check_passes_after_runs(scene, capsys):
    assert main(["run", str(scene)]) == 0
    scene.with_name("netherfield.takes.yaml.migrated").write_text(SIDECAR)
    capsys.readouterr()
    assert main(["check", *map(str, sorted(scene.parent.glob("*.yaml")))]) == 0
    assert capsys.readouterr().out.count("ok ") == 1


# -- versus takes ----------------------------------------------------------------------------
def test_versus_takes_lists_them_as_json(scene, capsys):
    store = TakeStore(scene)
    store.save(take("take-1", outcome="darcy wins"))
    store.save(take("[/]", (3,), note="forked from take-1 at spin 1 (turn 1)", parent="take-1"))
    capsys.readouterr()
    assert main(["takes", str(scene), "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert all(t.pop("drama")["lead_changes"] >= 0 for t in listed)  # the figures: tests/test_race.py
    assert listed == [
        {"name": "take-1", "spins": [3, 5, 2], "outcome": "darcy wins", "note": "", "parent": None},
        {"name": "[/]", "spins": [3], "outcome": "", "note": "forked from take-1 at spin 1 (turn 1)",
         "parent": "take-1"}]
    assert main(["takes", str(scene)]) == 0
    assert "[/]" in capsys.readouterr().out


# -- processes -------------------------------------------------------------------------------
RUNS = 8  # processes saving into one folder at once: enough to race for the same names (each claims the next)


def test_eight_runs_at_once_keep_eight_distinct_replayable_takes(scene, capsys):
    runs = [versus("run", str(scene), "--seed", str(n), cwd=scene.parent.parent) for n in range(RUNS)]
    results = [(p.wait(timeout=240), p.stdout.read(), p.stderr.read()) for p in runs]
    assert all(status == 0 for status, _, _ in results), [err for _, _, err in results]
    capsys.readouterr()
    assert main(["takes", str(scene), "--json"]) == 0  # read back afresh, after every process has ended
    listed = json.loads(capsys.readouterr().out)
    assert len(listed) == RUNS and len({t["name"] for t in listed}) == RUNS
    assert len({tuple(t["spins"]) for t in listed}) == RUNS  # each its own game: nothing overwritten
    saved = {line.split()[2] for _, out, _ in results for line in out.splitlines() if line.startswith("Saved as")}
    assert saved == {t["name"] for t in listed}
    name = listed[5]["name"]
    assert main(["run", str(scene), "--take", name]) == 0  # each replays


KILLER = """
import dataclasses, sys
from versus.takes.store import Take, TakeStore
store = TakeStore(sys.argv[1])
kept = store.save(Take("take-1", (1,), 1811, "d"))
kept = store.save(dataclasses.replace(kept, spins=kept.spins + (1,)))  # the lock's library loaded before the clock starts
print("ready", flush=True)
n = 0
while True:
    n += 1
    kept = store.save(dataclasses.replace(kept, spins=kept.spins + (1 + n % 6,)))
    store.save(Take(store.new_name(), (1,) * (1 + n % 50), 1811, "d"))
"""


def test_kill_9_during_saves_leaves_every_take_whole(scene):
    for delay in (0.05, 0.13, 0.31):
        proc = subprocess.Popen([sys.executable, "-c", KILLER, str(scene)], stdout=subprocess.PIPE, text=True,
                                cwd=ROOT)
        assert proc.stdout.readline().strip() == "ready"
        time.sleep(delay)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        store = TakeStore(scene)
        takes = store.load()
        assert store.problems == [] and len(takes) > 1
        first = store.get("take-1")
        assert len(first.spins) > 1 and first.spins[0] == 1
        names = [t.name for t in takes]
        assert len(names) == len(set(names))


def test_the_app_saving_while_runs_save_in_another_shell_loses_nothing(scene):
    from versus.tui.session import Session

    runs = [versus("run", str(scene), "--seed", str(n), cwd=scene.parent.parent) for n in range(4)]
    session = Session(scene)
    for _ in range(25):
        session.spin()
        session.save()
    assert [p.wait(timeout=240) for p in runs] == [0] * 4
    takes = TakeStore(scene).load()
    assert len(takes) == 5 and len({t.name for t in takes}) == 5
    assert TakeStore(scene).get(session.take_name).spins == tuple(session.play.spins())
    assert len(session.play.played) == 25


def test_runs_at_once_migrate_an_old_sidecar_once(scene):
    scene.with_name("netherfield.takes.yaml").write_text(SIDECAR)
    runs = [versus("run", str(scene), "--seed", str(n), cwd=scene.parent.parent) for n in range(6)]
    assert [p.wait(timeout=240) for p in runs] == [0] * 6
    assert all("not migrated" not in p.stderr.read() for p in runs)
    takes = TakeStore(scene).load()
    assert len(takes) == 3 + 6
    assert [(t.name, t.spins) for t in takes[:3]] == [("take-1", (3, 5, 2)), ("evening", (1,)), ("take-1", (6,))]
    assert sorted(p.name for p in scene.parent.iterdir()) == [
        "netherfield.takes", "netherfield.takes.yaml.migrated", "netherfield.yaml"]


def test_a_take_changed_by_hand_while_played_is_left_alone(scene):
    from versus.tui.session import Session

    session = Session(scene)
    for _ in range(3):
        session.spin()
        session.save()
    path = TakeStore(scene).file("take-1")
    path.write_text(path.read_text().replace("spins: [3, 5, 2]", "spins: [3, 5, 2, 4]  # my own ending"))
    edited = path.read_text()
    session.spin(1)
    saved = session.save()
    kept = saved.take
    assert path.read_text() == edited and kept is not None and kept.name == "take-2" and kept.parent == "take-1"
    assert any("left as it is" in n for n in saved.notices) and saved.forked_from == "take-1"
    mine = TakeStore(scene).file("take-2")
    mine.write_text("name: [broken\n")  # a slip of the author's hand
    session.spin()
    assert session.save().take.name == "take-3" and mine.read_text() == "name: [broken\n"


EXTENDER = """
import dataclasses, sys
from versus.takes.store import TakeChanged, TakeStore
store = TakeStore(sys.argv[1])
kept = store.get("take-1")
forks = 0
for n in range(60):
    grown = dataclasses.replace(kept, spins=kept.spins + (1 + (n + int(sys.argv[2])) % 6,))
    try:
        kept = store.save(grown)
    except TakeChanged:  # the other program got there first: keep going in a take of its own
        forks += 1
        kept = store.create(dataclasses.replace(grown, name=store.new_name(), key=""))
print(kept.key, ",".join(map(str, kept.spins)), forks)
"""


def test_two_programs_extending_one_take_never_lose_a_save(scene):
    TakeStore(scene).save(take("take-1", (1,)))
    procs = [subprocess.Popen([sys.executable, "-c", EXTENDER, str(scene), str(n)], stdout=subprocess.PIPE,
                              text=True, cwd=ROOT) for n in range(3)]
    results = [p.communicate(timeout=120)[0].split() for p in procs]
    store = TakeStore(scene)
    held = {key: store.read(key).spins for key, _, _ in results}
    for key, spins, _ in results:  # what each program last saved is held in its take's file, from the start
        saved = tuple(int(n) for n in spins.split(","))
        assert held[key][:len(saved)] == saved
    for key in held:  # and the file is the longest saved to it: two programs that happened to reach the same
        # spins share a take (their saves were alike), so one that stopped first is extended by the other
        assert held[key] == max((tuple(int(n) for n in s.split(",")) for k, s, _ in results if k == key), key=len)
    assert store.problems == [] and len(store.load()) == 1 + sum(int(forks) for _, _, forks in results)


def test_a_save_reads_and_writes_its_own_take_only_however_many_there_are(scene, monkeypatch):
    from versus import files
    from versus.takes import store as store_module

    store = TakeStore(scene)
    for n in range(1, 301):
        store.create(take(f"take-{n}"))
    kept = store.get("take-150")
    reads, writes = [], []
    real_read, real_replace = store_module.read_bounded, files.os.replace
    monkeypatch.setattr(store_module, "read_bounded", lambda path, *a: reads.append(path) or real_read(path, *a))
    monkeypatch.setattr(files.os, "replace", lambda a, b: writes.append(b) or real_replace(a, b))
    store.save(dataclasses.replace(kept, spins=(*kept.spins, 4)))
    assert reads == [store.file("take-150")] and writes == [store.file("take-150")]


def test_an_alias_bomb_in_an_old_sidecar_is_not_migrated(scene):
    sidecar = scene.with_name("netherfield.takes.yaml")
    bomb = ("a: &a [x,x,x,x,x,x,x,x,x]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\n"
            "d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]\ne: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]\ntakes: [*e,*e,*e,*e,*e,*e]\n")
    sidecar.write_text(bomb)
    store = TakeStore(scene)
    assert store.load() == [] and "aliases are expanded" in store.problems[0]
    assert sidecar.read_text() == bomb
