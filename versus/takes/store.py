"""Takes kept beside their scene, one small YAML file a take: scenes/<scene>.takes/<take>.yaml.

Why one file a take (and not one sidecar, nor SQLite): a save writes that take's file only, so
its cost does not grow with the takes, two processes saving different takes never meet, and a
hand edit to any other take is never rewritten. A new take's name is claimed by exclusive
creation (a complete file hard-linked to the name, which fails if the name is taken), so two
writers at once cannot pick the same name, and the next such name is found in a few looks, not a
reading of the folder (a hidden hint holds the highest number given); a changed take is written
atomically (temporary file, fsync, rename). The files stay plain YAML that a person can read and
mend, and the folder is not matched by `scenes/*.yaml`. A take file that cannot be read is never overwritten.

A take's name can be anything the author types: its file name is a slug of it (with a short
hash when the slug differs), and the real name is kept inside the file. The oldest take is the
least recently saved file; the latest take is the most recently saved one.

An old sidecar, scenes/<scene>.takes.yaml, is migrated on first use (versus/takes/sidecar.py):
every take copied into the folder, then the sidecar renamed <scene>.takes.yaml.migrated (kept).
The take itself, as a value read from YAML, is versus/takes/take.py.
"""

from __future__ import annotations

import dataclasses
import os
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from versus import yamlio
from versus.files import Unreadable, folder_lock, new_file_mode, read_bounded, write_atomic, write_new
from versus.scenes.problems import suggest
from versus.takes import sidecar
from versus.takes.take import Take, TakeChanged, TakeExists, TakesError, check_name, now, slug

__all__ = ["Take", "TakeChanged", "TakeExists", "TakeStore", "TakesError", "check_name", "now", "slug"]

MAX_TAKE_BYTES = 4_000_000  # one take: far more spins than any game uses
HEADER = ("# A take of {scene}, kept by Versus: a playthrough that replays exactly from these spins.\n"
          "# One file a take; edit with care. The scene file is never touched.\n")
AUTO_NAME = re.compile(r"^(?P<prefix>.+)-(?P<n>[0-9]{1,9})$")
HINT, HINT_WIDTH = "last", 9  # .last-<prefix>: the highest N a save gave prefix-N, nine digits and a newline


def _own_comments(text: str) -> list[str]:
    """The author's whole-line comments in a take file, kept across saves (the header is written anew)."""
    ours = ("# A take of ", "# One file a take;")
    return [line for line in text.splitlines() if line.lstrip().startswith("#") and not line.startswith(ours)]


def _natural(name: str) -> tuple:
    return tuple(int(part) if part.isdigit() else part for part in re.split(r"([0-9]+)", name))


def _keep_first_scene(merged: dict, stored: dict) -> None:
    """A take extended under an edited scene keeps the digest of the scene it was first played under
    (scene_sha256), and records the scene it is now played under beside it (later_scene_sha256)."""
    first, now_ = stored.get("scene_sha256"), merged.get("scene_sha256")
    if first and now_ and first != now_:
        merged["scene_sha256"] = first
        merged["later_scene_sha256"] = now_
    elif first and now_ == first:
        merged.pop("later_scene_sha256", None)


class TakeStore:
    def __init__(self, scene_path: str | Path) -> None:
        scene_path = Path(scene_path)
        self.scene_name = scene_path.name
        stem = scene_path.name.removesuffix(".yaml").removesuffix(".yml")
        self.folder = scene_path.with_name(f"{stem}.takes")
        self.sidecar = scene_path.with_name(f"{stem}.takes.yaml")
        self.problems: list[str] = []  # take files passed over by the last load, located
        self.migrated: Path | None = None  # where an old sidecar went, when this store moved it

    @property
    def path(self) -> Path:
        """Where the takes are kept (the folder)."""
        return self.folder

    def file(self, key: str) -> Path:
        return self.folder / f"{key}.yaml"

    # -- reading -----------------------------------------------------------------------------
    def _files(self) -> list[tuple[int, str, Path]]:
        """(mtime, key, path) of every take file, oldest first."""
        self._migrate()
        try:
            entries = list(os.scandir(self.folder))
        except FileNotFoundError:
            return []
        except OSError as error:
            raise TakesError(f"{self.folder}: cannot list the takes ({error.strerror or error})") from None
        found = []
        for entry in entries:
            if entry.name.startswith(".") or not entry.name.endswith(".yaml"):
                continue
            try:
                mtime = entry.stat().st_mtime_ns
            except OSError:
                continue  # a dangling link, or gone since listed
            key = entry.name.removesuffix(".yaml")
            found.append((mtime, _natural(key), key, Path(entry.path)))
        found.sort()
        return [(mtime, key, path) for mtime, _, key, path in found]

    def read(self, key: str) -> Take:
        """The take in this file; TakesError located as FILE:LINE:COLUMN."""
        path = self.file(key)
        data = self._data(path)
        try:
            return Take.from_data(data, key)
        except ValueError as error:
            raise TakesError(self._located(path, str(error))) from None

    def _data(self, path: Path) -> Any:
        return self._text_and_data(path)[1]

    def _text_and_data(self, path: Path) -> tuple[str, Any]:
        try:
            text = read_bounded(path, MAX_TAKE_BYTES, "take").decode("utf-8")
        except Unreadable as error:
            raise TakesError(f"{path}:1:1: {error}") from None
        except UnicodeDecodeError as error:
            raise TakesError(f"{path}:1:1: not UTF-8 text (byte {error.start})") from None
        try:
            return text, yamlio.load(text)
        except yamlio.YamlProblem as error:
            raise TakesError(f"{path}:{error.line}:{error.column}: {error.message}") from None

    def _located(self, path: Path, message: str) -> str:
        key = message.partition(":")[0]
        line = 1
        try:
            text_read = read_bounded(path, MAX_TAKE_BYTES, "take").decode("utf-8")
            for number, text in enumerate(text_read.splitlines(), 1):
                if text.startswith(f"{key}:"):
                    line = number
                    break
        except (Unreadable, UnicodeDecodeError):
            pass
        return f"{path}:{line}:1: {message}"

    def load(self) -> list[Take]:
        """Every readable take, oldest first; files that cannot be read are named in self.problems."""
        self.problems = []
        takes = []
        for _, key, _ in self._files():
            try:
                takes.append(self.read(key))
            except TakesError as error:
                self.problems.append(str(error))
        return takes

    def get(self, name: str) -> Take:
        key = slug(name)
        if self.file(key).exists():
            take = self.read(key)  # its own file, unreadable: say why, rather than "no such take"
            if take.name == name:
                return take
        takes = self.load()
        for take in takes:
            if take.name == name:
                return take
        if self.problems and not takes:
            raise TakesError(self.problems[0])
        names = [t.name for t in takes]
        if not names:
            raise TakesError(f"{self.folder}: no takes yet, so no take {name!r}")
        raise TakesError(f"no take {name!r} in {self.folder}{suggest(name, names)}")

    def holds(self, name: str) -> bool:
        """Whether a take of this name has its own file (one look, however many takes there are)."""
        path = self.file(slug(name))
        return path.exists() or path.is_symlink()

    def latest(self) -> Take | None:
        """The take saved last (the newest readable file)."""
        for _, key, _ in reversed(self._files()):
            try:
                return self.read(key)
            except TakesError as error:
                self.problems.append(str(error))
        return None

    def new_name(self, prefix: str = "take") -> str:
        """The next name of the form prefix-N after any held (claimed for good only by a save).

        In a few looks however many takes there are: the highest N a save gave this prefix is kept in a
        hidden hint file, and any name past it that another writer took meanwhile is stepped over. Without
        a hint (a folder saved by an older Versus, or the hint unreadable), the folder is read once."""
        self._migrate()
        highest = self._hinted(prefix)
        if highest is None:
            highest = self._highest_held(prefix)
            self._hint(prefix, highest)
        while self.holds(f"{prefix}-{highest + 1}"):
            highest += 1
        return f"{prefix}-{highest + 1}"

    def _highest_held(self, prefix: str) -> int:
        """The highest N of the files named prefix-N (0 where there are none): the whole folder read."""
        pattern = re.compile(rf"^{re.escape(prefix)}-([0-9]{{1,9}})\.yaml$")
        try:
            return max((int(m.group(1)) for e in os.scandir(self.folder) if (m := pattern.match(e.name))), default=0)
        except FileNotFoundError:
            return 0

    def _hint_file(self, prefix: str) -> Path:
        return self.folder / f".{HINT}-{slug(prefix)}"  # hidden: never listed as a take, never swept

    def _hinted(self, prefix: str) -> int | None:
        """The highest N a save gave prefix-N, as its hint says; None where there is no readable hint."""
        try:
            fd = os.open(self._hint_file(prefix), os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
        except OSError:
            return None
        try:
            text = os.read(fd, HINT_WIDTH + 2)
        except OSError:
            return None
        finally:
            os.close(fd)
        return int(text) if len(text) == HINT_WIDTH + 1 and text[:-1].isdigit() and text[-1:] == b"\n" else None

    def _hint(self, prefix: str, n: int) -> None:
        """Say that prefix-n is held. One write of a few bytes, in place and not synced: a hint lost or
        lowered by another writer at once is only a look or two more (or one reading of the folder)."""
        try:
            fd = os.open(self._hint_file(prefix), os.O_WRONLY | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0),
                         new_file_mode())
        except OSError:
            return  # a folder that cannot take it: names are found by reading the folder
        try:
            os.write(fd, f"{n:0{HINT_WIDTH}d}\n".encode("ascii"))
        except OSError:
            pass
        finally:
            os.close(fd)

    def _claimed(self, name: str) -> None:
        """A new take's name was claimed: when it is prefix-N, past the hint, the hint moves on to it."""
        match = AUTO_NAME.match(name)
        if match is None or slug(name) != name:
            return
        prefix, n = match.group("prefix"), int(match.group("n"))
        hinted = self._hinted(prefix)
        if hinted is None or n > hinted:
            self._hint(prefix, max(n, self._highest_held(prefix)) if hinted is None else n)

    # -- writing -----------------------------------------------------------------------------
    def save(self, take: Take) -> Take:
        """Keep the take: a stored one (with a key) rewrites its own file, only ever extending it; a new
        one claims a file, its name numbered on (take-7 → take-8) if another writer took it first."""
        take = take if take.played else dataclasses.replace(take, played=now())
        if take.key:
            return self._rewrite(take)
        return self.create(take)

    def create(self, take: Take, exact: bool = False) -> Take:
        """A new take in a file of its own. exact: TakeExists if the name is held; else the next free name."""
        take = dataclasses.replace(take, name=check_name(take.name), played=take.played or now())
        self._migrate()
        for _ in range(100_000):
            key = slug(take.name)
            if write_new(self.file(key), self.render(take.to_data())):
                self._claimed(take.name)
                return dataclasses.replace(take, key=key)
            if exact:
                raise TakeExists(f"There is already a take called {take.name}; choose another name.")
            take = dataclasses.replace(take, name=self._next_after(take.name))
        raise TakesError(f"{self.folder}: no free name for {take.name}")

    def _next_after(self, name: str) -> str:
        match = AUTO_NAME.match(name)
        prefix = match.group("prefix") if match else name
        following = self.new_name(prefix)
        if match and int(following.rsplit("-", 1)[1]) <= int(match.group("n")):
            following = f"{prefix}-{int(match.group('n')) + 1}"
        return following

    def _rewrite(self, take: Take) -> Take:
        with folder_lock(self.folder):  # two programs extending one take: the second sees the first's spins
            return self._rewrite_locked(take)

    def _rewrite_locked(self, take: Take) -> Take:
        path = self.file(take.key)
        if not path.exists() and not path.is_symlink() and write_new(path, self.render(take.to_data())):
            return take
        try:
            text, data = self._text_and_data(path)
        except TakesError as error:
            raise TakeChanged(f"{error}; it is left as it is") from None
        if not isinstance(data, dict):
            raise TakeChanged(f"{path}: this file no longer holds a take; it is left as it is")
        try:
            stored = Take.from_data(data, take.key)
        except ValueError as error:
            raise TakeChanged(f"{self._located(path, str(error))}; it is left as it is") from None
        if stored.name != take.name or take.spins[:len(stored.spins)] != stored.spins:
            raise TakeChanged(f"{path} now holds other spins than {take.name} had (edited elsewhere?); "
                              "it is left as it is")
        merged = {**data, **take.to_data()}  # keys the author added by hand are kept
        for key in ("parent", "note"):
            if key not in take.to_data():
                merged.pop(key, None)
        _keep_first_scene(merged, data)
        if merged == data:
            os.utime(path)  # nothing new: only mark it the latest
            return take
        write_atomic(path, self.render(merged, _own_comments(text)))
        return take

    def sweep(self, older_than: float = 600.0) -> list[Path]:
        """Remove the temporary files a save killed half-way left behind (.take-1.yaml.*.tmp), once they are
        older than any save takes; the ones removed. A take file is never touched."""
        import time

        removed: list[Path] = []
        try:
            entries = list(os.scandir(self.folder))
        except OSError:
            return []
        for entry in entries:
            if not (entry.name.startswith(".") and entry.name.endswith(".tmp")):
                continue
            try:
                if entry.is_file(follow_symlinks=False) and time.time() - entry.stat().st_mtime > older_than:
                    os.unlink(entry.path)
                    removed.append(Path(entry.path))
            except OSError:
                continue  # gone already, or not ours to remove
        return removed

    def render(self, data: dict[str, Any], comments: Sequence[str] = ()) -> str:
        """A take file's text: the header, the author's own comments, the take's YAML."""
        return HEADER.format(scene=self.scene_name) + "".join(f"{c}\n" for c in comments) + yamlio.dump(data)

    def _migrate(self) -> None:
        done = sidecar.migrate(self)
        self.problems.extend(done.problems)
        if done.migrated is not None:
            self.migrated = done.migrated
