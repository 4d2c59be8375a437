"""Reading the hidden total of Double Down's others' play exactly, where a rule needs it (``window``).

The number cards the others play are kept as a count whose sum is not known (``sums``). A rule that reads the
total — a bust before a −10, a doublet that may put a seat out — splits the position exactly with signed weights:
the whole position goes on as if the rule said "no", and for the few multisets of the hidden cards for which it
says "yes" that multiset is revealed, taken off and added back with the "yes" consequence. ``Readings`` holds
these splits; ``window._Search`` plays on with them.
"""

from __future__ import annotations

from donkeylab.double_down.deck import BUST_AT
from donkeylab.double_down.sums import STEPS, Combo, Counts, TooMany, falling
from donkeylab.double_down.table import LISTING_STEP, NEVER, Branch, Mark, Table


def _cuts(marks: tuple[Mark, ...]) -> tuple[int, ...]:
    """The numbers of cards at which the marks read the sum (and the one before a hidden card's mark)."""
    cuts = {p for _, p, _, _ in marks}
    cuts |= {p - 1 for _, p, _, hid in marks if hid and p > 1}
    return tuple(sorted(cuts))


class Readings:
    """The splits of one search on what the hidden number cards add up to; ``work`` counts what they cost."""

    def __init__(self, table: Table) -> None:
        self.t = table
        self.work = 0  # multisets listed and positions split off: charged to the budget

    def _hit(self, mark: Mark, at: dict[int, int]) -> bool:
        """Whether the play at ``mark`` announced a doublet, the sums at the cuts being ``at``."""
        _, p, base, hidden = mark
        total = base + at[p]
        if total not in self.t.doublets:
            return False
        return not hidden or self.t.repeat_penalty or at[p] > at.get(p - 1, 0)

    def _targets(self, mark: Mark) -> frozenset[int]:
        """The sums at a mark's cut that make it a doublet (the non-0 condition is checked apart)."""
        return frozenset(v - mark[2] for v in self.t.doublets if v - mark[2] >= 0)

    def _listed(
        self,
        revealed: Counts,
        cuts: tuple[int, ...],
        lo: int,
        hi: int,
        allowed: dict[int, frozenset[int]] | None = None,
    ) -> list[Combo]:
        steps = STEPS[0]
        found = self.t.combos(revealed, cuts, lo, hi, allowed)
        self.work += (STEPS[0] - steps) // LISTING_STEP
        if found is None:
            raise TooMany  # the position is left unresolved
        self.work += len(found)
        return found

    def _cuts(self, br: Branch, upto: int) -> tuple[int, ...]:
        """The cuts a reading of the first ``upto`` hidden cards needs: every mark and the pending bust check up
        to there, and ``upto`` itself."""
        cuts = {p for p in _cuts(br[5]) if p <= upto} | {upto}
        if br[6] and br[6][0] <= upto:
            cuts.add(br[6][0])
        return tuple(sorted(cuts))

    def _reveal(self, br: Branch, combo: Combo, cuts: tuple[int, ...], den: int, sign: int) -> Branch | None:
        """``br`` with its first ``cuts[-1]`` hidden number cards revealed as ``combo``: the marks up to there
        read (each doublet costs that seat a life; a seat whose lives reach 0 is put out at its next turn or
        when the turn comes back, see ``_resolve``), the later ones and the bust check moved on; None when the
        pending bust check says the round had ended."""
        num, d, revealed, u, known, marks, bust, lives, out = br
        w, multiset, sums = combo
        at = dict(zip(cuts, sums, strict=True))
        upto, total = cuts[-1], sums[-1]
        if bust:
            if bust[0] <= upto:
                if bust[1] + at[bust[0]] >= BUST_AT:
                    return None
                bust = ()
            else:
                bust = (bust[0] - upto, bust[1] + total)
        left = list(lives)
        kept: list[Mark] = []
        for mark in marks:
            if mark[1] <= upto:
                if self._hit(mark, at):
                    left[mark[0]] -= 1
            else:
                kept.append((mark[0], mark[1] - upto, mark[2] + total, mark[3]))
        new_rev = tuple(a + b for a, b in zip(revealed, multiset, strict=True))
        return (sign * num * w, d * den, new_rev, u - upto, known + total, tuple(kept), bust, tuple(left), out)

    def _possibly_out(self, br: Branch, seat: int) -> bool:
        """Whether ``seat``'s hidden doublets may have put it out (its lives at most its marks)."""
        left = br[7][seat]
        return left < NEVER and left <= sum(1 for mk in br[5] if mk[0] == seat)

    def _resolve(self, br: Branch, seats: tuple[int, ...]) -> list[tuple[Branch, bool]]:
        """Split ``br`` on whether ``seats`` are all out (each seat's doublets at its marks reach its lives),
        with signed weights: (the position as if not, False), and for the few multisets of the hidden number
        cards up to the seats' last mark for which they are, that multiset revealed as if not with weight
        taken off (False) and added back (True). Putting a seat out at the moment something depends on it
        (its next turn, or the end of this window) rather than at its doublet changes nothing in between, and
        every copy applies the same rule, so the copies that assume "not yet" cancel."""
        lives, marks = br[7], br[5]
        if all(lives[s] <= 0 for s in seats):
            return [(br, True)]
        mine = [mk for mk in marks if mk[0] in seats]
        upto = max(mk[1] for mk in mine)
        cuts = self._cuts(br, upto)
        allowed: dict[int, frozenset[int]] = {}
        for s in seats:
            own = [mk for mk in mine if mk[0] == s]
            if lives[s] == len(own):  # every mark must be a doublet
                for mk in own:
                    i = cuts.index(mk[1])
                    allowed[i] = allowed.get(i, self._targets(mk)) & self._targets(mk)
        last = allowed.get(len(cuts) - 1)
        lo, hi = (min(last), max(last) + 1) if last else (0, self.t.cap + 200)
        if last is not None and not last:
            return [(br, False)]
        den = falling(self.t.adds_of(br[2]).total, upto)
        out: list[tuple[Branch, bool]] = [(br, False)]
        for combo in self._out_combos(br, seats, mine, cuts, (lo, hi), allowed):
            b = self._reveal(br, combo, cuts, den, -1)
            if b is not None:
                out.append((b, False))
                out.append(((-b[0], *b[1:]), True))
        return out

    def _out_combos(
        self,
        br: Branch,
        seats: tuple[int, ...],
        mine: list[Mark],
        cuts: tuple[int, ...],
        bounds: tuple[int, int],
        allowed: dict[int, frozenset[int]],
    ) -> list[Combo]:
        """The multisets of the hidden number cards up to ``cuts[-1]`` that put every one of ``seats`` out
        (its doublets at its marks ``mine`` reach its lives); cached per decision point, the listing charged to
        the work as often as it is asked for."""
        lives = br[7]
        key = (br[2], cuts, bounds, seats, tuple(mine), tuple(lives[s] for s in seats))
        cached = self.t.out_combos.get(key)
        if cached is not None:
            self.work += cached[1]
            return cached[0]
        own = [(lives[s], [mk for mk in mine if mk[0] == s]) for s in seats]
        listed = self._listed(br[2], cuts, bounds[0], bounds[1], allowed or None)
        found = []
        for combo in listed:
            at = dict(zip(cuts, combo[2], strict=True))
            if all(sum(self._hit(mk, at) for mk in marks) >= left for left, marks in own):
                found.append(combo)
        self.t.out_combos[key] = (found, len(listed))
        return found

    def _bust_check(self, br: Branch, out: list[Branch]) -> None:
        """A −10 is played: the round had ended if the total had reached 77 before it (DN-BUST-1). With hidden
        number cards the check is left pending (``Bust``) until the turn comes back or the total is read; a
        check already pending is settled here unless no number card came since (the older check then covers
        the newer): the position goes on, and the multisets for which the older check fails while the newer
        passes are taken off."""
        num, d, revealed, u, known, marks, bust, lives, seats_out = br
        if not u:
            if known < BUST_AT:
                out.append(br)
            return
        if known + self.t.least(revealed, u) >= BUST_AT:  # a bust whatever they are
            return
        if not bust:
            out.append((num, d, revealed, u, known, marks, (u, known), lives, seats_out))
            return
        p, base = bust
        if p == u:
            out.append(br)
            return
        out.append((num, d, revealed, u, known, marks, (u, known), lives, seats_out))
        old = (num, d, revealed, u, known, marks, (), lives, seats_out)
        cuts = tuple(sorted(set(self._cuts(old, u)) | {p}))
        den = falling(self.t.adds_of(revealed).total, u)
        for combo in self._listed(revealed, cuts, max(0, BUST_AT - base), max(0, BUST_AT - known)):
            if base + combo[2][cuts.index(p)] < BUST_AT:
                continue
            b = self._reveal(old, combo, cuts, den, -1)
            if b is not None:
                out.append(b)

    def _doublet(self, br: Branch, seat: int, hidden: int) -> Branch:
        """``seat`` announces a total (a number card, a −10, or a repeat under ``repeat_doublet_penalty``): a
        doublet costs it a life and the last one puts it out (DN-DOUBLET-1, DN-TOKEN-1). With the total known
        that is settled now; else the play is marked, to be read when something depends on it."""
        num, d, revealed, u, known, marks, bust, lives, out = br
        if not u:
            if known in self.t.doublets:
                left = lives[seat] - 1
                lives = lives[:seat] + (left,) + lives[seat + 1 :]
                if left <= 0:
                    out |= 1 << seat
            return (num, d, revealed, u, known, marks, bust, lives, out)
        marks = tuple(sorted((*marks, (seat, u, known, hidden))))
        return (num, d, revealed, u, known, marks, bust, lives, out)
