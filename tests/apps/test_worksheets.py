"""The printed worksheets and answer keys (issue 35 §3) say what the lesson pages say: every exercise's question,
the key's exact values as the pages' one formatter writes the lesson's own ``Exercise.exact``, the worked
solutions verbatim, the German rules' numbers under ``variant=german``; the worksheet keeps every answer back;
what the key says counts as right is what the answer box counts as right. (How they print: the browser test
``tests/browser/test_worksheet_print.py``.)"""

from __future__ import annotations

import html
import importlib
import re
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from donkeylab.core import answers
from donkeylab.lessons import framework as fw
from donkeylab.lessons import worksheet_files, worksheet_links
from donkeylab.lessons import worksheets as ws
from donkeylab.lessons.worksheet_text import TEXTS
from donkeylab.pages import words as wd
from donkeylab.pages.registry import APPS

LESSONS = ws.lessons()
# every lesson with its default rules, and the lessons whose numbers change with the rules under the German ones
SETTINGS: list[tuple[str, dict[str, str]]] = [(name, {}) for name in LESSONS] + [
    (name, {"variant": "german"}) for name in LESSONS if "variant" in ws.spec_options(name)
]


def spec_of(name: str, options: dict[str, str]) -> fw.LessonSpec:
    """The lesson's spec from its own module, as its page builds it (not through ``worksheets``)."""
    module: Any = importlib.import_module(APPS[name].build.__module__)
    spec: fw.LessonSpec = module.spec(**options)
    return spec


def exercises(name: str, options: dict[str, str]) -> list[fw.Exercise]:
    """What the sheet asks, in its order: a count by hand beside the game (Lesson 4's mini board), then the
    exercises."""
    spec = spec_of(name, options)
    by_hand = [item for _, _, item in ws.sheet(name, options).by_hand]
    return by_hand + [item for s in spec.sections if isinstance(s, fw.Exercises) for item in s.items]


def test_lesson_4s_count_by_hand_is_on_the_worksheet_and_the_key() -> None:
    """The mini board's count (3 of the 6 first moves set off a hop) is done with pencil and paper too: it is
    exercise 2 on the worksheet, with room to write, and the key gives its answer and solution."""
    from donkeylab.lessons import arrow_chains

    item = arrow_chains.by_hand_exercise()
    assert arrow_chains.exercises()[1].question == item.question
    for lang in ("en", "de"):
        sheet, key = (plain(ws.document("arrow_chains", lang, kind)) for kind in ("worksheet", "key"))
        assert plain(item.question.get(lang)) in sheet and plain(item.solution.get(lang)) not in sheet
        assert plain(item.solution.get(lang)) in key
        assert sheet.index(plain(ws._t("parts/exercises", lang))) < sheet.index(plain(item.question.get(lang)))


def test_the_rounding_rule_stands_above_the_first_answer_it_applies_to() -> None:
    """Lesson 2's first count and its exercises 1 and 2 are whole numbers (squares, what a card is worth): the
    two-figures rule printed above them read as if it applied there; it stands once, above the tree, the first
    probability."""
    sheet = plain(ws.document("angry_flips", "en", "worksheet"))
    said = plain(ws._t("answer/rounding", "en"))
    squares, tree = "in how many of the 36 squares", "Count it with a tree."
    assert sheet.index(squares) < sheet.index(said) < sheet.index(tree) < sheet.index("<b>1.</b>")
    assert sheet.count(said) == 1


def plain(text: str) -> str:
    """HTML as text to compare: entities read, no-break spaces as spaces (the sheet keeps "18 %" on one line)."""
    return html.unescape(text).replace("\u00a0", " ")


def shown_exact(document: str) -> list[str]:
    return [plain(re.sub(r"<[^>]+>", "", x)) for x in re.findall(r"<span class='dl-exact'>(.*?)</span>", document)]


def test_there_is_a_sheet_for_every_lesson() -> None:
    assert sorted(name for name, app in APPS.items() if app.kind == "lesson") == sorted(LESSONS)
    assert len(LESSONS) == 5


def test_the_lessons_come_in_lesson_order_with_the_numbers_their_titles_give() -> None:
    """The gallery and the teacher's area list Lesson 1 … 5 in order (alphabetical put "Angry flips" first)."""
    assert LESSONS == ["die_choice", "angry_flips", "doublet_penalties", "arrow_chains", "full_games"]
    for name in LESSONS:
        title = ws.sheet(name).title
        assert title.get("en").startswith(f"Lesson {ws.NUMBERS[name]} —"), title.get("en")
        assert title.get("de").startswith(f"Lektion {ws.NUMBERS[name]} —"), title.get("de")


def kind_line(document: str) -> str:
    return re.findall(r"<p class='dl-ws-kind'>(.*?)</p>", document)[0]


@pytest.mark.parametrize("name", ["die_choice", "angry_flips"])
def test_a_sheet_prints_the_rules_of_the_page_with_the_same_link_in_either_language(name: str) -> None:
    """A German page shows the English rules unless its link says ``variant=german``, and so does its sheet: a
    German key on the German rules marked a pupil's right 11/72 on the German page wrong (a review found 5/36)."""
    german, english = ws.sheet(name, {"variant": "german"}).rules, ws.sheet(name, {"variant": "english"}).rules
    assert german is not None and english is not None
    for lang in ("en", "de"):
        for kind in ("worksheet", "key"):
            assert kind_line(ws.document(name, lang, kind)).endswith(english.get(lang))
            assert kind_line(ws.document(name, lang, kind, {"variant": "german"})).endswith(german.get(lang))


def test_the_print_link_looks_like_a_button() -> None:
    line = ws.links("die_choice", "en", key=False)
    assert "class='dl-ws-button'" in line and "a.dl-ws-button{display:inline-block" in line
    assert "border:2px solid" in worksheet_links.BUTTON_STYLE


@pytest.mark.parametrize(("name", "options"), SETTINGS, ids=[f"{n}-{o.get('variant', 'default')}" for n, o in SETTINGS])
@pytest.mark.parametrize("lang", ws.LANGS)
def test_key_states_the_lessons_own_exact_values_with_the_pages_formatter(
    name: str, options: dict[str, str], lang: str
) -> None:
    key = ws.document(name, lang, "key", options)
    items = exercises(name, options)
    expected = [
        wd.probability(item.exact, lang) if ws.is_probability(item) else wd.value(item.exact, lang)
        for item in items
        if item.exact is not None
    ]
    assert shown_exact(key) == expected
    text = plain(key)
    for item in items:  # the page's own sentences, verbatim: the question, the worked solution, the hint, feedback
        assert plain(item.question.get(lang)) in text
        assert plain(item.solution.get(lang)).replace("\n", "<br>") in text  # a step a line
        assert item.hint is None or plain(item.hint.get(lang)) in text
        for _, why in item.mistakes:
            assert plain(why.get(lang)) in text
    spec = spec_of(name, options)
    for section in spec.sections:
        if isinstance(section, fw.Predict):
            assert plain(section.answer_text.get(lang)) in text
        if isinstance(section, fw.ExactAnswer):
            assert all(plain(part(lang)) in text for part in section.parts)
        if isinstance(section, fw.Question | fw.Notice):
            assert plain(section.text.get(lang)) in text


def test_only_a_value_from_0_to_1_with_wrong_answers_from_0_to_1_is_written_as_a_probability() -> None:
    """Lesson 5's width factor 1/2 (wrong answers 1/4, 2 and 4) is '1/2 ≈ 0.50', not '50 %'."""
    factor, coin = (item for item in exercises("full_games", {}) if item.exact == Fraction(1, 2))
    assert not ws.is_probability(factor) and ws.exact_text(factor, "de") == "1/2 ≈ 0,50"
    assert ws.is_probability(coin) and ws.exact_text(coin, "en") == "50.0 % (exactly 1/2)"
    six = next(item for item in exercises("angry_flips", {}) if item.exact == 6)
    assert ws.exact_text(six, "en") == "6"


@pytest.mark.parametrize("name", [n for n in LESSONS if "variant" in ws.spec_options(n)])
def test_german_rules_print_the_german_numbers(name: str) -> None:
    english, german = (ws.document(name, "de", "key", {"variant": v}) for v in ("english", "german"))
    assert "Deutsche Regeln" in german and "Englische Regeln" in english
    values = [
        [item.exact for item in exercises(name, o) if item.exact is not None] for o in ({}, {"variant": "german"})
    ]
    if values[0] != values[1]:  # Lesson 2: 18.0 % before the flip under the English rules, 18.1 % under the German
        assert shown_exact(english) != shown_exact(german)
    predicts = [
        next(s for s in spec_of(name, o).sections if isinstance(s, fw.Predict)) for o in ({}, {"variant": "german"})
    ]
    answers_ = [plain(p.answer_text.get("de")) for p in predicts]
    assert answers_[0] in plain(english) and answers_[1] in plain(german)


@pytest.mark.parametrize("name", LESSONS)
@pytest.mark.parametrize("lang", ws.LANGS)
def test_the_worksheet_asks_everything_and_keeps_every_answer_back(name: str, lang: str) -> None:
    sheet = ws.document(name, lang, "worksheet")
    text = plain(sheet)
    items = exercises(name, {})
    for item in items:
        assert plain(item.question.get(lang)) in text
        assert plain(item.solution.get(lang)) not in text
        assert item.hint is None or plain(item.hint.get(lang)) not in text
        assert all(plain(why.get(lang)) not in text for _, why in item.mistakes)
    body = sheet.split("<body>", 1)[1]
    assert "dl-key-answer" not in body and "dl-exact" not in body
    assert body.count("class='dl-ws-box'") == sum(item.exact is not None for item in items) + (
        name not in ("angry_flips", "arrow_chains", "full_games")  # a slider's guess is written; a choice ticked
    )
    for section in spec_of(name, {}).sections:
        if isinstance(section, fw.Predict):
            assert plain(section.prompt.get(lang)) in text
            assert plain(section.answer_text.get(lang)) not in text
        if isinstance(section, fw.ExactAnswer):
            assert not any(plain(part(lang)) in text for part in section.parts)
        if isinstance(section, fw.Notice):
            assert plain(section.text.get(lang)) not in text


def test_lesson_5_asks_its_own_prediction_and_the_key_states_the_measured_answer() -> None:
    """The key said only where the page shows the answer; a teacher wants it on the key (review 2026-12-07)."""
    from donkeylab.lessons import full_games

    sheet, key = ws.document("full_games", "de", "worksheet"), ws.document("full_games", "de", "key")
    assert full_games.say("prompt").get("de") in sheet
    assert all(label.get("de") in sheet for label in full_games.CHOICES.values())
    assert "Was dir auffallen sollte" in key and "Die Lektionsseite misst die Antwort" not in key
    assert "Die Antwort: <b>Deutsche Regeln</b>: In 50.000 Paaren" in key and "0,52 Runden länger" in key


@pytest.mark.parametrize(("name", "options"), SETTINGS)
@pytest.mark.parametrize("lang", ws.LANGS)
def test_what_the_key_says_counts_as_right_the_answer_box_counts_as_right(
    name: str, options: dict[str, str], lang: str
) -> None:
    for item in exercises(name, options):
        if item.exact is None or item.exact.denominator == 1:
            continue
        shown = ws.accepted(item, lang)
        assert len(shown) >= 2
        for typed in shown:
            verdict = answers.check(typed, item.exact, item.tolerance, mistakes=[v for v, _ in item.mistakes])
            assert verdict.outcome == "correct", (typed, item.exact)


@pytest.mark.parametrize(
    ("x", "lang", "text"),
    [
        (Fraction(1, 7776), "en", "0.00013"),
        (Fraction(5, 9), "de", "0,56"),
        (Fraction(1, 2), "en", "0.50"),
        (Fraction(3, 28) * 100, "de", "11"),
        (Fraction(1304, 10), "en", "130"),
        (Fraction(-5, 9), "en", "-0.56"),
        (Fraction(0), "en", "0"),
        (Fraction(996, 100), "en", "10.0"),
    ],
)
def test_significant_digits(x: Fraction, lang: str, text: str) -> None:
    assert ws.significant(x, lang) == text


def test_numbers_are_listed_without_a_comma_next_to_a_decimal_comma() -> None:
    assert ws.numbers(["0.56", "56 %", "5/9"], "en") == "0.56, 56 % or 5/9"
    assert ws.numbers(["0,56", "56 %", "5/9"], "de") == "0,56; 56 % oder 5/9"
    assert ws.numbers(["0,50", "1/2"], "de") == "0,50 oder 1/2"
    assert ws.numbers(["6"], "de") == "6"
    assert "z. B. 0,56; 56 % oder 5/9." in plain(ws.document("die_choice", "de", "key"))


def test_the_sheets_words_are_in_both_languages() -> None:
    for key, (en, de) in TEXTS.items():
        assert re.findall(r"{(\w+)}", en) == re.findall(r"{(\w+)}", de), key
        assert en != de or key == "name", key
    assert "lang == " not in Path(ws.__file__).read_text(encoding="utf-8")


def test_links_open_the_sheets_of_the_page_in_its_language_and_rules() -> None:
    assert ws.url("die_choice", "de") == "../../donkeylab/worksheet/die_choice?lang=de"
    assert ws.url("die_choice", "de", "key", {"variant": "german"}, base="/") == (
        "/donkeylab/worksheet/die_choice?lang=de&kind=key&variant=german"
    )
    line = ws.links("angry_flips", "de", {"variant": "german"})
    assert "href='../../donkeylab/worksheet/angry_flips?lang=de&amp;variant=german'" in line
    assert "href='../../donkeylab/worksheet/angry_flips?lang=de&amp;kind=key&amp;variant=german'" in line
    assert line.count("target='_blank' rel='noopener'") == 2
    assert ">Arbeitsblatt drucken</a>" in line and ">Lösungsblatt (Lehrkraft)</a>" in line
    sealed = ws.links("angry_flips", "en", key=False)
    assert ">Print the worksheet</a>" in sealed and "kind=key" not in sealed and "Answer key" not in sealed


@pytest.mark.parametrize(
    ("args", "why"),
    [
        (("nowhere", "en", "key"), "no lesson"),
        (("die_choice", "fr", "key"), "no language"),
        (("die_choice", "en", "answers"), "no kind"),
        (("doublet_penalties", "en", "key", {"variant": "german"}), "takes no options"),
        (("die_choice", "en", "key", {"variant": "french"}), "variant"),
    ],
)
def test_a_bad_request_is_a_value_error(args: tuple[Any, ...], why: str) -> None:
    with pytest.raises(ValueError, match=why):
        ws.document(*args)


def test_write_all_writes_every_lesson_kind_and_language(tmp_path: Path) -> None:
    written = worksheet_files.write_all(tmp_path)
    assert len(written) == len(LESSONS) * 2 * 2
    key = (tmp_path / "die_choice-key-de.html").read_text(encoding="utf-8")
    assert key.startswith("<!doctype html><html lang='de'>")


def test_a_sheet_has_no_script_and_fits_its_content_security_policy() -> None:
    for name in LESSONS:
        document = ws.document(name, "en", "key")
        assert "<script" not in document.lower() and "javascript:" not in document.lower()
        assert "@page { size: A4;" in document
    assert "script-src" not in ws.CSP and "default-src 'none'" in ws.CSP
