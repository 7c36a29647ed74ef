"""Themes after the hand-coloured printed boards: cream paper, madder red, indigo, ochre, sepia ink."""

from __future__ import annotations

from dataclasses import dataclass

from textual.theme import Theme

REGENCY = Theme(
    name="regency",
    primary="#9E2B25",  # madder red
    secondary="#2E3F7F",  # indigo
    accent="#B07A1E",  # ochre
    foreground="#3B2A1A",  # sepia ink
    background="#F4EBD6",  # cream paper
    surface="#EFE3C8",
    panel="#E4D3AE",
    boost="#E9DCC0",
    warning="#A8651A",
    error="#9E2B25",
    success="#4F6B3A",
    dark=False,
    variables={
        "footer-key-foreground": "#9E2B25",
        "block-cursor-background": "#2E3F7F",
        "block-cursor-foreground": "#F4EBD6",
        "input-selection-background": "#2E3F7F 35%",
        "border": "#8A6E4B",
        "border-blurred": "#C4AE88",
    },
)

REGENCY_DARK = Theme(
    name="regency-dark",
    primary="#D0604A",  # madder, by candlelight
    secondary="#8E9FE0",  # indigo
    accent="#D9A441",  # ochre
    foreground="#EADFC8",  # cream ink
    background="#1F1A15",  # sepia night
    surface="#2A231C",
    panel="#3A3026",
    boost="#332A21",
    warning="#D9A441",
    error="#E0735C",
    success="#9DBA7A",
    dark=True,
    variables={
        "footer-key-foreground": "#D9A441",
        "block-cursor-background": "#8E9FE0",
        "block-cursor-foreground": "#1F1A15",
        "border": "#8A6E4B",
        "border-blurred": "#4A3F33",
    },
)

THEMES = (REGENCY, REGENCY_DARK)


@dataclass(frozen=True)
class BoardPalette:
    """Colours for the board, by kind of space; every kind also has a symbol (KINDS)."""

    paper: str
    ink: str
    kinds: dict[str, tuple[str, str]]  # kind -> (background, foreground)
    tokens: tuple[str, ...]  # one colour a player, in seat order
    token_ink: str


# kind -> (symbol on the board, word in the legend); colour is never the only cue.
KINDS = {
    "virtue": ("+", "virtue"),
    "vice": ("\u00d7", "vice"),
    "offense": ("!", "offence"),
    "place": ("#", "place"),
    "toll": ("\u00a3", "toll"),
    "sent": (">", "sent on"),
    "named": ("*", "named"),
    "goal": ("", "goal"),
    "blank": ("", ""),
}

TOKENS = ("#9E2B25", "#2E3F8F", "#3D6B35", "#6B3A6B", "#8A5A14", "#1F6A6A", "#4A4A6A", "#A0506A",
          "#5A6B1F", "#7A2E4A", "#2E5A7A", "#6A4A2E")

LIGHT = BoardPalette(
    paper="#DCCBA6",  # the board's ground, darker than any space, so that plain spaces stand out as cards
    ink="#3B2A1A",
    kinds={
        "virtue": ("#C5CFE8", "#1F2A5C"),
        "vice": ("#EBC3B8", "#6B1F19"),
        "offense": ("#B5443A", "#FBF3E2"),
        "place": ("#CBBBA0", "#3B2A1A"),
        "toll": ("#EBD08F", "#4A3510"),
        "sent": ("#CFDAB8", "#2F4220"),
        "named": ("#E6D7AE", "#3B2A1A"),
        "blank": ("#FBF6E9", "#7A6650"),
        "goal": ("#C8912F", "#2B1D0E"),
    },
    tokens=TOKENS,
    token_ink="#FFF8E8",
)

DARK = BoardPalette(
    paper="#1F1A15",
    ink="#EADFC8",
    kinds={
        "virtue": ("#2E3A6E", "#E3E8FA"),
        "vice": ("#6E2F28", "#F6DDD6"),
        "offense": ("#A33A2F", "#FFF3E0"),
        "place": ("#4A3F33", "#EADFC8"),
        "toll": ("#6B5220", "#F7E7BE"),
        "sent": ("#3E4F33", "#E2EDCF"),
        "named": ("#3A3328", "#EADFC8"),
        "blank": ("#383027", "#C8B89E"),
        "goal": ("#D9A441", "#1F1A15"),
    },
    tokens=("#C8553D", "#6F83D6", "#6FA05F", "#A86BA8", "#C8912F", "#4FA0A0", "#8A8AB0", "#D07A96",
            "#9AAB4F", "#B8607E", "#5A8AB0", "#A88060"),
    token_ink="#1F1A15",
)


def palette(dark: bool) -> BoardPalette:
    return DARK if dark else LIGHT
