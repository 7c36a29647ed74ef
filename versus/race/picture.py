"""The race picture as a file (`versus plot`): SVG and PNG, sized for a manuscript page, drawn by matplotlib.

Two charts, one above the other, turns along the bottom of both: each player's space by turn, one
line each with the marks of what befell them and a star where the lead changed hands; and each
player's chance of winning after every turn. matplotlib's Agg backend draws with no display, and its
SVG carries no date and a fixed id salt, so the same take gives the same bytes every time.
"""

from __future__ import annotations

import io
import textwrap
from collections.abc import Sequence
from typing import Any

import matplotlib

matplotlib.use("Agg")  # no display: files only, the same on every machine

from matplotlib import pyplot as plt
from matplotlib.figure import Figure

from versus.race.course import MARKS, Course
from versus.race.drama import Drama, told

PAGE = (6.5, 8.0)  # inches: a US letter or A4 page's text block within one-inch margins
# The app's token colours (the board's players wear them), dark enough for print; the line styles tell
# the players apart on a page printed in grey.
INKS = ("#9E2B25", "#2E3F8F", "#3D6B35", "#6B3A6B", "#8A5A14", "#1F6A6A")
STYLES = ("-", "--", "-.", ":", (0, (5, 1, 1, 1, 1, 1)), (0, (1, 2)))
MARK_SHAPES = {"confined": ("s", "confined"), "overshoot": ("^", "overshoots"), "crime": ("x", "a crime or vice"),
               "virtue": ("o", "a virtue")}
SALT = "versus-race"  # the SVG's element ids, fixed so that the bytes are too
_RC: dict[Any, Any] = {"svg.hashsalt": SALT, "svg.fonttype": "none",  # text kept as text: searchable, and read aloud
       "font.family": "serif", "font.size": 9, "axes.titlesize": 10,
       "axes.spines.top": False, "axes.spines.right": False}


def draw(course: Course, chances: Sequence[Sequence[float]] | None, title: str, subtitle: str = "") -> Figure:
    """The picture of a course (and of its chances, when given) as a matplotlib figure."""
    with plt.rc_context(_RC):
        fig = Figure(figsize=PAGE)
        race, odds = fig.subplots(2, 1, sharex=True, gridspec_kw={"height_ratios": (3, 2)})
        fig.suptitle(title, fontsize=12, y=0.985)
        if subtitle:
            fig.text(0.5, 0.95, "\n".join(textwrap.wrap(subtitle, 110)), ha="center", va="top", fontsize=8,
                     style="italic")
        _positions(race, course)
        _chances(odds, course, chances)
        handles, labels = race.get_legend_handles_labels()
        fig.legend(handles, labels, loc="upper center", bbox_to_anchor=(0.5, 0.885), ncol=4, fontsize=7,
                   frameon=False)
        fig.align_ylabels((race, odds))
        fig.tight_layout(rect=(0, 0, 1, 0.86))
    return fig


def _positions(ax, course: Course) -> None:
    turns = range(len(course.pos))
    for seat, name in enumerate(course.names):
        ax.plot(turns, [p[seat] for p in course.pos], color=_ink(seat), linestyle=STYLES[seat % len(STYLES)],
                linewidth=1.4, label=name, gid=f"position-{course.ids[seat]}")
    for kind in MARKS:
        shape, word = MARK_SHAPES[kind]
        marks = [m for m in course.marks if m.kind == kind]
        if marks:
            hollow = {"facecolors": "none", "edgecolors": "#3B2A1A"} if shape != "x" else {"color": "#3B2A1A"}
            ax.scatter([m.turn for m in marks], [_at(course, m.turn, m.player) for m in marks], marker=shape,
                       s=16, linewidths=0.8, label=word, zorder=3, **hollow)
    changes = course.changes
    ax.scatter([c.turn for c in changes], [c.space for c in changes], marker="*", s=90,
               color=[_ink(c.player) for c in changes] or "#C8912F", edgecolors="black", linewidths=0.5,
               label="the lead changes hands" if changes else "(the lead never changed hands)", zorder=4,
               gid="lead-changes")
    ax.axhline(course.goal, color="#C8912F", linewidth=0.8)
    ax.set_ylim(0, course.goal + 2)
    ax.set_ylabel("space")


def _chances(ax, course: Course, chances: Sequence[Sequence[float]] | None) -> None:
    ax.set_xlabel("turn")
    ax.set_ylabel("chance of winning")
    ax.set_ylim(0, 1.02)
    ax.yaxis.set_major_formatter(lambda value, _: f"{value:.0%}")
    ax.set_xlim(0, max(1, course.turns))
    if not chances:
        ax.text(0.5, 0.5, "(chances not worked out)", transform=ax.transAxes, ha="center", va="center")
        return
    turns = range(len(chances))
    for seat, name in enumerate(course.names):
        ax.plot(turns, [c[seat] for c in chances], color=_ink(seat), linestyle=STYLES[seat % len(STYLES)],
                linewidth=1.2, label=name, gid=f"chance-{course.ids[seat]}")
    ax.axhline(0.25, color="#7A6650", linewidth=0.6, linestyle=":")
    ax.text(1.0, 0.26, "1 in 4 ", color="#7A6650", fontsize=7, va="bottom", ha="right",
            transform=ax.get_yaxis_transform())
    for change in course.changes:
        ax.axvline(change.turn, color="#BBBBBB", linewidth=0.5, zorder=0)


def _ink(seat: int) -> str:
    return INKS[seat % len(INKS)]


def _at(course: Course, turn: int, seat: int) -> int:
    return course.pos[min(turn, course.turns)][seat]


def subtitle_of(figures: Drama, outcome: str, names: dict[str, str] | None = None) -> str:
    """One line under the title: the outcome and the drama's figures."""
    return f"{outcome}; {told(figures, names)}"


def svg_bytes(fig: Figure) -> bytes:
    """The figure as SVG, with no date in it: the same figure, the same bytes."""
    out = io.BytesIO()
    with plt.rc_context(_RC):
        fig.savefig(out, format="svg", metadata={"Date": None})
    return out.getvalue()


def png_bytes(fig: Figure, dpi: int = 150) -> bytes:
    out = io.BytesIO()
    with plt.rc_context(_RC):
        fig.savefig(out, format="png", dpi=dpi, metadata={"Software": None})
    return out.getvalue()
