"""The teacher's side of a class in a kernel (no browser): the projector keeps the class's estimate back until
the reveal or the teacher's choice, "the answer" waits for the reveal, pupils carry one name on both screens,
the words agree with their counts, and the results leave as the teacher chooses (anonymous or by pupil)."""

from __future__ import annotations

import csv
import io
import itertools
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from donkeylab.classmode import cockpit
from donkeylab.classmode import words as class_words
from donkeylab.classmode.dashboard import ClassDashboard
from donkeylab.classroom import ClassStore, question_specs
from donkeylab.classroom.names import pseudonym_in
from tests.classroom.test_cockpit import says, started
from tests.classroom.test_pages import class_store, until


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[ClassStore]:
    yield from class_store(tmp_path, monkeypatch)


def pooled_class(store: ClassStore, lesson: str = "die_choice") -> tuple[ClassDashboard, Any]:
    dash = started(lesson)
    pupil = store.join(dash.code)
    store.answer(dash.code, pupil.id, "free_choice", 0.2)
    store.add_trials(dash.code, pupil.id, "free_choice", 5, 0, {"not": 9_876, "p": 124})
    until(lambda: dash.trials == 10_000)
    return dash, pupil


def test_the_projector_counts_trials_but_shows_no_estimate_before_the_reveal(store: ClassStore) -> None:
    dash, _ = pooled_class(store)
    assert dash.trials_text.startswith("The class has simulated 10,000") and dash.series == []
    state = json.dumps(dash.get_state())
    assert "0.0124" not in state and "0.012" not in state  # 124 of 10,000: the estimate, nowhere on the page
    says(dash, method="reveal")
    until(lambda: dash.series)
    assert dash.series[-1][:2] == [10_000, 0.0124]
    dash.close()


def test_the_teacher_may_show_the_estimate_before_the_reveal_and_hide_it_again(store: ClassStore) -> None:
    dash, _ = pooled_class(store)
    says(dash, method="estimate", shown="yes")  # not a bool: ignored
    assert not dash.show_estimate and dash.series == []
    says(dash, method="estimate", shown=True)
    until(lambda: dash.series)
    assert dash.show_estimate and dash.series[-1][1] == 0.0124
    says(dash, method="estimate", shown=False)
    until(lambda: dash.series == [])
    says(dash, method="estimate", shown=True)
    says(dash, method="next")  # the next question starts hidden again
    until(lambda: dash.current == "four_two")
    assert not dash.show_estimate and dash.series == []
    dash.close()


def test_everyone_to_the_answer_waits_for_the_reveal(store: ClassStore) -> None:
    dash = started("die_choice")
    says(dash, method="pace", section="answer")
    assert dash.pace.get("section") is None, "before the reveal the answer's section would send pupils elsewhere"
    says(dash, method="pace", section="live")
    assert dash.pace["section"] == "live"
    says(dash, method="reveal")
    until(lambda: dash.revealed)
    says(dash, method="pace", section="answer")
    assert dash.pace["section"] == "answer"
    dash.close()


def test_a_pupil_has_one_name_on_their_page_and_on_the_projector(store: ClassStore) -> None:
    dash = started("die_choice")
    pupil = store.join(dash.code)
    until(lambda: dash.roster)
    says(dash, method="lang", lang="de")
    german = pseudonym_in(pupil.name, "de")
    until(lambda: [r["name"] for r in dash.roster] == [german])
    assert german in dash.summary["waiting"] and german != pupil.name
    says(dash, method="remove", name=pupil.name)  # the English name is not what this page shows: nothing
    assert store.roster(dash.code, dash._key)
    says(dash, method="remove", name=german)
    until(lambda: dash.roster == [])
    dash.close()


def test_counts_of_one_take_the_singular_and_one_guess_is_not_half_the_guesses() -> None:
    spec = question_specs("doublet_penalties")["token_risk"]  # 5/28: only 0.2 is within 5 points
    four = cockpit.calibration(spec, [0.1, 0.2, 0.44, 0.9], {}, "de")
    assert four[1] == "1 von 4 Schätzungen lag höchstens 5 Prozentpunkte daneben."
    assert cockpit.calibration(spec, [0.1, 0.2, 0.44, 0.9], {}, "en")[1].startswith("1 of 4 guesses was within")
    one = cockpit.calibration(spec, [0.44], {}, "en")
    assert not any("Half the guesses" in line for line in one) and one[0].startswith("The class's one guess was")
    assert cockpit.calibration(spec, [0.44], {}, "de")[0].startswith("Die eine Schätzung der Klasse lag")
    choice = question_specs("angry_flips")["flip_seven"]
    right = int(choice.exact)
    picked = [float(right), float((right + 1) % len(choice.choices))]
    assert cockpit.calibration(choice, picked, {}, "de")[0] == "1 von 2 Schätzungen hat richtig gewählt."
    assert class_words.counted("calib_within_points", 3, 4) == "calib_within_points"


def test_the_pooled_estimate_is_never_said_to_match_digits_it_does_not_share() -> None:
    """1.2349 % and 1.2351 % round to 1.23 % and 1.24 %: "matches to two decimal places" was false."""
    spec = question_specs("die_choice")["free_choice"]  # 1/81 = 1.2346 %
    hits, trials = 12_353, 1_000_000  # 1.2353 %: 0.0007 points away, rounds to 1.24 %
    line = cockpit.calibration(spec, [], {"p": hits, "not": trials - hits}, "en")[0]
    assert "1.24 %" in line and "matches" not in line and "less than 0.01 percentage points" in line


def test_the_answer_option_has_one_wording_on_the_pupils_page_and_the_dashboard() -> None:
    from donkeylab.core import CATALOGUE

    spec = question_specs("full_games")["shorter"]
    for lang in ("en", "de"):
        lesson = CATALOGUE.render("lesson/full_games/choices.same", {}, lang)
        assert class_words.choice_words(spec, spec.choices.index("same"), lang) == lesson


def test_the_teacher_saves_a_row_per_pupil_only_when_choosing_to(
    store: ClassStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    dash = started("die_choice")
    a, b = store.join(dash.code), store.join(dash.code)
    store.answer(dash.code, a.id, "free_choice", 0.02)
    store.answer(dash.code, a.id, "four_two", 0.5)
    store.answer(dash.code, b.id, "four_two", 0.25)
    store.report(dash.code, a.id, {"step": 3, "tried": [1, 2], "right": [2]})
    sent: list[Any] = []
    monkeypatch.setattr(dash, "send", lambda content, buffers=None: sent.append(content))
    says(dash, method="save", what="csv")
    assert a.name not in sent[0]["download"]["text"]  # the anonymous file: no names
    says(dash, method="save", what="pupils")
    got = sent[1]["download"]
    assert got["name"].endswith("-pupils.csv") and got["type"] == "text/csv"
    rows = list(csv.reader(io.StringIO(got["text"].removeprefix("\ufeff"))))
    assert rows[0] == ["Pupil", "Question 1: guess", "Question 2: guess", "Exercises tried", "Exercises right"]
    by_name = {r[0]: r[1:] for r in rows[1:]}
    assert by_name[a.name] == ["0.02", "0.5", "2", "1"] and by_name[b.name] == ["", "0.25", "0", "0"]
    says(dash, method="lang", lang="de")
    says(dash, method="save", what="pupils")
    # German Excel splits at ";" and reads a decimal comma (a comma-separated file landed in one column)
    german = list(csv.reader(io.StringIO(sent[2]["download"]["text"].removeprefix("\ufeff")), delimiter=";"))
    assert german[0][0] == "Person" and pseudonym_in(a.name, "de") in {r[0] for r in german}
    assert {r[0]: r[1:] for r in german[1:]}[pseudonym_in(a.name, "de")] == ["0,02", "0,5", "2", "1"]
    dash.close()


def test_a_class_of_one_and_an_empty_roster_are_said_as_they_are() -> None:
    """'Seiten bereit für 1 Personen' and 'everyone here has guessed' before anyone joined read as broken."""
    from donkeylab.classmode.cockpit import summary
    from donkeylab.classmode.warm import Warm

    warm = Warm("die_choice", 1, {})
    warm.status = lambda: 1  # type: ignore[method-assign]  # the server's answer: one page ready
    assert warm.words("de") == "Eine Seite bereit für 1 Person"
    assert summary([], [], "en")["waiting"] == "Nobody has joined yet."
    assert summary([], [], "de")["waiting"] == "Noch niemand ist beigetreten."


def test_a_server_with_room_for_fewer_pages_than_the_class_says_so() -> None:
    """A second class started while the first runs gets the places left: 'ready for 28' would be untrue."""
    from donkeylab.classmode.warm import Warm

    warm = Warm("die_choice", 12, {}, asked=28)
    warm.status = lambda: 5  # type: ignore[method-assign]  # the server's answer: five of its twelve ready
    assert warm.words("en") == "Getting pages ready: 5 of 12"
    warm.status = lambda: 12  # type: ignore[method-assign]
    assert warm.words("en") == "Pages ready for 12 of 28 pupils: the server has no room for more"
    assert warm.words("de", joined=3) == "Seiten bereit für 12 von 28 Personen: Der Server hat keinen Platz für mehr"
    assert Warm("die_choice", 28, {}, asked=28).asked == 28


def test_end_class_asks_the_server_to_shut_down_the_pages_no_pupil_took(
    store: ClassStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without it three classes in a row left 73-99 warmed kernels running (7.5 GB)."""
    from donkeylab.classmode import warm as class_warm

    asked: list[tuple[str, str, bool]] = []
    monkeypatch.setattr(
        class_warm, "cool", lambda lesson, code: asked.append((lesson, code, code in store.open_classes()))
    )
    dash = started("doublet_penalties")
    code = dash.code
    says(dash, method="new")  # back to the start screen: the class runs on, its pages stay warm
    assert asked == []
    assert dash.open_class(code)
    says(dash, method="end")
    assert asked == [("doublet_penalties", code, False)]  # after the class is closed: no pupil joins it any more
    dash.close()


def test_the_ready_count_follows_the_server_after_all_were_ready(monkeypatch: pytest.MonkeyPatch) -> None:
    """Once every page was ready the count kept saying so, though pupils took pages and the server culled some."""
    from donkeylab.classmode import warm as warming

    answers = itertools.chain([{"ready": 4}], itertools.repeat({"ready": 2}))
    monkeypatch.setattr(warming, "_ask", lambda _request: next(answers))
    monkeypatch.setattr(warming, "STATUS_EVERY_S", 0.0)
    warm = warming.Warm("die_choice", 4, {"port": 1, "secret": "s"})
    assert warm.status() == 4
    assert warm.status() == 2 and warm.words("en", joined=1) == "Getting pages ready: 3 of 4"


def test_the_start_screen_warms_the_lesson_shown_and_start_hands_it_to_the_class(
    store: ClassStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A class scanning at Start waited for thirty kernels (about half a minute of both cores): the start screen
    asks the server to warm its lesson; another lesson cools the first; Start hands the pool to the class.
    Forged desk messages (a bad lesson or size, a flood) warm nothing more."""
    from donkeylab.classmode import dashboard as dash_module
    from donkeylab.classmode import warm as class_warm

    asked: list[tuple[str, ...]] = []

    langs: list[str] = []

    def start(lesson: str, size: int, code: str = "", desk: str = "", lang: str = "") -> class_warm.Warm:
        asked.append(("warm", lesson, str(size), code or "desk"))
        langs.append(lang)  # the class link's language: the warmed kernels build the pupils' pages in it
        warm = class_warm.Warm(lesson, size, {})
        warm.status = lambda: 0  # type: ignore[method-assign]  # no server to ask
        return warm

    monkeypatch.setattr(class_warm, "start", start)
    monkeypatch.setattr(class_warm, "cool", lambda lesson, code="", desk="": asked.append(("cool", lesson, "desk")))
    monkeypatch.setattr(class_warm, "desk_warms", lambda: True)
    now = [1000.0]
    monkeypatch.setattr(dash_module.time, "monotonic", lambda: now[0])
    dash = ClassDashboard()
    forged: list[dict[str, Any]] = [
        {"lesson": "nope", "size": 30},
        {"lesson": "die_choice", "size": 0},
        {"lesson": "die_choice", "size": 201},
        {"lesson": "die_choice", "size": True},
        {"lesson": "die_choice", "size": 3, "x": 1},
    ]
    for fields in forged:
        says(dash, method="desk", **fields)
    assert asked == []
    says(dash, method="desk", lesson="doublet_penalties", size=30)
    says(dash, method="desk", lesson="die_choice", size=30)  # at once: a flood is not heard
    assert asked == [("warm", "doublet_penalties", "30", "desk")]
    now[0] += dash_module.DESK_GAP_S
    says(dash, method="desk", lesson="die_choice", size=30)
    assert asked[1:] == [("cool", "doublet_penalties", "desk"), ("warm", "die_choice", "30", "desk")]
    asked.clear()
    dash.start_class("die_choice", 30)
    assert [a[0] for a in asked] == ["warm", "cool"] and asked[0][3] == dash.code  # the class's claim first
    assert langs == [dash.lang] * 3
    asked.clear()
    says(dash, method="desk", lesson="die_choice", size=30)  # the dashboard shows the class: no desk
    assert asked == []
    dash.close()


def test_a_warmed_kernel_tells_its_server_its_page_is_built_without_waiting(monkeypatch: pytest.MonkeyPatch) -> None:
    """The id is the kernel's connection file's name, read off its command line; the request leaves in a thread
    (a blocking one delayed the page's build, and the warm-up's widgets outlived their close)."""
    import threading

    from donkeylab.classmode import warm as class_warm

    sent: list[tuple[str, str, dict[str, str] | None]] = []
    done = threading.Event()
    monkeypatch.setattr(
        class_warm, "_send", lambda method, query, body: sent.append((method, query, body)) or done.set()
    )
    monkeypatch.setattr(class_warm, "server_info", lambda: {"port": 1, "secret": "s"})
    monkeypatch.setattr("sys.argv", ["ipykernel_launcher.py", "-f", "/tmp/voila_x/kernel-0a1b2c3d-4e5f.json"])
    class_warm.built()
    assert done.wait(5) and sent == [("POST", "", {"built": "0a1b2c3d-4e5f"})]
    sent.clear()
    monkeypatch.setattr("sys.argv", ["python", "-f"])  # not a kernel's command line: nothing is sent
    class_warm.built()
    assert sent == []
