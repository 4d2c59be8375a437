// Double Donkey: every seat's hand (teacher view) or one seat's (seat view), personal piles, who has chosen,
// the cards revealed with their values under the dice, and the Biggest Donkey.
// The player to act clicks 1–3 cards of their hand, then "Play"; the engine judges the choice.

/** What the walked events have shown so far: card values, the reveal and the Biggest Donkey come one by one. */
function momentOf(snap, st) {
  const events = snap.events || [];
  const sub = st.get("substep");
  const hiddenValues = new Set();
  let revealLater = false;
  let biggestLater = false;
  events.forEach((e, i) => {
    if (i < sub) return;
    if (e.rule === "DD-VALUE-1" && e.data && e.data.card_id !== undefined) hiddenValues.add(e.data.card_id);
    if (e.key === "DD-PLAY-1/reveal") revealLater = true;
    if (e.rule === "DD-BIGGEST-1" || e.rule === "DD-BIGGEST-2") biggestLater = true;
  });
  return { hiddenValues, revealLater, biggestLater };
}

function cardEl(card, palette, st, opts = {}) {
  const cols = card.colours || [];
  const fill = (c) => (palette[c] || {}).hex || "#ccc";
  const stripes = cols.length === 1 ? `background:${fill(cols[0])}` : `background:linear-gradient(135deg, ${fill(cols[0])} 0 50%, ${fill(cols[1])} 50% 100%)`;
  const hidden = opts.moment && opts.moment.hiddenValues.has(card.id);
  const value = hidden || card.value === null || card.value === undefined ? "?" : String(card.value);
  const el = h(opts.onclick ? "button" : "div", {
    class: `dl-dd-card${card.angry ? " dl-angry" : ""}${opts.selected ? " dl-selected" : ""}`,
    type: opts.onclick ? "button" : null,
    "data-card": card.id,
    "aria-pressed": opts.onclick ? (opts.selected ? "true" : "false") : null,
    "aria-label": `${card.label}: ${card.value ?? tr(st, "value not known yet", "Wert noch offen")}`,
    title: card.label,
    onclick: opts.onclick || null,
  },
  h("span", { class: "dl-dd-colours", style: stripes }, card.angry ? h("span", { class: "dl-angry-face" }, tr(st, "ANGRY", "WÜTEND")) : ""),
  h("span", { class: "dl-dd-label" }, card.label),
  h("span", { class: "dl-dd-value", title: tr(st, "points under the dice on the Hay card", "Punkte mit den Würfeln auf der Misthaufen-Karte") }, value),
  );
  return el;
}

/** The card ids of each legal Play, read from the action texts the snapshot lists. */
function legalPlays(snap) {
  return (snap.legal || [])
    .filter((a) => a.action.startsWith("Play("))
    .map((a) => {
      const inner = a.action.slice(a.action.indexOf("(", 5) + 1, a.action.lastIndexOf(")"));
      return { action: a.action, label: a.label, ids: inner.split(",").map((x) => x.trim()).filter((x) => x !== "" && x !== ")").map(Number).sort((p, q) => p - q) };
    });
}

function seatBox(p, snap, st, palette, ui) {
  const t = snap.table;
  const moment = momentOf(snap, st);
  const acting = snap.current_player === p.seat;
  const hand = t.hands[p.seat];
  // While the Stepper walks the events of the last action, the choices wait for its end (as in the bar).
  const walking = (snap.events || []).length > 1 && st.get("substep") < snap.events.length;
  const plays = acting && !walking ? legalPlays(snap) : [];
  const box = h("section", { class: `dl-dd-seat${acting ? " dl-acting" : ""}`, "aria-label": p.name });
  const chosen = t.chosen?.[p.seat];
  const head = h("div", { class: "dl-dd-head" },
    h("span", { class: "dl-seat-name" }, p.name),
    t.biggest === p.seat && !moment.biggestLater ? h("span", { class: "dl-badge dl-biggest" }, tr(st, "★ Biggest Donkey", "★ Oberesel")) : "",
    (snap.winners || []).includes(p.seat) ? h("span", { class: "dl-badge dl-win" }, tr(st, "winner", "Sieger")) : "",
    snap.phase === "play" ? h("span", { class: "dl-badge" }, chosen ? tr(st, "✓ chosen", "✓ gewählt") : tr(st, "choosing…", "wählt…")) : "",
    h("span", { class: "dl-pile", title: tr(st, "personal pile", "eigener Stapel") }, tr(st, `pile ${t.pile_sizes[p.seat]}`, `Stapel ${t.pile_sizes[p.seat]}`)),
  );
  box.append(head);
  const row = h("div", { class: "dl-dd-hand" });
  if (hand === null || hand === undefined) {
    for (let i = 0; i < t.hand_sizes[p.seat]; i++) row.append(h("div", { class: "dl-dd-card dl-back", "aria-label": tr(st, "hidden card", "verdeckte Karte") }));
  } else {
    for (const card of hand) {
      const selected = ui.picked.has(card.id) && acting;
      const onclick = plays.length
        ? () => {
            if (ui.picked.has(card.id)) ui.picked.delete(card.id);
            else ui.picked.add(card.id);
            ui.redraw();
          }
        : null;
      row.append(cardEl(card, palette, st, { selected, onclick }));
    }
  }
  box.append(row);
  if (plays.length) {
    const ids = [...ui.picked].sort((a, b) => a - b);
    const match = plays.find((pl) => pl.ids.length === ids.length && pl.ids.every((x, i) => x === ids[i]));
    const action = match ? match.action : `Play(${p.seat}, (${ids.join(", ")}${ids.length === 1 ? "," : ""}))`;
    box.append(h("button", {
      class: "dl-btn dl-step dl-play-cards",
      type: "button",
      disabled: ids.length === 0,
      "data-action": action,
      onclick: () => {
        ui.picked.clear();
        send(st, { method: "play", action });
      },
    }, ids.length ? tr(st, `Play ${ids.length} card(s)`, `${ids.length} Karte(n) spielen`) : tr(st, "Click 1–3 cards, then play", "1–3 Karten anklicken, dann spielen")));
  }
  if (t.chosen_cards && t.chosen_cards[p.seat] && snap.phase === "play") {
    box.append(h("div", { class: "dl-caption" }, snap.seat === null || snap.seat === undefined ? tr(st, "chosen (only the teacher sees it): ", "gewählt (nur die Lehrkraft sieht es): ") : tr(st, "your choice: ", "deine Wahl: "), ...t.chosen_cards[p.seat].map((c) => cardEl(c, palette, st))));
  }
  const revealed = moment.revealLater ? [] : t.revealed?.[p.seat] || [];
  if (revealed.length) box.append(h("div", { class: "dl-revealed" }, h("span", { class: "dl-caption" }, tr(st, "revealed: ", "aufgedeckt: ")), ...revealed.map((c) => cardEl(c, palette, st, { moment }))));
  return box;
}

export default {
  async render({ model, el, host }) {
    const st = await stepperOf(model, host);
    const root = h("div", { class: "dl-view dl-card-hands", tabindex: "0" });
    keyNav(root, st);
    el.append(root);
    const ui = { picked: new Set(), redraw: null, lastKey: "" };
    const draw = () => {
      const snap = st.get("snapshot");
      if (!snap || !snap.table) return;
      const key = `${st.get("index")}:${snap.current_player}`;
      if (key !== ui.lastKey) ui.picked.clear();
      ui.lastKey = key;
      const palette = model.get("palette") || {};
      const t = snap.table;
      const seats = snap.seat === null || snap.seat === undefined ? snap.players : snap.players;
      root.replaceChildren(
        h("div", { class: "dl-dd-info" },
          tr(st, `Round ${t.round} · draw pile ${t.draw_pile} · discard pile ${t.discard} · ${t.variant} rules`, `Runde ${t.round} · Nachziehstapel ${t.draw_pile} · Ablage ${t.discard} · ${t.variant === "german" ? "deutsche" : "englische"} Regeln`)),
        ...seats.map((p) => seatBox(p, snap, st, palette, ui)),
      );
    };
    ui.redraw = draw;
    return follow(st, draw, ["snapshot", "substep", "lang"]);
  },
};
