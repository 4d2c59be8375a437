"""The words Double Down's views (RunningTotal) draw themselves, as the game declares them (``VIEW_WORDS``;
why and how they are collected: ``games``' docstring and ``widgets.words``)."""

from __future__ import annotations

from typing import Final

VIEW_WORDS: Final[dict[str, dict[str, tuple[str, str]]]] = {
    "running_total": {
        "doublet_title": (
            "{d} is a doublet: whoever says it loses a token",
            "{d} ist eine Schnapszahl: wer sie sagt, verliert einen Chip",
        ),
        "bust": ("{bust}+: bust", "{bust}+: verloren"),
        "line_label": (
            "Running total {total}; doublets {doublets}; {bust} or more busts",
            "Summe {total}; Schnapszahlen {doublets}; ab {bust} verloren",
        ),
        "direction": ("direction of play", "Spielrichtung"),
        "clockwise": ("clockwise", "im Uhrzeigersinn"),
        "counterclockwise": ("counterclockwise", "gegen den Uhrzeigersinn"),
        "tokens": ("{n} tokens", "{n} Chips"),
        "swimming": ("swimming", "schwimmt"),
        "out": ("out", "raus"),
        "pending_2x": ("2x: {n} {n:|card|cards} to play", "2x: noch {n} {n:|Karte|Karten}"),
        "winner": ("winner", "Sieger"),
        "cards": ("{n} cards", "{n} Karten"),
        "hand_of": ("Hand of {name}", "Hand von {name}"),
        "click_card": (" — click a card to play it", " — klicke eine Karte, um sie zu spielen"),
        "wait_turn": (" — wait for your turn", " — warte, bis du dran bist"),
        "play_card": ("play {label}", "{label} spielen"),
        "round": ("Round {n}", "Runde {n}"),
        "draw_pile": ("draw pile: {n}", "Nachziehstapel: {n}"),
        "played": ("played: {n}", "gespielt: {n}"),
    },
}
