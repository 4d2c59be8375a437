"""``RuleExplainer``: the "why?" card — the rule behind the latest event, in plain words and in the rulebook's.

Every event names a rule ID; this widget turns it into a title and a sentence (English or German) and the
verbatim rulebook passage it comes from (``donkeylab.rulebook``). Python fills every text into synced traits,
so the front end (``widgets/explainer.js``) only draws them and holds no rule and no translation.

Given a stepper (any object with the traitlets ``snapshot``, ``lang`` and optionally ``substep``, such as
``Stepper``), the explainer follows it: it shows the rule of the latest event on screen and speaks the
stepper's language. It is duck-typed on purpose, so it works with any step-through widget built on the
snapshot contract of ARCHITECTURE.md.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import anywidget
import traitlets as t

from donkeylab import rulebook
from donkeylab.core.messages import LANGUAGES
from donkeylab.core.say import texts
from donkeylab.widgets import assets
from donkeylab.widgets.guard import PageGuard
from donkeylab.widgets.kit import KitUser

FOLLOWED = ("snapshot", "substep", "lang")  # the stepper traits the explainer observes (substep is optional)

_MESSAGES = {
    "ui/explainer/heading": ("Why did that happen?", "Warum ist das passiert?"),
    "ui/explainer/hint": (
        "Step through a game: the rule behind each move appears here.",
        "Geh Schritt für Schritt durch ein Spiel: Hier erscheint die Regel hinter jedem Zug.",
    ),
    "ui/explainer/ruling": (
        "Our ruling: the rulebook does not say this exactly. Here are the words we read it from:",
        "Unsere Festlegung: Die Spielregel sagt das nicht genau. Hier sind die Worte, aus denen wir sie lesen:",
    ),
    "ui/explainer/reconstruction": (
        "Our reconstruction: the rulebook does not describe this. Here are the words we built it on:",
        "Unsere Rekonstruktion: Die Spielregel beschreibt das nicht. Hier sind die Worte, auf denen sie aufbaut:",
    ),
    "ui/explainer/badge/ruling": ("our ruling", "unsere Festlegung"),
    "ui/explainer/badge/reconstruction": ("our reconstruction", "unsere Rekonstruktion"),
    "ui/explainer/english_quote": (
        "Quoted from the English rulebook (there is no German passage for this rule).",
        "Zitat aus der englischen Spielregel (dazu gibt es keine deutsche Stelle).",
    ),
    "ui/explainer/translation": (
        "Our own translation of the English rulebook's words.",
        "Unsere eigene Übersetzung der Worte aus der englischen Spielregel.",
    ),
    "ui/explainer/translated_source": ("{source} (translated)", "{source} (übersetzt)"),
}
_say = texts("", _MESSAGES, terms=True)  # _say(key, lang): the explainer's words in ``lang``


def latest_rule(snapshot: Mapping[str, Any], substep: int | None) -> str | None:
    """The rule ID of the latest shown event the rulebook knows (``None`` if no shown event has one).

    ``substep`` is how many of the snapshot's events are on screen; ``None`` means all of them.
    """
    found = latest_event(snapshot, substep)
    return None if found is None else rulebook.base_id(found[0])


def latest_event(snapshot: Mapping[str, Any], substep: int | None) -> tuple[str, str | None] | None:
    """The rule and event key of the latest shown event the rulebook knows (``None`` if none has one)."""
    events: Sequence[Any] = snapshot.get("events") or ()
    shown = events if substep is None else events[: max(substep, 0)]
    for event in reversed(shown):
        rule_id = event.get("rule") if isinstance(event, Mapping) else None
        if isinstance(rule_id, str) and _known(rule_id):
            key = event.get("key")
            return rule_id, key if isinstance(key, str) else None
    return None


def _known(rule_id: str) -> bool:
    try:
        rulebook.rule(rule_id)
    except KeyError:
        return False
    return True


class RuleExplainer(KitUser, PageGuard, anywidget.AnyWidget):
    """The rule card: ``RuleExplainer().show("DD-DICE-2")``, or ``RuleExplainer(stepper)`` to follow a game.

    ``lang="de"`` shows the German sentence and, where the German rulebook has one, the German passage.
    """

    _esm = assets.asset("explainer.js")
    _css = assets.asset("explainer.css")
    page_writable = frozenset({"lang"})  # everything else is filled in by the kernel

    rule = t.Unicode("", help="the rule ID shown, e.g. 'DD-DICE-2' (empty: no rule yet)").tag(sync=True)
    title = t.Unicode("", help="a short name of the rule, in lang").tag(sync=True)
    sentence = t.Unicode("", help="the rule in plain words, in lang").tag(sync=True)
    passage = t.Unicode("", help="the rulebook's own words, quoted verbatim (several quotes joined)").tag(sync=True)
    source = t.Unicode("", help="the seed rulebook file the passage is quoted from").tag(sync=True)
    passage_lang = t.Unicode("", help="language of the passage ('en' or 'de'), for screen readers").tag(sync=True)
    note = t.Unicode("", help="in lang: says when the rule is our ruling or reconstruction, or an English quote").tag(
        sync=True
    )
    basis_label = t.Unicode("", help="in lang: 'our ruling' / 'our reconstruction' beside the badge, else empty").tag(
        sync=True
    )
    heading = t.Unicode("", help="the card's caption, in lang").tag(sync=True)
    hint = t.Unicode("", help="what the card says before any rule is shown, in lang").tag(sync=True)
    lang = t.Enum(LANGUAGES, "en", help="language of title, sentence and labels: 'en' or 'de'").tag(sync=True)

    def __init__(self, stepper: Any = None, lang: str = "en", **kwargs: Any) -> None:
        if stepper is not None and not (isinstance(stepper, t.HasTraits) and stepper.has_trait("snapshot")):
            raise TypeError(f"RuleExplainer follows a widget with a 'snapshot' trait, not {type(stepper).__name__}")
        self._stepper: Any = stepper
        self._followed: list[str] = []
        self._key: str | None = None  # the event key shown (its case may be the rulebook's though the rule is ours)
        super().__init__(lang=lang, **self._kit_traits(), **kwargs)
        self._render()
        if stepper is not None:
            self._followed = [n for n in FOLLOWED if stepper.has_trait(n)]
            stepper.observe(self._follow, names=self._followed)
            self._follow()

    def _page_says(self, text: str) -> None:
        """The card has no message area: a followed Stepper shows the sentence."""
        says = getattr(self._stepper, "_page_says", None)
        if callable(says):
            says(text)

    @property
    def stepper(self) -> Any:
        """The stepper this explainer follows, or ``None``."""
        return self._stepper

    def show(self, rule_id: str) -> None:
        """Show rule ``rule_id`` (an event key such as ``"DN-DOUBLET-1/swim"`` shows its base rule).

        An ID that is not in RULES.md raises ``KeyError`` naming it and leaves the card as it was.
        """
        found = rulebook.rule(rule_id)
        with self.hold_sync():  # the ID and its texts reach the browser in one message
            self._key = rule_id if "/" in rule_id else None
            self.rule = found.id
            self._render()

    def clear(self) -> None:
        """Show no rule (the card shows ``hint``)."""
        self.rule = ""

    @t.validate("rule")
    def _valid_rule(self, proposal: Any) -> str:
        value = proposal["value"]
        if value == "":
            return ""
        try:
            return rulebook.rule(value).id
        except KeyError as exc:
            raise t.TraitError(exc.args[0]) from None

    @t.observe("rule", "lang")
    def _on_change(self, _change: Any) -> None:
        self._render()

    def _render(self) -> None:
        """Fill every text trait for ``rule`` in ``lang`` (one message to the browser)."""
        lang = self.lang
        with self.hold_sync():
            self.heading = _say("ui/explainer/heading", lang)
            self.hint = _say("ui/explainer/hint", lang)
            if not self.rule:
                self.title = self.sentence = self.passage = self.source = self.passage_lang = self.note = ""
                self.basis_label = ""
                return
            r = rulebook.rule(self.rule)
            quotes = r.quotes(lang)
            self.title = r.title(lang)
            self.sentence = r.sentence(lang)
            self.passage = "\n\n".join(q.text for q in quotes)
            sources = ", ".join(dict.fromkeys(q.source for q in quotes))
            translated = any(q.translated for q in quotes)
            self.source = _say("ui/explainer/translated_source", lang, source=sources) if translated else sources
            self.passage_lang = quotes[0].lang
            basis = r.basis_for(self._key)
            self.note = self._note(r, lang, quotes[0].lang, basis, translated)
            self.basis_label = "" if basis == "rulebook" else _say(f"ui/explainer/badge/{basis}", lang)

    @staticmethod
    def _note(r: rulebook.Rule, lang: str, quoted: str, basis: str, translated: bool = False) -> str:
        notes = []
        if basis != "rulebook":
            notes.append(_say(f"ui/explainer/{basis}", lang))
            if r.why is not None:
                notes.append(r.why.get(lang))
        if quoted != lang:
            notes.append(_say("ui/explainer/english_quote", lang))
        elif translated:
            notes.append(_say("ui/explainer/translation", lang))
        return " ".join(notes)

    def _follow(self, _change: Any = None) -> None:
        """The stepper moved or changed language: show the rule of its latest shown event."""
        stepper = self._stepper
        lang = getattr(stepper, "lang", None)
        snapshot = getattr(stepper, "snapshot", None) or {}
        substep = getattr(stepper, "substep", None) if "substep" in self._followed else None
        with self.hold_sync():
            if lang in LANGUAGES:
                self.lang = lang
            found = latest_event(snapshot, substep)
            if found is not None:
                self._key = found[1]
                self.rule = rulebook.base_id(found[0])
                self._render()  # the same rule may show another case (ER-CHAIN-2: own colour, or the board's edge)
            elif not (snapshot.get("events") or ()) or substep == 0:
                self.clear()  # nothing has happened on screen yet (the start of a game)
            # else: only events the rulebook lacks are shown; the previous rule stays

    def close(self, _finalizing: Callable[[], bool] = sys.is_finalizing) -> None:
        """Stop following the stepper, then close the widget (not at interpreter exit: ipywidgets' registry
        is gone by then, and the garbage collector's call would only print an ignored AttributeError). The
        check is bound as a default: by then this module's globals, ``sys`` included, may already be None."""
        if _finalizing is None or _finalizing():
            return
        stepper = getattr(self, "_stepper", None)
        if stepper is not None:
            stepper.unobserve(self._follow, names=self._followed)
            self._stepper = None
        super().close()

    def __repr__(self) -> str:
        return f"RuleExplainer(rule={self.rule!r}, lang={self.lang!r})"
