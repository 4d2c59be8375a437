"""Lesson 5's measured seat fairness: with random bots no seat wins more often, so a gap between two seats in the
page's small table is the luck of that run (a 200-game table can show two seats' win rates intervals apart, and
pupils read such a gap as a seat advantage).

Its own module because both the lesson's going further (``full_games``) and the table's warning (``full_widgets``)
state these figures, and ``full_games`` imports ``full_widgets``.
"""

from __future__ import annotations

from donkeylab.pages.words import percent, whole

# No seat wins more often with random bots (a small table's gap would read as a seat advantage): each seat's
# win rate in 10,000 seeded games per rule set, ``run_experiment(
# ExperimentSpec("double_donkey", 4, 10000, seed=99, rules={"variant": v}, bots=("Random",), batch_size=500))
# .win_rate(seat)`` (value, low, high of its Wilson 95 % CI), seats 1 to 4.
MEASURED_SEAT_GAMES = 10_000
MEASURED_SEATS: dict[str, tuple[tuple[float, float, float], ...]] = {
    "english": ((0.309, 0.300, 0.318), (0.315, 0.306, 0.324), (0.318, 0.309, 0.327), (0.318, 0.309, 0.327)),
    "german": ((0.320, 0.311, 0.329), (0.326, 0.317, 0.335), (0.320, 0.311, 0.330), (0.322, 0.313, 0.331)),
}


def low_high(lang: str) -> tuple[str, str]:
    """The lowest and highest stored seat win rate, as the page writes them ("31 %", "33 %")."""
    values = [value for seats in MEASURED_SEATS.values() for value, _, _ in seats]
    return percent(min(values), lang, 0), percent(max(values), lang, 0)


def games(lang: str) -> str:
    """How many games per rule set the stored run played ("10,000" / "10.000")."""
    return whole(MEASURED_SEAT_GAMES, lang)
