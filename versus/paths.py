"""Where the project's own data lives, and where the author's work goes.

In a checkout (an editable install) the boards and example scenes are board/ and scenes/ beside
the package, and the scenes folder is the author's own. Otherwise (pip, --user, --target, a
wheel) they are package data in versus/bundled/, found with importlib.resources, and read-only:
a bundled scene is copied into the working folder before it is played, so that its takes and
exports land where the author works and not inside the installation.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from versus.files import write_new

CHECKOUT = Path(__file__).resolve().parent.parent


def in_checkout() -> bool:
    return (CHECKOUT / "pyproject.toml").is_file() and (CHECKOUT / "board").is_dir()


def _bundled_root() -> Path:
    return Path(str(resources.files("versus.bundled")))


def data_dir(name: str) -> Path:
    """board/ or scenes/: the checkout's, else the installed package data's."""
    if in_checkout():
        return CHECKOUT / name
    return _bundled_root() / name


def is_bundled(path: str | Path) -> bool:
    """Whether the file lies in the installed package data (never written to)."""
    if in_checkout():
        return False
    return _bundled_root().resolve() in Path(path).resolve().parents


def working_copy(path: str | Path, folder: Path | None = None) -> tuple[Path, str | None]:
    """The scene to play: path itself, or for a bundled scene its copy in <working folder>/scenes/
    (made now if there is none), with a line saying so."""
    path = Path(path)
    if not is_bundled(path):
        return path, None
    scenes = (folder or Path.cwd()) / "scenes"
    target = scenes / path.name
    if target.exists():
        return target, f"versus: using your copy {target} of the bundled {path.name}"
    write_new(target, path.read_bytes())
    schema = path.with_name("scene.schema.json")
    if schema.is_file() and not (scenes / schema.name).exists():
        write_new(scenes / schema.name, schema.read_bytes())
    return target, (f"versus: copied the bundled {path.name} to {target} (the installed one is read-only); "
                    "its takes and exports are kept beside it")


def examples() -> list[Path]:
    """The bundled example scenes and the scene schema, in order."""
    folder = data_dir("scenes")
    scenes = sorted(p for p in folder.glob("*.yaml") if ".takes" not in p.name)
    return [*scenes, folder / "scene.schema.json"]


def copy_examples(into: Path) -> tuple[list[Path], list[Path]]:
    """Copy the examples into the folder: (copied, kept), never over a file already there."""
    copied, kept = [], []
    for source in examples():
        target = into / source.name
        if target.exists() or target.is_symlink():
            kept.append(target)
        elif write_new(target, source.read_bytes()):
            copied.append(target)
        else:
            kept.append(target)  # made by someone else since we looked
    return copied, kept
