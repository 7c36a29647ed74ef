"""Where the project's own data lives: beside the package in a checkout, else where pip installed it."""

from __future__ import annotations

import sys
from pathlib import Path

CHECKOUT = Path(__file__).resolve().parent.parent


def data_dir(name: str) -> Path:
    """board/ or scenes/: the checkout's (an editable install), else <prefix>/share/versus/<name>."""
    here = CHECKOUT / name
    if here.is_dir():
        return here
    return Path(sys.prefix) / "share" / "versus" / name
