// Double Donkey: every seat's hand (teacher view) or one seat's (seat view), personal piles, who has chosen,
// the cards revealed with their values under the dice, and the Biggest Donkey.
// The player to act clicks 1–3 cards of their hand, then "Play"; the engine judges the choice.

/** What the walked events have shown so far: card values, the reveal and the Biggest Donkey come one by one. */
function momentOf(moment) {
  const hiddenValues = new Set();
  let revealLater = false;
  let biggestLater = false;
  for (const e of moment.later) {
    if (e.rule === "DD-VALUE-1" && e.data && e.data.card_id !== undefined) hiddenValues.add(e.data.card_id);
    if (e.key === "DD-PLAY-1/reveal") revealLater = true;
    if (e.rule === "DD-BIGGEST-1" || e.rule === "DD-BIGGEST-2") biggestLater = true;
  }
  return { hiddenValues, revealLater, biggestLater };
}

function cardEl(v, card, opts = {}) {
  const { h } = K;
  const { palette, say } = v;
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
    "aria-label": `${card.label}: ${card.value ?? say("value_unknown")}`,
    title: card.label,
    onclick: opts.onclick || null,
  },
  h("span", { class: "dl-dd-colours", style: stripes }, card.angry ? h("span", { class: "dl-angry-face" }, say("angry")) : ""),
  h("span", { class: "dl-dd-label" }, card.label),
  h("span", { class: "dl-dd-value", title: say("value_title") }, value),
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

function seatBox(v, p) {
  const { h } = K;
  const { snap, st, ui, say } = v;
  const t = snap.table;
  const moment = momentOf(v.moment);
  const acting = snap.current_player === p.seat;
  const hand = t.hands[p.seat];
  // While the Stepper walks the events of the last action, the choices wait for its end (as in the bar).
  const walking = v.moment.inside;
  const plays = acting && !walking ? legalPlays(snap) : [];
  const box = h("section", { class: `dl-dd-seat${acting ? " dl-acting" : ""}`, "aria-label": p.name });
  const chosen = t.chosen?.[p.seat];
  const head = h("div", { class: "dl-dd-head" },
    h("span", { class: "dl-seat-name" }, p.name),
    t.biggest === p.seat && !moment.biggestLater ? h("span", { class: "dl-badge dl-biggest" }, say("biggest")) : "",
    (snap.winners || []).includes(p.seat) ? h("span", { class: "dl-badge dl-win" }, say("winner")) : "",
    snap.phase === "play" ? h("span", { class: "dl-badge" }, say(chosen ? "chosen" : "choosing")) : "",
    h("span", { class: "dl-pile", title: say("pile_title") }, say("pile", { n: t.pile_sizes[p.seat] })),
  );
  box.append(head);
  const row = h("div", { class: "dl-dd-hand" });
  if (hand === null || hand === undefined) {
    for (let i = 0; i < t.hand_sizes[p.seat]; i++) row.append(h("div", { class: "dl-dd-card dl-back", role: "img", "aria-label": say("hidden_card") }));
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
      row.append(cardEl(v, card, { selected, onclick }));
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
        K.send(st, { method: "play", action });
      },
    }, ids.length ? say("play_n", { n: ids.length }) : say("pick")));
  }
  if (t.chosen_cards && t.chosen_cards[p.seat] && snap.phase === "play") {
    box.append(h("div", { class: "dl-caption" }, say(snap.seat === null || snap.seat === undefined ? "chosen_teacher" : "your_choice"), ...t.chosen_cards[p.seat].map((c) => cardEl(v, c))));
  }
  const revealed = moment.revealLater ? [] : t.revealed?.[p.seat] || [];
  if (revealed.length) box.append(h("div", { class: "dl-revealed" }, h("span", { class: "dl-caption" }, say("revealed")), ...revealed.map((c) => cardEl(v, c, { moment }))));
  return box;
}

function draw(v) {
  const { h } = K;
  const { snap, ui, say } = v;
  const key = `${v.st.get("index")}:${snap.current_player}`;
  if (key !== ui.lastKey) ui.picked.clear();
  ui.lastKey = key;
  ui.redraw = v.redraw;
  const t = snap.table;
  const info = say("info", { round: t.round, draw: t.draw_pile, discard: t.discard, variant: say(`variant_${t.variant}`) });
  v.root.replaceChildren(h("div", { class: "dl-dd-info" }, info), ...snap.players.map((p) => seatBox(v, p)));
}

let K; // common.js's helpers (h, s, send, viewWidget, ...), exported by the page's one FrontEndKit widget
const VIEW = { className: "dl-card-hands", draw, setup: () => ({ picked: new Set(), redraw: null, lastKey: "" }) };

export default {
  async render(ctx) {
    K ??= (await ctx.host.getWidget(ctx.model.get("kit"))).exports;
    return K.viewWidget(VIEW).render(ctx);
  },
};
