"""Golden widget playthroughs: what a pupil clicking Step sees, recorded for one seeded game per game.

Each line is one click: cursor (``index.substep``), the bar's sentence (phase or the event being walked),
notice and error, and a hash of the full snapshot; every 10th click also records the snapshot itself, so a
changed view contract shows up as a readable diff. Rewrite after an intended change with
``python -m tests.widgets.golden`` (``make playthroughs`` does both kinds), then read the diff.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

from donkeylab.widgets import Stepper

HERE = Path(__file__).resolve().parents[1] / "playthroughs"
CASES = {
    "widgets_double_donkey_3p_de": ("double_donkey", 3, 5, "de"),
    "widgets_double_down_4p_en": ("double_down", 4, 2, "en"),
    "widgets_esels_rennen_3p_en": ("esels_rennen", 3, 0, "en"),
}
CLICKS = 120


def widget_playthrough_text(game: str, players: int, seed: int, lang: str) -> str:
    st = Stepper(game, players, seed=seed, lang=lang)
    lines = [f"# widgets: game={game} players={players} seed={seed} lang={lang} clicks={CLICKS}"]
    for click in range(CLICKS + 1):
        if click:
            st.step()
        snap = st.full_snapshot()
        text = json.dumps(snap, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
        events = snap["events"]
        sentence = events[st.substep - 1]["text"] if 0 < st.substep < len(events) else snap["phase_text"]
        digest = hashlib.sha256(text.encode()).hexdigest()[:16]
        lines.append(f"{click} {st.index}.{st.substep} {digest} | {sentence} | {st.notice} | {st.error}")
        if click % 10 == 0:
            lines.append(f"    {text}")
    return "\n".join(lines) + "\n"


def golden_path(name: str) -> Path:
    return HERE / f"{name}.txt"


def main(names: list[str]) -> None:
    for name in names or sorted(CASES):
        golden_path(name).write_text(widget_playthrough_text(*CASES[name]), encoding="utf-8")
        print(f"wrote {golden_path(name)}")


if __name__ == "__main__":
    main(sys.argv[1:])
