"""Reading and writing the author's files without ever losing work.

Reading is bounded: only regular files, their size checked before a byte is read. Writing is
atomic (a temporary file beside the target, fsynced, then renamed over it), keeps a symlink a
link (the write goes through to its target), keeps an existing file's mode (a new file gets the
umask's, 0644 under 022, not mkstemp's 0600), and claims new names by exclusive creation, so
that two processes writing at once never take the same name.
"""

from __future__ import annotations

import errno
import os
import re
import stat
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")  # all but tab and newline: ESC, BEL, CR, …
_umask_lock = threading.Lock()


class Unreadable(ValueError):
    """A file that is not read: not a regular file, too large, or missing; the message says which."""


def read_bounded(path: str | Path, limit: int, what: str = "file") -> bytes:
    """The bytes of a regular file of at most limit bytes; Unreadable (one line) otherwise.

    Opened without blocking (a FIFO would hang a plain open) and checked with fstat before reading,
    so /dev/zero, a FIFO or a link to either is refused at once.
    """
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except OSError as error:
        raise Unreadable(f"cannot read the {what}: {error.strerror or error}") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise Unreadable(f"not a regular file ({_kind(info.st_mode)}), so not read as a {what}")
        if info.st_size > limit:
            raise Unreadable(f"too large for a {what} ({info.st_size:,} bytes; at most {limit:,})")
        chunks, size = [], 0
        while size <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > limit:
            raise Unreadable(f"too large for a {what} (it grew past {limit:,} bytes while read)")
        return b"".join(chunks)
    except OSError as error:
        raise Unreadable(f"cannot read the {what}: {error.strerror or error}") from None
    finally:
        os.close(fd)


def _kind(mode: int) -> str:
    for test, name in ((stat.S_ISDIR, "a folder"), (stat.S_ISCHR, "a character device"),
                       (stat.S_ISBLK, "a block device"), (stat.S_ISFIFO, "a FIFO"), (stat.S_ISSOCK, "a socket")):
        if test(mode):
            return name
    return "not a plain file"


def clean_text(text: str) -> str:
    """Text with control characters (ESC, BEL, CR, …) removed: nothing reaches a file or a terminal as a command."""
    return CONTROL.sub("", text)


def has_control(text: str) -> str | None:
    """The first control character in text, as U+XXXX, or None."""
    found = CONTROL.search(text)
    return f"U+{ord(found.group()):04X}" if found else None


# -- modes ----------------------------------------------------------------------------------
def new_file_mode() -> int:
    """The mode a new file gets from the umask (0644 under 022)."""
    with _umask_lock:  # os.umask can only be read by setting it
        mask = os.umask(0o022)
        os.umask(mask)
    return 0o666 & ~mask


def _mode_for(path: Path) -> int:
    try:
        return stat.S_IMODE(os.stat(path).st_mode)
    except OSError:
        return new_file_mode()


# -- writing --------------------------------------------------------------------------------
def real_target(path: Path) -> Path:
    """Where a write to path lands: through a symlink to its target, so the link stays a link."""
    return Path(os.path.realpath(path)) if path.is_symlink() else path


def _write_temp(folder: Path, name: str, data: bytes, mode: int) -> Path:
    """A fully written, fsynced temporary file in folder (hidden, so never listed), with this mode."""
    fd, tmp = tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=folder)
    try:
        if hasattr(os, "fchmod"):
            os.fchmod(fd, mode)
        else:  # Windows before Python 3.13: by name (there it sets no more than read-only or not)
            os.chmod(tmp, mode)
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return Path(tmp)


def _fsync_folder(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _bytes(text: str | bytes) -> bytes:
    return text if isinstance(text, bytes) else text.encode("utf-8")


def write_atomic(path: Path, text: str | bytes) -> None:
    """Write path so that a reader sees the old file or the new one, never half of either."""
    path = real_target(Path(path))
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = _write_temp(path.parent, path.name, _bytes(text), _mode_for(path))
    try:
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    _fsync_folder(path.parent)


def write_new(path: Path, text: str | bytes) -> bool:
    """Create path holding text, only if nothing is there; False if the name is taken.

    The name appears complete or not at all: the data is written to a temporary file first and
    then hard-linked to the name (link fails if the name exists, as O_EXCL does). Where links are
    not allowed, the name is claimed with O_CREAT|O_EXCL and the data renamed over the claim.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = _write_temp(path.parent, path.name, _bytes(text), new_file_mode())
    try:
        try:
            os.link(tmp, path)
        except FileExistsError:
            return False
        except OSError as error:
            if error.errno not in (errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EXDEV, errno.EMLINK):
                raise
            if not _claim(path):
                return False
            os.replace(tmp, path)
        _fsync_folder(path.parent)
        return True
    finally:
        tmp.unlink(missing_ok=True)


def _claim(path: Path) -> bool:
    try:
        os.close(os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, new_file_mode()))
    except FileExistsError:
        return False
    return True


def numbered(path: Path, n: int) -> Path:
    """path with -n before its suffix (n > 1): rosings.md, rosings-2.md, …"""
    return path if n < 2 else path.with_name(f"{path.stem}-{n}{path.suffix}")


def write_next_free(path: Path, text: str | bytes, limit: int = 100_000) -> Path:
    """Write text under path, or the first of path-2, path-3, … that nobody holds; the name written."""
    for n in range(1, limit + 1):
        candidate = numbered(path, n)
        if write_new(candidate, text):
            return candidate
    raise FileExistsError(f"{path}: no free name up to -{limit}")


def replace_keeping_backup(path: Path, text: str | bytes) -> Path:
    """Replace path with text, first keeping the old file as path.bak (or .bak-2, …); the backup's name.

    The old export stays at its name until the new one is complete on disk: the backup is a hard
    link (or a copy) made before the atomic rename, so a full disk leaves the old file in place.
    """
    path = real_target(Path(path))
    tmp = _write_temp(path.parent, path.name, _bytes(text), _mode_for(path))
    try:
        backup = _keep_backup(path)
        os.replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)
    _fsync_folder(path.parent)
    return backup


def _keep_backup(path: Path) -> Path:
    base = path.with_name(path.name + ".bak")
    for n in range(1, 100_000):
        candidate = numbered(base, n)  # rosings.md.bak, rosings.md-2.bak, …
        try:
            os.link(path, candidate)
            return candidate
        except FileExistsError:
            continue
        except OSError:
            if write_new(candidate, path.read_bytes()):
                return candidate
    raise FileExistsError(f"{path}: no free name for a backup")


MAX_EXPORT_BYTES = 256_000_000


def _holds(path: Path, data: bytes) -> bool:
    """Whether path is a regular file holding exactly data (compared as bytes: any encoding will do)."""
    try:
        return read_bounded(path, max(len(data), 1), "export") == data
    except Unreadable:
        return False


def write_export(target: Path, text: str | bytes, force: bool = False) -> tuple[Path, bool, Path | None]:
    """Write an export without ever clobbering one: (path, written, backup).

    The same bytes already there: nothing written. Otherwise the first free name of target,
    target-2, … is claimed by exclusive creation (so two exports at once both land), or with force
    the old file is replaced, kept first as .bak (never moved away before the new one is safe).
    """
    data, target = _bytes(text), Path(target)
    for n in range(1, 100_000):
        candidate = numbered(target, n)
        if candidate.exists() or candidate.is_symlink():
            if _holds(candidate, data):
                return candidate, False, None
            if force and n == 1 and candidate.is_file():
                return candidate, True, replace_keeping_backup(candidate, data)
            continue
        if write_new(candidate, data):
            return candidate, True, None
    raise FileExistsError(f"{target}: no free name for the export")


LOCK_NAME = ".versus.lock"  # hidden, so never listed among takes or exports
LOCK_WAIT = 30.0  # seconds; a writer holds the lock for a few milliseconds


@contextmanager
def folder_lock(folder: Path) -> Iterator[None]:
    """Hold an exclusive lock on a folder while a file in it is read, checked and replaced (a few ms).

    The folder, not the file: a file replaced by rename is a new file, so a lock on it would not hold.
    filelock locks with flock on Unix and msvcrt on Windows. Where no lock file can be made (a
    read-only folder), nothing is locked, and the write that follows reports its own error. A lock
    held longer than LOCK_WAIT raises TimeoutError (an OSError), which callers report as a failed save.
    """
    from filelock import FileLock

    lock = FileLock(str(folder / LOCK_NAME), timeout=LOCK_WAIT)
    try:
        lock.acquire()
    except TimeoutError:
        raise TimeoutError(f"{folder}: another program has held its lock for {LOCK_WAIT:g} s") from None
    except OSError:
        yield
        return
    try:
        yield
    finally:
        lock.release()
