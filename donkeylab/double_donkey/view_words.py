"""The words Double Donkey's views (DiceTray and CardHands) draw themselves, as the game declares them (``VIEW_WORDS``;
why and how they are collected: ``games``' docstring and ``widgets.words``)."""

from __future__ import annotations

from typing import Final

VIEW_WORDS: Final[dict[str, dict[str, tuple[str, str]]]] = {
    "dice_tray": {
        "place_die": (
            "place the {name} die ({pips}) on the Hay card",
            "Würfel {name} ({pips}) auf die Misthaufen-Karte legen",
        ),
        "not_rolled": ("not rolled", "nicht gewürfelt"),
        "hay_card_label": ("the Hay card", "die Misthaufen-Karte"),
        "hay_card": ("Hay card", "Misthaufen-Karte"),
        "no_die": ("no die yet", "noch kein Würfel"),
        "rolled_by": (
            "Rolled by {holder} — click one to place it",
            "Gewürfelt von {holder} — klicke einen, um ihn zu legen",
        ),
        "dice_with": ("Dice with {holder}", "Würfel bei {holder}"),
        "all_placed": ("All six dice are on the Hay card.", "Alle sechs Würfel liegen auf der Misthaufen-Karte."),
        "last_die": (
            "Last die: keep it or re-roll it once (DD-DICE-3).",
            "Letzter Würfel: behalten oder einmal neu würfeln (DD-DICE-3).",
        ),
    },
    "card_hands": {
        "value_unknown": ("value not known yet", "Wert noch offen"),
        "angry": ("ANGRY", "WÜTEND"),
        "value_title": ("points under the dice on the Hay card", "Punkte mit den Würfeln auf der Misthaufen-Karte"),
        "biggest": ("★ Biggest Donkey", "★ Oberesel"),
        "winner": ("winner", "Sieger"),
        "chosen": ("✓ chosen", "✓ gewählt"),
        "choosing": ("choosing…", "wählt…"),
        "pile_title": ("personal pile", "eigener Stapel"),
        "pile": ("pile {n}", "Stapel {n}"),
        "hidden_card": ("hidden card", "verdeckte Karte"),
        "play_n": ("Play {n} {n:|card|cards}", "{n} {n:|Karte|Karten} spielen"),
        "pick": ("Click 1–3 cards, then play", "1–3 Karten anklicken, dann spielen"),
        "chosen_teacher": ("chosen (only the teacher sees it): ", "gewählt (nur die Lehrkraft sieht es): "),
        "your_choice": ("your choice: ", "deine Wahl: "),
        "revealed": ("revealed: ", "aufgedeckt: "),
        "info": (
            "Round {round} · draw pile {draw} · discard pile {discard} · {variant} rules",
            "Runde {round} · Nachziehstapel {draw} · Ablage {discard} · {variant} Regeln",
        ),
        "variant_english": ("English", "englische"),
        "variant_german": ("German", "deutsche"),
    },
}
