"""Every word of the lab's figures, in English and German (keys ``figure/…`` in the shared catalogue).

A ``LivePlot`` on a German page must not show an English figure: titles, axis titles, legend entries and category labels
are looked up here by key and language, never written into a figure builder. A figure says things in words, never by a
code name (a pupil reads the figure, not the code): a packaged board is "the mini board", not 'tiny_chain'; a phase-1
policy is "bots choosing at random", not "policy random"; a variant is "English rules"; a title names no rule IDs (the
rules a simulation plays are the question's ``rules``, for the lab's tests and notebooks).

Counts in a figure are written the way the language writes them (``number``: 50,000 / 50.000); German
figures also get a decimal comma on their axes and hover labels (``separators``).
"""

from __future__ import annotations

from typing import Any

from donkeylab.core import numbers
from donkeylab.core.say import texts

WORDS: dict[str, tuple[str, str]] = {
    # figures.py: the grammar every figure shares
    "probability": ("probability", "Wahrscheinlichkeit"),
    "exact": ("exact", "exakt"),
    "simulated": ("simulated", "simuliert"),
    "sim_bar": ("{name} (n={n}, 95% interval)", "{name} (n={n}, 95-%-Intervall)"),
    "series_exact": ("{name}: exact", "{name}: exakt"),
    "series_simulated": ("{name}: simulated", "{name}: simuliert"),
    "choose": ("choose {colour}", "{colour} wählen"),
    # the lessons' word for a band or a whisker, a proportion's (Wilson's: it holds the true value about 95 times
    # in 100 once the event is expected 10 times, as the lessons say; the usual ±1.96·SE band does not: 46 in 100
    # at p = 1/81, N = 50) or a mean's, without "CI", "confidence" or the name of a method: pupils are 13 to 15
    "ci_band": ("95% interval", "95-%-Intervall"),
    "estimate": ("simulated estimate", "simulierter Schätzwert"),
    "trials_axis": ("number of trials N", "Anzahl der Durchgänge N"),
    "nothing_yet": ("Nothing simulated yet", "Noch nichts simuliert"),  # Start may be held: its note says why
    "exact_is": ("exact = {value}", "exakt = {value}"),
    "exact_about": ("exact ≈ {value}", "exakt ≈ {value}"),
    "race_title": (
        "Esels-Rennen: probability of each finishing order",
        "Esels-Rennen: Wahrscheinlichkeit jeder Reihenfolge im Ziel",
    ),
    "race_axis": ("finishing order (1st-2nd-3rd)", "Reihenfolge im Ziel (1.–2.–3.)"),
    "estimated": ("estimated probability", "geschätzte Wahrscheinlichkeit"),
}
# ``say(key, lang, **data)``: the figure text ``key`` in ``lang``, ``data`` filled in as given (not
# ``CATALOGUE.render``: the values here, series names and colours, are already in ``lang``).
say = texts("figure/", WORDS)


def number(x: int, lang: str) -> str:
    """A count as the language writes it: 25,000 in English, 25.000 in German."""
    return numbers.whole(x, lang)


def separators(lang: str) -> dict[str, Any]:
    """Layout settings for plotly's own numbers (ticks, hover labels): German gets ``0,25`` and ``1.000``;
    English gets nothing, so an English figure keeps plotly's default exactly."""
    marks = numbers.separators(lang)
    return {} if marks == numbers.separators("en") else {"separators": marks["decimal"] + marks["group"]}
