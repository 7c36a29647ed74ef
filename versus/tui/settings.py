"""What the app remembers between evenings: the theme, and the author's own keys.

Kept in the user's configuration folder (platformdirs: ~/.config/versus on Linux,
~/Library/Application Support/versus on a Mac, %APPDATA%\\versus on Windows), or in
$VERSUS_CONFIG_DIR when that is set (the tests use it). Both files are small YAML:

    settings.yaml   theme: regency-dark
    keymap.yaml     spin: space,j        # a key's id (as `?` lists them) and the keys to use
                    undo: u,backspace
"""

from __future__ import annotations

import os
from pathlib import Path

import yaml

from versus.files import Unreadable, read_bounded, write_atomic

MAX_CONFIG_BYTES = 64_000  # a keymap or a theme: a few hundred bytes; a link to /dev/zero is refused at once


def config_dir() -> Path:
    override = os.environ.get("VERSUS_CONFIG_DIR")
    if override:
        return Path(override)
    from platformdirs import user_config_dir

    return Path(user_config_dir("versus", appauthor=False))


def _read(name: str) -> tuple[dict, str | None]:
    """The file's mapping, and why it was passed over (None when it was read, or is not there)."""
    path = config_dir() / name
    if not path.exists() and not path.is_symlink():
        return {}, None
    try:
        text = read_bounded(path, MAX_CONFIG_BYTES, name).decode("utf-8")
    except Unreadable as error:
        return {}, f"{path}: {error}"
    except UnicodeDecodeError as error:
        return {}, f"{path}: not read (not UTF-8 text, byte {error.start})"
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        where = f":{mark.line + 1}:{mark.column + 1}" if mark else ""
        return {}, f"{path}{where}: not read ({getattr(error, 'problem', None) or error})"
    if data is None:
        return {}, None
    if not isinstance(data, dict):
        return {}, f"{path}: not read (it should be a mapping of names to values)"
    return data, None


def remembered_theme(themes: tuple[str, ...]) -> str | None:
    theme = _read("settings.yaml")[0].get("theme")
    return theme if theme in themes else None


def remember_theme(theme: str) -> str | None:
    """Keep the theme for next time; why not, when it could not be written."""
    data, problem = _read("settings.yaml")
    if problem:  # a file that could not be read is never replaced
        return f"The theme could not be remembered: {problem}"
    if data.get("theme") == theme:
        return None
    data["theme"] = theme
    folder = config_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        write_atomic(folder / "settings.yaml", yaml.safe_dump(data, sort_keys=True, allow_unicode=True))
    except OSError as error:
        return f"The theme could not be remembered: {error}"
    return None


def keymap(known: set[str]) -> tuple[dict[str, str], list[str]]:
    """The author's keys ({binding id: "key,key"}) and what in the file was passed over, and why."""
    data, problem = _read("keymap.yaml")
    problems = [problem] if problem else []
    out = {}
    path = config_dir() / "keymap.yaml"
    for name, keys in data.items():
        if name not in known:
            problems.append(f"{path}: no key called {name!r} (the ids are: {', '.join(sorted(known))})")
        elif isinstance(keys, list) and all(isinstance(k, str) for k in keys) and keys:
            out[name] = ",".join(k.strip() for k in keys)
        elif isinstance(keys, str) and keys.strip():
            out[name] = ",".join(k.strip() for k in keys.split(","))
        else:
            problems.append(f"{path}: {name}: give a key, or keys separated by commas")
    return out, problems
