"""The words the front ends show on their own (button labels, captions, aria labels), in English and German.

Every donkeylab widget's ESM draws its words from a ``words`` trait, ``{"en": {key: text}, "de": {key: text}}``,
filled here from the one catalogue (keys ``ui/<widget>/<key>``): no JS file holds a sentence of either
language (``tests/widgets/test_front_end_words.py`` checks it). Both languages travel at once, so the labels a
front end draws itself still follow a language switch at once, before the kernel's next snapshot. A text may
carry ``{name}`` placeholders, which the front end fills (``common.js``'s ``word``). Game terms are the
engines' (Misthaufen-Karte, Oberesel, Schnapszahl, Chip).
"""

from __future__ import annotations

from functools import cache

from donkeylab.core import CATALOGUE
from donkeylab.core.messages import LANGUAGES

WORDS: dict[str, dict[str, tuple[str, str]]] = {
    "stepper": {
        "first_aria": ("Back to the start", "Zurück zum Anfang"),
        "back": ("◀ Back", "◀ Zurück"),
        "back_aria": ("Back (left arrow)", "Zurück (Pfeil links)"),
        "step": ("Step ▶", "Schritt ▶"),
        "step_aria": ("Step (right arrow)", "Schritt (Pfeil rechts)"),
        "play": ("▶▶ Play", "▶▶ Abspielen"),
        "play_aria": ("Play (space)", "Abspielen (Leertaste)"),
        "pause": ("❚❚ Pause", "❚❚ Pause"),
        "pause_aria": ("Pause (space)", "Pause (Leertaste)"),
        "speed": ("speed ", "Tempo "),
        "speed_aria": ("Play speed (steps per second)", "Tempo (Schritte pro Sekunde)"),
        "position": ("step {index} of {last}", "Schritt {index} von {last}"),
        "event": (" · event {sub} of {n}", " · Ereignis {sub} von {n}"),
        "language": ("Language", "Sprache"),
        "lang_en": ("English", "English"),  # each language is named in its own words, in both menus
        "lang_de": ("Deutsch", "Deutsch"),
        "teacher": ("Teacher view (all cards)", "Lehrer-Sicht (alle Karten)"),
        "seen_by": ("Seen by {name}", "Sicht von {name}"),
        "whose": ("Whose eyes", "Wessen Sicht"),
        "choices": ("Choices", "Möglichkeiten"),
        "choose": ("Choose: ", "Wähle: "),
        "choose_drop": ("Choose (drops the later steps): ", "Wähle (verwirft die späteren Schritte): "),
    },
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
        "play_n": ("Play {n} card(s)", "{n} Karte(n) spielen"),
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
        "pending_2x": ("2x: {n} card(s) to play", "2x: noch {n} Karte(n)"),
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
    "race_board": {
        "letter_red": ("R", "R"),
        "letter_green": ("G", "Gr"),  # "grün" and "gelb" share their first letter
        "letter_yellow": ("Y", "Ge"),
        "move_to": ("move the {donkey} donkey to {field}", "den Esel {donkey} nach {field} ziehen"),
        "donkey_on": ("{donkey} donkey on {field}", "Esel {donkey} auf {field}"),
        "board": ("race board", "Rennbahn"),
        "reconstruction": (
            "The {name}: our reconstruction, not the printed board",
            "Das {name}: unsere Rekonstruktion, nicht das gedruckte Brett",
        ),
        "finishing_order": ("finishing order", "Zieleinlauf"),
        "finished": ("Finished:", "Im Ziel:"),
        "hidden": ("hidden", "verdeckt"),
        "point": (" {n} point", " {n} Punkt"),
        "points": (" {n} points", " {n} Punkte"),
        "winner": ("winner", "Sieger"),
        "order_cards": ("Order cards:", "Reihenfolge-Karten:"),
    },
    "event_log": {
        "title": ("What happened (newest last)", "Was geschah (neuestes unten)"),
        "go_to": ("go to step {k}", "zu Schritt {k}"),
        "empty": ("Nothing yet: press Step.", "Noch nichts: drücke Schritt."),
    },
    "share": {
        "copy": ("Copy link to this step", "Link zu diesem Schritt kopieren"),
        "field": ("link to this step", "Link zu diesem Schritt"),
        "copied": ("copied", "kopiert"),
        "select_copy": ("select and copy the link", "Link markieren und kopieren"),
    },
    "explorer": {
        "seed": ("seed", "Startwert"),
        "players": ("players", "Spieler"),
        "new_game": ("New game", "Neues Spiel"),
    },
}

for _widget, _words in WORDS.items():
    CATALOGUE.add_all(_words, prefix=f"ui/{_widget}/")


@cache
def front_end_words(widget: str) -> dict[str, dict[str, str]]:
    """The ``words`` trait of ``widget``: each key's template in every language (placeholders left in).

    Shared between the widgets of a kind (a trait's value is only read), so never mutate it."""
    prefix = f"ui/{widget}/"
    keys = [k[len(prefix) :] for k in CATALOGUE.messages if k.startswith(prefix)]
    return {lang: {k: CATALOGUE.messages[prefix + k].get(lang) for k in keys} for lang in LANGUAGES}


def ui_word(widget: str, key: str, lang: str) -> str:
    """One word for Python-drawn controls (the explorer's ipywidgets), from the same table."""
    return CATALOGUE.render(f"ui/{widget}/{key}", {}, lang)
