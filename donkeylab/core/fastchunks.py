"""The numpy plumbing every game's fast path shares: seeded generators and fixed-size chunks (the one module of
core that imports numpy; only the fast paths import it).

Chunks have a FIXED size (not a caller's batch size) and chunk c draws from its own generator
``PCG64([seed, c])``, so a result depends only on (seed, N), and every full chunk of a run of N trials is the
same chunk in a run of 2N: live plots may stream chunk by chunk and still match a one-shot run. (Inside a
chunk numpy draws column by column, so a partial last chunk is not a prefix of a longer one.)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, TypeVar

import numpy as np
import numpy.typing as npt

CHUNK = 1 << 18  # 262,144 trials: large enough for numpy to amortise, small enough to bound a chunk's memory

T = TypeVar("T")
IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]


def generator(seed: int, chunk: int = 0) -> np.random.Generator:
    """The generator of chunk ``chunk`` of a run seeded ``seed`` (``numpy.random.PCG64``)."""
    return np.random.Generator(np.random.PCG64([seed, chunk]))


def chunks(n: int) -> Iterator[tuple[int, int]]:
    """``(chunk index, size)`` pairs covering ``n`` trials."""
    if n < 0:
        raise ValueError(f"n must be >= 0, not {n}")
    for i, start in enumerate(range(0, n, CHUNK)):
        yield i, min(CHUNK, n - start)


def run_chunked(
    n: int, seed: int, one: Callable[[np.random.Generator, int], T], on_chunk: Callable[[int, T], Any] | None = None
) -> list[T]:
    """Call ``one(rng, size)`` per chunk; ``on_chunk(done, result)`` lets a caller stream partial results."""
    out: list[T] = []
    done = 0
    for i, size in chunks(n):
        res = one(generator(seed, i), size)
        out.append(res)
        done += size
        if on_chunk is not None:
            on_chunk(done, res)
    return out


POPCOUNT6: IntArray = np.array([bin(m).count("1") for m in range(64)], dtype=np.int64)
