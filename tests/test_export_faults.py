"""An export never carries on past what it could not read: a damaged take is named with its file and
line (and an older one is exported only when asked for), and a damaged memory of the manuscript is
kept aside, never replaced; an export written elsewhere leaves no memory there."""

from __future__ import annotations

import os
import time

from versus.cli import main

MEMORY = ".versus-phrasings.yaml"


def damage_newest_take(project):
    assert main(["run", "scenes/rosings.yaml"]) == 0
    assert main(["run", "scenes/rosings.yaml"]) == 0
    newest = project / "scenes" / "rosings.takes" / "take-2.yaml"
    later = time.time() + 5
    newest.write_text("name: take-2\nseed: 1\nspins: [1, 2\n")  # the list never closed
    os.utime(newest, (later, later))
    return newest


def test_a_damaged_newest_take_is_named_and_nothing_exported(project, capsys):
    newest = damage_newest_take(project)
    capsys.readouterr()
    assert main(["export", "scenes/rosings.yaml"]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err[0].startswith(f"versus: {newest.relative_to(project)}:4:1: ")
    assert err[-1] == ("versus: the newest take cannot be read, so nothing was exported: mend it; to export the "
                       "newest readable one, give --take 'take-1'")
    assert not (project / "manuscript_exports").exists()
    assert main(["export", "scenes/rosings.yaml", "--take", "take-1"]) == 0  # asked for by name: exported
    assert (project / "manuscript_exports" / "rosings-take-1.brisk.md").exists()


def test_a_damaged_only_take_is_not_passed_over_for_the_scene_as_written(project, capsys):
    assert main(["run", "scenes/rosings.yaml"]) == 0
    (project / "scenes" / "rosings.takes" / "take-1.yaml").write_text("spins: {\n")
    capsys.readouterr()
    assert main(["export", "scenes/rosings.yaml"]) == 2
    err = capsys.readouterr().err
    assert "take-1.yaml:2:1: " in err and "Traceback" not in err
    assert err.splitlines()[-1] == "versus: the newest take cannot be read, so nothing was exported: mend it"


def test_a_damaged_memory_is_kept_aside_with_a_warning(project, capsys):
    assert main(["export", "scenes/rosings.yaml"]) == 0
    folder = project / "manuscript_exports"
    memory = folder / MEMORY
    damaged = memory.read_text().replace("exports:", "exports: [", 1)
    memory.write_text(damaged)
    capsys.readouterr()
    assert main(["export", "scenes/netherfield.yaml"]) == 0
    err = capsys.readouterr().err
    assert f"{memory}:" in err and "kept as .versus-phrasings.yaml.damaged" in err
    assert (folder / f"{MEMORY}.damaged").read_text() == damaged  # kept, byte for byte
    assert "netherfield" in memory.read_text() and "rosings" not in memory.read_text()  # begun afresh
    memory.write_text("- not: a record\n")
    assert main(["export", "scenes/longbourn.yaml"]) == 0
    assert (folder / f"{MEMORY}.damaged-2").read_text() == "- not: a record\n"  # the first one not overwritten
    assert (folder / f"{MEMORY}.damaged").read_text() == damaged


def test_an_export_elsewhere_leaves_no_memory_there(project):
    assert main(["export", "scenes/rosings.yaml", "-o", "elsewhere/x.md"]) == 0
    assert sorted(p.name for p in (project / "elsewhere").iterdir()) == ["x.md"]
    assert main(["export", "scenes/rosings.yaml", "-o", "manuscript_exports/chapter.md"]) == 0
    assert (project / "manuscript_exports" / MEMORY).exists()  # the manuscript's own folder keeps it
    (project / "kept").mkdir()
    (project / "kept" / MEMORY).write_text("exports: []\n")  # a folder the author made a manuscript of
    assert main(["export", "scenes/rosings.yaml", "-o", "kept/x.md"]) == 0
    assert "rosings" in (project / "kept" / MEMORY).read_text()
