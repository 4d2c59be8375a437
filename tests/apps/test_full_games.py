"""Lesson 5, full games: the page builds, the prediction reveals the measured answer, the table and the
stepper follow the rules they teach (DD-END-1), and links and the language switch behave."""

from __future__ import annotations

import threading
from typing import Any

import pytest

from donkeylab.apps import APPS, build
from donkeylab.lessons import full_games as fg
from donkeylab.lessons import full_games_questions as qg
from donkeylab.lessons import full_widgets
from donkeylab.lessons.full_tabs import last_round_start
from donkeylab.lessons.full_widgets import VariantTable, table_html
from donkeylab.pages.parts import LanguageSwitch
from donkeylab.pages.query import parse_query
from donkeylab.widgets import LivePlot
from tests.apps.helpers import walk

QUERY = "games=40&seed=3"


def built(query: str) -> Any:
    """The app page for ``query`` once its table (played in the background) is full."""
    page = build(fg.NAME, f"{query}&reveal=1" if query else "reveal=1")  # the whole lesson
    assert page.lesson.table.wait(300)
    return page


@pytest.fixture(scope="module")
def page() -> Any:
    return built(QUERY)


@pytest.fixture(scope="module")
def lesson(page: Any) -> fg.FullGames:
    lesson: fg.FullGames = page.lesson
    return lesson


def test_registered_as_a_lesson_with_its_link_parameters() -> None:
    info = APPS[fg.NAME]
    assert info.kind == "lesson" and info.title.en and info.title.de and info.notebook == "full_games.ipynb"
    assert {"seed", "lang", "players", "variant", "step", "games"} <= set(info.params)


def test_parts_build_in_page_order(page: Any, lesson: fg.FullGames) -> None:
    assert isinstance(page.children[1], LanguageSwitch)
    shown = walk(page)
    # guess, watch, measure (the pupil's own simulation), then the measured answer and the exercises
    order = [lesson.question, lesson.prediction, lesson.games, lesson.live[1], lesson.exact[0], lesson.exercises]
    order += [lesson.table, lesson.plot]  # the whole table and the other measurements go further (folded)
    at = [next(i for i, w in enumerate(shown) if w is p) for p in order]
    assert at == sorted(at)
    assert list(lesson.games.makers) == ["double_donkey"], "only the game the question is about (issue 35)"
    assert len(lesson.games.children) == 1 and len(lesson.exercises.items) == 3
    assert lesson.live[1].question == "lesson.rounds_difference" and lesson.live[1].done == 0


def test_answer_is_the_seeded_experiment(lesson: fg.FullGames) -> None:
    results = qg.variant_results(40, seed=3)
    assert lesson.prediction.answer == qg.shorter_variant(results)
    for variant, result in results.items():
        assert lesson.table.results[variant].records == result.records
    assert lesson.table.table.value == table_html(results, "en")


def test_prediction_reveal_shows_guess_and_answer(lesson: fg.FullGames) -> None:
    prediction = lesson.prediction
    prediction.input.value = "english"
    prediction.reveal()
    shown = prediction.result.value
    assert "Your guess: <b>English rules</b>" in shown
    # no simulation run yet: the answer names the pupil's own evidence still to get, and no other run's figures
    assert fg.CHOICES[prediction.answer].en in shown and "measure it with your own games" in shown
    assert "50,000" not in shown and "40 pairs" not in shown


def test_dd_end_1_stepper_starts_at_the_last_round(lesson: fg.FullGames) -> None:
    stepper = lesson.game_stepper("double_donkey")
    states = stepper.match.states
    assert stepper.index == last_round_start(stepper) > 0
    assert states[stepper.index].phase == "play" and states[stepper.index - 1].phase != "play"
    later = [s.phase for s in states[stepper.index :]]
    assert set(later) <= {"play", "over"} and later[-1] == "over"  # only card plays until the end
    assert any(e.rule == "DD-END-1" for e in states[-1].events)


def test_dd_end_1_variant_switch_keeps_the_deal(lesson: fg.FullGames) -> None:
    dd_page = lesson.games.page("double_donkey")
    stepper = dd_page.stepper
    deal = stepper.match.states[1].history[0]
    dd_page.variant.value = "german"
    try:
        assert stepper.state.rules.variant == "german"
        assert stepper.match.states[1].history[0] == deal
        assert stepper.index == last_round_start(stepper)
        assert dd_page.share.query()["variant"] == "german"
    finally:
        dd_page.variant.value = "english"


def test_the_game_tab_is_the_lessons_question(lesson: fg.FullGames) -> None:
    """No Double Down or Esels-Rennen tab: they had nothing to do with English against German rules."""
    tabs = lesson.games
    assert tabs.titles == ("One game, both sets of rules",) and set(tabs.pages) == {"double_donkey"}
    assert "switch the rules" in tabs.pages["double_donkey"].hint.value


def test_language_switch_changes_the_texts(page: Any, lesson: fg.FullGames) -> None:
    switch = page.children[1]
    before = (lesson.question.value, lesson.table.table.value, lesson.games.titles)
    switch.value = "de"
    try:
        assert "Regeln" in lesson.question.value and lesson.question.value != before[0]
        assert "Runden pro Spiel" in lesson.table.table.value
        assert lesson.game_stepper("double_donkey").lang == "de" and lesson.plot.lang == "de"
        assert lesson.games.page("double_donkey").variant.options[0][0] == "Englische Regeln"
        assert lesson.games.page("double_donkey").variant.value == "english"  # relabelling keeps the game
        assert "Übungen" in lesson.exercises.value
        assert "Runden" in lesson.plot.figure["layout"]["title"]["text"]
    finally:
        switch.value = "en"
    assert lesson.question.value == before[0] and lesson.table.table.value == before[1]


def test_link_sets_seed_language_and_variant() -> None:
    page = built("seed=5&lang=de&games=20&variant=german&players=3")
    lesson: fg.FullGames = page.lesson
    assert lesson.switch.value == "de" and "Regeln" in lesson.question.value
    stepper = lesson.game_stepper("double_donkey")
    assert (stepper.seed, stepper.state.num_players, stepper.state.rules.variant) == (5, 3, "german")
    assert len(lesson.table.results["german"].records) == 20
    assert lesson.plot.params["players"] == 3 and lesson.plot.lang == "de"
    assert "Runden" in lesson.plot.figure["layout"]["title"]["text"]


def test_link_step_overrides_the_starting_position() -> None:
    lesson: fg.FullGames = built("games=20&step=7").lesson
    assert lesson.game_stepper("double_donkey").index == 7


def test_bad_link_shows_a_note_and_uses_defaults() -> None:
    page = built("seed=banana&games=20")
    assert "seed=banana" in page.children[0].value
    assert page.lesson.game_stepper("double_donkey").seed == 0


def test_the_prediction_does_not_wait_for_the_tables_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    """The answer is the long run's verdict and its sentence quotes the pupil's own run: the page's table (going
    further) may still be playing at the reveal."""
    release = threading.Event()
    real = qg.variant_results

    def gated(*args: Any, **kwargs: Any) -> Any:
        assert release.wait(60), "the test never released the games"
        return real(*args, **kwargs)

    monkeypatch.setattr(qg, "variant_results", gated)
    monkeypatch.setattr(full_widgets, "_played", {})  # none of another test's tables
    lesson = fg.parts(parse_query("games=20&seed=2", fg.PARAMS), background=True)
    lesson.prediction.input.value = "same"
    lesson.prediction.reveal()
    assert lesson.table.running and lesson.prediction.answer == fg.long_run_verdict() == "german"
    shown = lesson.prediction.result.value
    assert "<b>German rules</b>" in shown and "Your guess: <b>about the same</b>" in shown
    assert "bots are playing" in lesson.table.table.value
    release.set()
    assert lesson.table.wait(120)
    assert lesson.prediction.result.value == shown, "the table's run is not the pupil's"


def test_table_plays_more_games_in_the_background() -> None:
    table = VariantTable(20, seed=1, players=2)
    assert table.progress.value == table.progress.max == 40
    table.start(30)
    assert table.wait(120)
    assert len(table.results["english"].records) == 30 and table.progress.value == 60
    assert "60 games played" in table.status.value and not table.more.disabled


def test_a_second_page_with_the_same_games_does_not_play_them_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """A preheated kernel builds its page once before the pupil's request: the pupil's page reuses that table."""
    played: list[tuple[Any, ...]] = []
    real = qg.variant_results

    def counted(*args: Any, **kwargs: Any) -> Any:
        played.append(args)
        return real(*args, **kwargs)

    monkeypatch.setattr(qg, "variant_results", counted)
    monkeypatch.setattr(full_widgets, "_played", {})
    first, second = VariantTable(20, seed=7, players=2), VariantTable(20, seed=7, players=2)
    assert len(played) == 1 and second.results == first.results
    assert second.progress.value == second.progress.max == 40 and "40 games played" in second.status.value
    VariantTable(20, seed=8, players=2)
    VariantTable(21, seed=7, players=2)
    assert len(played) == 3, "another seed or number of games is played"
    for seed in range(full_widgets.PLAYED_KEPT + 2):
        full_widgets.remember((1, seed, 2), first.results)
    assert len(full_widgets._played) == full_widgets.PLAYED_KEPT


def test_live_plots_fill_in_both_variants(lesson: fg.FullGames) -> None:
    plot = LivePlot("double_donkey.variants", n=10, seed=1, batch=5, measure="wins", players=2)
    plot.run()
    names = [trace["name"] for trace in plot.figure["data"]]
    assert plot.done == 10 and names == ["English rules (n=10, 95% interval)", "German rules (n=10, 95% interval)"]
    plot.lang = "de"  # a plot with games keeps them and speaks German
    names = [trace["name"] for trace in plot.figure["data"]]
    german = ["englische Regeln (n=10, 95-%-Intervall)", "deutsche Regeln (n=10, 95-%-Intervall)"]
    assert plot.done == 10 and names == german
    assert lesson.plot.params["measure"] == "rounds" and lesson.wins_plot.params["measure"] == "wins"
    assert lesson.plot.done == 0  # the page does not simulate until Start


def test_every_text_has_both_languages() -> None:
    from donkeylab.lessons import full_widgets
    from tests.apps.helpers import assert_bilingual

    assert_bilingual(fg)
    assert_bilingual(full_widgets)
    for item in fg.EXERCISES:
        assert item.question.en != item.question.de and item.solution.en != item.solution.de


def test_defaults_parse() -> None:
    q = parse_query("", fg.PARAMS)
    assert q["step"] is None and q["games"] == 200 and q["variant"] == "english"
