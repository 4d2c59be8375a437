"""Every lesson figure speaks the page's language: German figures hold no English word, English ones are unchanged."""

from __future__ import annotations

import re
import string
from fractions import Fraction
from typing import Any

import plotly.graph_objects as go
import pytest

from donkeylab.core import CATALOGUE
from donkeylab.esels_rennen.messages import board_words
from donkeylab.lab import figure_words, figures, lessons, questions
from donkeylab.lab.stats import wilson
from donkeylab.lessons import full_games_questions  # noqa: F401  (Lesson 5 registers its own questions)

# Cheap parameters, n and batch per question: small boards and few games, so every figure is quick to draw.
CHEAP: dict[str, tuple[dict[str, Any], int, int]] = {
    "double_donkey.distinct_values": ({"policy": "highest"}, 2_000, 1_000),
    "double_donkey.flip": ({"card": ("light_blue", "orange"), "angry": ("orange", "yellow")}, 2_000, 1_000),
    "double_down.total_after": ({"k": 2, "replacement": True}, 2_000, 1_000),
    "esels_rennen.race_orders": ({"board": "tiny_chain"}, 2_000, 1_000),
    "double_down.risk": ({}, 0, 1),
    "double_down.next_card": ({"total": 64}, 2_000, 1_000),
    "esels_rennen.race_orders_engine": ({"board": "tiny_chain"}, 200, 100),
    "double_donkey.variants": ({"players": 2, "measure": "wins"}, 4, 4),
    "double_donkey.free_choice": ({"m": 3, "k": 2}, 2_000, 1_000),
    "double_donkey.seven_after_flip": ({"flipped": True}, 2_000, 1_000),
    "double_down.token_at": ({"total": 64}, 2_000, 1_000),
    "esels_rennen.best_order": ({"board": "tiny_chain"}, 200, 100),
    "lesson.rounds_difference": ({"players": 2}, 4, 4),
}
# Words a German figure may share with the English one: names of games and bots, and words German spells the
# same (orange, Phase, Bots, Mini-Brett, the Start button).
SAME_IN_BOTH = {
    "computer",
    "double",
    "donkey",
    "down",
    "esels",
    "rennen",
    "random",
    "mini",
    "orange",
    "minus",
    "phase",
    "bots",
    "start",
    "wilson",  # the band's method, a name
}
RULE_ID = re.compile(r"\b[A-Z]{2}-[A-Z]+-\d+\b")

# The English figures as a pupil reads them (title, x axis, y axis, legend): they change only on purpose. Issue
# 35 §1 took out the code names: a board's name ('tiny_chain'), a policy ('policy highest'), 'english/german'.
ENGLISH = {
    "double_donkey.free_choice": (
        "3 numbers on the Hay card, 2 dice rolled: how often do all dice show numbers already there? "
        "(estimate after N rolls)",
        "number of trials N",
        "estimated probability",
        ("95% interval", "95% interval", "simulated estimate", "exact = 1/4 ≈ 0.2500"),
    ),
    "double_donkey.seven_after_flip": (
        "After the orange flip: how often is light blue/orange worth 7? (estimate after N games)",
        "number of trials N",
        "estimated probability",
        ("95% interval", "95% interval", "simulated estimate", "exact ≈ 0.1012"),
    ),
    "double_down.token_at": (
        "At total 64: how often does the next card cost a token? (estimate after N cards)",
        "number of trials N",
        "estimated probability",
        ("95% interval", "95% interval", "simulated estimate", "exact = 9/56 ≈ 0.1607"),
    ),
    "esels_rennen.best_order": (
        "Random races played by the game program on the mini board (our reconstruction): how often do they end "
        "in the most likely order? (after N races)",
        "number of trials N",
        "estimated probability",
        ("95% interval", "95% interval", "simulated estimate", "exact ≈ 0.3831"),
    ),
    "lesson.rounds_difference": (
        "Same deals, both rules: how many rounds longer is the English game? (running average after N pairs)",
        "number of pairs of games N",
        "rounds longer (English minus German)",
        ("95% interval", "95% interval", "simulated estimate"),
    ),
    "double_down.next_card": (
        "Double Down: the next card at total 64, drawn from a full deck",
        "what the card does",
        "probability",
        ("simulated (n=2,000, 95% interval)", "exact"),
    ),
    "esels_rennen.race_orders_engine": (
        "Esels-Rennen: each finishing order in random races the computer plays move by move on the mini board (our "
        "reconstruction, not the printed board)",
        "finishing order (1st-2nd-3rd)",
        "probability",
        ("simulated (n=200, 95% interval)", "exact"),
    ),
    "double_donkey.distinct_values": (
        "Distinct values on the Hay card after phase 1 (bots choosing the highest number)",
        "distinct values on the Hay card",
        "probability",
        ("simulated (n=2,000, 95% interval)", "exact"),
    ),
    "double_donkey.flip": (
        "Value of the card light blue + orange before and after flipping the orange and yellow dice",
        "card value (points)",
        "probability",
        (
            "before the flip (n=2,000, 95% interval)",
            "before the flip: exact",
            "after the flip (n=2,000, 95% interval)",
            "after the flip: exact",
        ),
    ),
    "double_down.total_after": (
        "Double Down: total after 2 cards, drawn with replacement",
        "running total (points)",
        "probability",
        ("simulated (n=2,000, 95% interval)", "exact"),
    ),
    "esels_rennen.race_orders": (
        "Esels-Rennen: probability of each finishing order (random play) on the mini board (our reconstruction, "
        "not the printed board)",
        "finishing order (1st-2nd-3rd)",
        "probability",
        ("simulated (n=2,000, 95% interval)", "exact"),
    ),
    "double_down.risk": (
        "Double Down: risk of the next card by running total",
        "running total before the card (points)",
        "probability",
        ("safe", "doublet", "bust"),
    ),
    "double_donkey.variants": (
        "Double Donkey: who wins? English vs German rules<br><sup>2 bots choosing at random; both sets of rules "
        "get the same shuffled cards</sup>",
        "winner (a shared win counts for every winner)",
        "share of games",
        ("English rules (n=4, 95% interval)", "German rules (n=4, 95% interval)"),
    ),
}


def answer(name: str, lang: str) -> go.Figure:
    params, n, batch = CHEAP[name]
    return questions.get(name).answer(n, 1, batch, params, lang)


def texts(fig: go.Figure) -> list[str]:
    """The texts a pupil reads, in a fixed order: title, axis titles, legend names and annotations."""
    found = [fig.layout.title.text, fig.layout.xaxis.title.text, fig.layout.yaxis.title.text]
    return found + [t.name for t in fig.data] + [a.text for a in fig.layout.annotations]


def categories(fig: go.Figure) -> set[str]:
    """The x values that are words ("player 1", "RGY"), not numbers."""
    return {str(x) for t in fig.data for x in (t.x or ()) if x is not None and re.search(r"[^\W\d]", str(x))}


def words(text: str) -> set[str]:
    """The words of ``text`` in lower case, without HTML tags and rule IDs (DD-DICE-2 reads the same anywhere)."""
    text = RULE_ID.sub(" ", re.sub(r"<[^>]+>", " ", text))
    return {w.lower() for w in re.findall(r"[^\W\d]{2,}", text)}


def test_every_registered_question_is_checked() -> None:
    assert set(questions.names()) == set(CHEAP), "a new question needs cheap parameters in CHEAP"


@pytest.mark.parametrize("name", sorted(CHEAP))
def test_german_figure_has_no_english_word(name: str) -> None:
    en_fig, de_fig = answer(name, "en"), answer(name, "de")
    english, german = texts(en_fig), texts(de_fig)
    english_words = set().union(*map(words, english + sorted(categories(en_fig))))
    for en, de in zip(english, german, strict=True):
        if words(en) - SAME_IN_BOTH:
            assert de != en, f"{name}: {en!r} was not translated"
        assert not (words(de) & english_words) - SAME_IN_BOTH, f"{name}: English words in {de!r}"
    for label in categories(de_fig):
        assert not (words(label) & english_words) - SAME_IN_BOTH, f"{name}: English category {label!r}"


@pytest.mark.parametrize("name", sorted(CHEAP))
def test_english_figure_is_unchanged(name: str) -> None:
    fig = answer(name, "en")
    got = (fig.layout.title.text, fig.layout.xaxis.title.text, fig.layout.yaxis.title.text)
    assert (*got, tuple(t.name for t in fig.data)) == ENGLISH[name]
    assert fig.layout.separators is None, "plotly's default number format stays"


def test_german_figures_write_german_numbers() -> None:
    fig = answer("double_down.total_after", "de")
    assert fig.data[0].name == "simuliert (n=2.000, 95-%-Intervall)" and fig.data[1].name == "exakt"
    assert fig.layout.separators == ",.", "ticks and hover labels get a decimal comma"
    assert figure_words.number(50_000, "de") == "50.000" and figure_words.number(50_000, "en") == "50,000"
    assert figures.exact_label(Fraction(1, 6), "de") == "exakt = 1/6 ≈ 0,1667"


def test_words_follow_the_double_donkey_glossary() -> None:
    """The figures call things what the Double Donkey engine's German texts call them."""
    title = answer("double_donkey.distinct_values", "de").layout.title.text
    assert "Misthaufen-Karte" in title and "Misthaufen-Karte" in CATALOGUE.messages["DD-DICE-1/place"].de
    flip = answer("double_donkey.flip", "de").layout.title.text
    assert "hellblau + orange" in flip and "durch den orangefarbenen und den gelben Wütenden Esel" in flip
    one = questions.get("double_donkey.flip").answer(0, 1, 1, {"angry": ("light_blue",)}, "de").layout.title.text
    assert one.endswith("durch den hellblauen Wütenden Esel"), "the colour before its noun, declined (issue 35)"
    race = answer("esels_rennen.race_orders", "de")
    assert race.data[0].x[0] == "rot–grün–gelb", "card codes are English initials: spelt out in German"


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("name", sorted(CHEAP))
def test_figures_say_things_in_words_not_code_names(name: str, lang: str) -> None:
    """Issue 35 §1: no board's package name, no 'policy', no lower-case english/german on a pupil's figure."""
    shown = " ".join(texts(answer(name, lang)))
    assert not re.search(r"\b[a-z]+_[a-z_]+\b", shown), shown  # tiny_chain, light_blue, once_per_colour
    assert not re.search(r"\b(policy|english|german|default)\b", shown), shown


def test_board_words_are_the_lessons() -> None:
    """One source of a packaged board's words; a teacher's own board keeps its name."""
    assert board_words("tiny_chain", "de") == "Mini-Brett"
    assert board_words("default", "en") == "standard board"
    assert board_words("my_board", "de") == "Brett „my_board“"


def test_builders_default_words_follow_lang() -> None:
    dist = {c: {2: Fraction(1, 2)} for c in ("light_blue", "orange")}
    sim = {c: {2: wilson(5, 10)} for c in dist}
    names = [t.name for t in figures.what_if(dist, "W", "x", simulated=sim, lang="de").data]
    assert names == [
        "hellblau wählen: simuliert (n=10, 95-%-Intervall)",
        "hellblau wählen: exakt",
        "orange wählen: simuliert (n=10, 95-%-Intervall)",
        "orange wählen: exakt",
    ]
    hits = [i % 3 == 0 for i in range(300)]
    conv = lessons.convergence(hits, Fraction(1, 3), "Treffer", "de")
    assert [t.name for t in conv.data][1:] == [
        "95-%-Intervall",
        "simulierter Schätzwert",
        "exakt = 1/3 ≈ 0,3333",
    ]
    assert conv.layout.yaxis.title.text == "geschätzte Wahrscheinlichkeit"
    order = figures.race_orders({("red", "green", "yellow"): Fraction(1)}, lang="de")
    assert list(order.data[0].x) == ["rot-grün-gelb"] and order.layout.yaxis.title.text == "Wahrscheinlichkeit"


def test_unknown_language_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown language"):
        questions.get("double_down.risk").figure(questions.get("double_down.risk").exact(), None, 0, lang="fr")


def test_every_figure_word_has_both_languages_with_the_same_placeholders() -> None:
    """The lab's grammar words and each game's and lesson's question words (all under ``figure/``)."""
    keys = [k for k in CATALOGUE.messages if k.startswith("figure/")]
    assert {f"figure/{k}" for k in figure_words.WORDS} < set(keys)
    for key in keys:
        msg = CATALOGUE.messages[key]
        en, de = ({f for _, f, _, _ in string.Formatter().parse(s) if f} for s in (msg.en, msg.de))
        assert msg.en and msg.de and en == de, key
