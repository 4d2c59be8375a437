"""A pupil reads a rule in words, not by its code: no lesson text, hint, explanation or class sentence says "rule
DD-DICE-2 asks…" (a maths review found such sentences hard to follow). Rule IDs stay where they are by design: the
Stepper's rule card and event log, errors, tests and the rulebook's traceability; the one sentence on a page that
says what such names are ("Names like DD-DICE-2 are our labels for the rulebook's rules") may name one."""

from __future__ import annotations

import re

import donkeylab.apps  # noqa: F401  (registers every lesson's and page's words in the catalogue)
from donkeylab.core import CATALOGUE

ID = re.compile(r"\b(?:DD|DN|ER)-[A-Z]+-\d\b")
PUPIL_PREFIXES = ("lesson/", "class/", "classmode/", "guess/", "answer/", "parts/", "chances/", "liveplot/")
LABELS = ("are our labels for the rulebook's rules", "sind unsere Kürzel für die Regeln aus der Spielanleitung")


def coded(text: str) -> bool:
    """Whether ``text`` names a rule by its code outside the sentence that says what such codes are."""
    sentences = re.split(r"(?<=[.!?:])\s+", text)
    return any(ID.search(s) and not any(label in s for label in LABELS) for s in sentences)


def test_the_check_finds_a_rule_code_in_a_sentence() -> None:
    assert coded("Here rule DD-DICE-2 matters: orange may land on the 2 only when no die shows a new number.")
    assert coded("Ties (DD-BIGGEST-2) save rounds too.")
    assert not coded("Step shows the reveal. Names like DD-ANGRY-1 are our labels for the rulebook's rules.")


def test_no_pupil_facing_sentence_names_a_rule_by_its_code() -> None:
    found = [
        f"{key} ({lang})"
        for key, message in sorted(CATALOGUE.messages.items())
        if key.startswith(PUPIL_PREFIXES)
        for lang, text in (("en", message.en), ("de", message.de))
        if coded(text)
    ]
    assert not found, f"a rule code in a pupil's sentence: {', '.join(found)}"
