"""What a pupil's class page shows, from the state of its ``PupilPart``: the card and the headline's lock.

Kept apart from ``class_pupil`` (the connection: store calls, pacing, pooling) so each reads on its own: this
module only turns the part's state into words, in the page's language. A pupil sees their own guesses and their
own closeness, never anyone else's.
"""

from __future__ import annotations

import html
import re
from typing import Any

from donkeylab.classmode.seal import OPENS, kept_words
from donkeylab.classmode.words import answer_words, choice_words, closeness, count_words, say
from donkeylab.classroom import ClassQuestion
from donkeylab.classroom.names import pseudonym_in
from donkeylab.core import CATALOGUE, numbers
from donkeylab.pages.lock import lock_texts


def draw_card(part: Any) -> None:
    """The card: the banner, the class's question of the moment, the pause."""
    lang, card = part.lang, part.card
    if part.alone == "stopped":  # the page is gone
        return
    with card.hold_sync():
        card.texts = {
            "lock": say("lock", lang),
            "in_lesson": say("in_lesson", lang),
            "in_lesson_done": say("in_lesson_done", lang),
            "to_guess": say("to_guess", lang),
            "set_it": say("set_it", lang),
            "decimal": numbers.separators(lang)["decimal"],
            "back": say("server_back", lang),
        } | lock_texts(lang)
        if part.alone is not None:
            why = say(part.alone, lang, code=part.code)
            alone = say("alone", lang, why=why) if part.alone in OPENS else kept_words(part, why)
            card.alone, card.banner, card.pooled, card.question, card.paused = (
                True,
                alone,
                "",
                {},
                "",
            )
            return
        card.alone = False
        if part.pupil is None:
            card.banner, card.pooled, card.question = say("joining", lang, code=part.code), "", {}
            return
        name = pseudonym_in(part.pupil.name, lang)
        card.banner = say("banner", lang, code=part.code, name=name)
        trials = part.trials.get(part.current) or part.trials.get(part.headline.qid, 0)
        card.pooled = say("pooled", lang, trials=count_words(trials, lang)) if trials else ""
        card.question = question_json(part, lang)
        card.paused = say("paused", lang) if part.state.get("paused") else ""
        spec = part.specs[part.current]
        if spec is not part.headline:
            status, kind = status_of(part, spec, lang)
            card.status, card.kind = status, kind
            card.enabled = part.current not in part.revealed and part.current not in part.locked


def draw_lock(part: Any) -> None:
    """The lesson's own prediction's lock: no guess yet, locked in, or closed with the pupil's closeness."""
    lang, lock = part.lang, part.lock
    if part.alone == "stopped":
        return
    lock.label = say("lock", lang)
    if part.alone is not None or part.pupil is None:
        if part.pupil is None:
            lock.status = ""
        return
    # a number's answer is on the prediction's own line below; a choice's there is an explanation, not the pick
    status, kind = status_of(part, part.headline, lang, said_below=not part.headline.whole)
    with lock.hold_sync():
        lock.enabled = part.headline.qid not in part.revealed and part.headline.qid not in part.locked
        lock.kind, lock.status = kind, status
    revealed = part.headline.qid in part.revealed and part.prediction.revealed
    part.prediction.button.description = say("revealed_below" if revealed else "wait_reveal", lang)


def status_of(part: Any, spec: ClassQuestion, lang: str, said_below: bool = False) -> tuple[str, str]:
    """The sentence under a question's lock and its kind. ``said_below``: the lesson's own prediction states the
    answer on the next line once it is revealed, so the lock's sentence does not say it a second time."""
    number = part.locked.get(spec.qid)
    shown = None if number is None else part._shown(spec, number)
    if shown is not None and spec.whole:  # "your guess “about the same” stays": a choice's words read as a name
        shown = say("quoted", lang, text=shown)
    if spec.qid in part.revealed:
        answer = "" if said_below else say("answer_is", lang, answer=answer_words(spec, lang))
        if number is None:
            return " ".join(filter(None, (say("closed_none", lang), answer))), "none"
        parts = (say("closed_locked", lang, value=shown), answer, closeness(spec, number, lang))
        return " ".join(filter(None, parts)), "closed"
    if shown is not None:
        return say("locked", lang, value=shown), "locked"
    return say("no_guess", lang), "none"


def question_json(part: Any, lang: str) -> dict[str, Any]:
    """The card's question: its number, words, input and whether it is the lesson's own prediction."""
    spec = part.specs[part.current]
    order = list(part.specs)
    index = order.index(spec.qid) + 1
    prompt = plain(CATALOGUE.render(spec.prompt, {}, lang)) if spec.prompt in CATALOGUE.messages else ""
    return {
        "index": index,
        "count": len(order),
        "of": say("question_of", lang, i=index, n=len(order)),
        "headline": spec is part.headline,
        "revealed": spec.qid in part.revealed,
        "prompt": prompt,
        "kind": spec.kind,
        "low": spec.low,
        "high": spec.high,
        "step": spec.step,
        "options": [[c, choice_words(spec, i, lang)] for i, c in enumerate(spec.choices)],
        "unit": CATALOGUE.render(spec.unit, {}, lang) if spec.unit else "",
        "locked": part.locked.get(spec.qid),  # the pupil's own locked guess: shown on the input after a reload
    }


def plain(text: str) -> str:
    """A catalogue sentence without its HTML (a card draws text, never HTML)."""
    return html.unescape(re.sub(r"<[^>]+>", "", text))
