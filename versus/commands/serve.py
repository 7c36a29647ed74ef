"""`versus serve SCENE [--port N]`: the app in a browser tab, served with textual-serve.

Each browser tab runs its own `versus play SCENE` on this machine; an export made in the tab is
written as ever (manuscript_exports/ here) and also offered to the browser as a download. The
server listens on 127.0.0.1 unless --host says otherwise: anyone who can reach it can play, and
export, as you.
"""

from __future__ import annotations

import argparse
import shlex
import sys

from versus.commands.common import at_least


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("scene", metavar="SCENE", help="a scene file (scenes/*.yaml)")
    parser.add_argument("--take", metavar="NAME", help="play this take (default: the latest, or a new one)")
    parser.add_argument("--port", type=at_least(1, 65535), default=8000, help="the port (default: 8000)")
    parser.add_argument("--host", default="127.0.0.1",
                        help="the address to listen on (default: 127.0.0.1, this machine only)")


def command(scene: str, take: str | None = None) -> str:
    """The command each browser tab runs: this Python's `versus play`, quoted for a shell."""
    words = [sys.executable, "-m", "versus", "play", scene, *(["--take", take] if take else [])]
    return " ".join(shlex.quote(word) for word in words)


def run(args: argparse.Namespace) -> int:
    from versus.cli import Failure
    from versus.commands.common import load_scene_or_fail, working_scene

    path = working_scene(args.scene)
    load_scene_or_fail(path)  # its mistakes here, located, not in a browser tab
    try:
        from textual_serve.server import Server
    except ImportError:
        raise Failure("versus: serving the app needs textual-serve: pip install 'versus[serve]'") from None
    print(f"versus: serving {path} at http://{args.host}:{args.port} (ctrl+c stops)", file=sys.stderr, flush=True)
    Server(command(path, args.take), host=args.host, port=args.port, title=f"Versus: {path}").serve()
    return 0
