"""The rollout tests' own shuffle: ``random.shuffle``'s result and draws, for every length a test shuffles."""

from __future__ import annotations

import random

import pytest

from tests.chances_kit import shuffle


@pytest.mark.parametrize("seed", range(5))
def test_shuffle_is_random_shuffle(seed: int) -> None:
    ours, theirs = random.Random(seed), random.Random(seed)
    for n in [*range(0, 70), 5, 1, 0, 64, 65, 129]:
        mine, other = list(range(n)), list(range(n))
        shuffle(ours, mine)
        theirs.shuffle(other)
        assert mine == other, n
        assert ours.random() == theirs.random()  # the same draws: both generators stand at the same place
