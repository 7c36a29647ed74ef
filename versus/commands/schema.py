"""`versus schema`: the JSON Schema for scene files (also shipped as scenes/scene.schema.json)."""

from __future__ import annotations

import argparse
import json


def add_arguments(parser: argparse.ArgumentParser) -> None:
    pass


def schema_text() -> str:
    from versus.scenes.schema import scene_schema

    return json.dumps(scene_schema(), indent=2, ensure_ascii=False) + "\n"


def run(args: argparse.Namespace) -> int:
    print(schema_text(), end="")
    return 0
