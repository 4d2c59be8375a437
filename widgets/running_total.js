// Double Down (LOBO 77): the running total on a number line with the doublets and 77 marked, the last jump
// drawn as an arrow, every player's tokens (swimming, out), the direction of play and a pending 2x.
// A click on a card of the hand on show plays it; the engine judges it (an illegal card shows the sentence).

const W = 760;
const LINE_Y = 120;
const MARKER_R = 17; // the total's marker, a circle on the line

function scale(lo, hi) {
  return (v) => 30 + ((v - lo) / (hi - lo)) * (W - 60);
}

function numberLine(v) {
  const { s } = K;
  const { snap, say } = v;
  const t = snap.table;
  const events = v.moment.shown;
  const jump = [...events].reverse().find((e) => e.data && typeof e.data.before === "number" && typeof e.data.after === "number");
  const values = [t.total, -10, 80, ...(t.doublets || [])];
  if (jump) values.push(jump.data.before, jump.data.after);
  const lo = Math.min(...values) - 5;
  const hi = Math.max(...values) + 10;
  const x = scale(lo, hi);
  const svg = s("svg", { viewBox: `0 0 ${W} 175`, class: "dl-line", role: "img" });
  svg.append(s("line", { x1: x(lo), x2: x(hi), y1: LINE_Y, y2: LINE_Y, class: "dl-axis" }));
  for (let v = Math.ceil(lo / 10) * 10; v <= hi; v += 10) {
    svg.append(s("line", { x1: x(v), x2: x(v), y1: LINE_Y - 5, y2: LINE_Y + 5, class: "dl-tick" }));
    // A label the total's marker would cover is left out (the marker shows its own number): it hid the "0".
    if (Math.abs(x(v) - x(t.total)) < MARKER_R + 6) continue;
    svg.append(s("text", { x: x(v), y: LINE_Y + 20, class: "dl-tick-label", "text-anchor": "middle" }, String(v)));
  }
  for (const d of t.doublets || []) {
    const g = s("g", { class: "dl-doublet" });
    // A doublet beside the total's marker (66 at a total of 64) would hide under it: its diamond stands above
    // the line then, joined to its place by a short stem.
    const near = d !== t.total && Math.abs(x(d) - x(t.total)) < MARKER_R + 8;
    const y = near ? LINE_Y - MARKER_R - 14 : LINE_Y;
    if (near) g.append(s("line", { x1: x(d), x2: x(d), y1: y, y2: LINE_Y, class: "dl-doublet-stem" }));
    g.append(s("rect", { x: x(d) - 6, y: y - 6, width: 12, height: 12, transform: `rotate(45 ${x(d)} ${y})` }));
    g.append(s("text", { x: x(d), y: LINE_Y + 36, "text-anchor": "middle" }, String(d)));
    g.append(s("title", {}, say("doublet_title", { d })));
    svg.append(g);
  }
  const bust = t.bust ?? 77;
  if (bust <= hi) {
    const g = s("g", { class: "dl-bust" });
    g.append(s("rect", { x: x(bust) - 3, y: LINE_Y - 30, width: x(hi) - x(bust) + 3, height: 60 }));
    g.append(s("text", { x: x(bust) + 4, y: LINE_Y - 34 }, say("bust", { bust })));
    svg.append(g);
  }
  if (jump && jump.data.before !== jump.data.after) {
    const x0 = x(jump.data.before);
    const x1 = x(jump.data.after);
    const mid = (x0 + x1) / 2;
    svg.append(s("path", { d: `M ${x0} ${LINE_Y - 12} Q ${mid} ${LINE_Y - 70} ${x1} ${LINE_Y - 14}`, class: "dl-jump", "marker-end": "url(#dl-arrowhead)" }));
    svg.append(s("text", { x: mid, y: LINE_Y - 56, class: "dl-jump-label", "text-anchor": "middle" }, `${jump.data.card ?? ""}`));
  }
  svg.prepend(
    s("defs", {}, s("marker", { id: "dl-arrowhead", viewBox: "0 0 10 10", refX: "8", refY: "5", markerWidth: "7", markerHeight: "7", orient: "auto-start-reverse" }, s("path", { d: "M 0 0 L 10 5 L 0 10 z", class: "dl-arrowhead" }))),
  );
  const here = s("g", { class: "dl-total" });
  here.append(s("circle", { cx: x(t.total), cy: LINE_Y, r: MARKER_R }));
  here.append(s("text", { x: x(t.total), y: LINE_Y + 6, "text-anchor": "middle" }, String(t.total)));
  svg.append(here);
  // The text alternative: the kernel's sentence of the position (total, direction, who plays, their hand, tokens),
  // then what the line marks.
  const line = say("line_label", { total: t.total, doublets: (t.doublets || []).join(", "), bust });
  svg.setAttribute("aria-label", t.summary ? `${t.summary} ${line}` : line);
  return svg;
}

function seats(v) {
  const { h } = K;
  const { snap, say } = v;
  const t = snap.table;
  const row = h("div", { class: "dl-seats" });
  const arrow = t.direction === -1 ? "↺" : "↻";
  row.append(h("div", { class: "dl-direction", title: say("direction") }, arrow, " ", say(t.direction === -1 ? "counterclockwise" : "clockwise")));
  for (const p of snap.players) {
    const out = (t.eliminated || []).includes(p.seat);
    const swim = (t.swimming || []).includes(p.seat);
    const acting = snap.current_player === p.seat;
    const tokens = t.tokens[p.seat] ?? 0;
    const chips = h("span", { class: "dl-chips", role: "img", "aria-label": say("tokens", { n: tokens }) });
    for (let i = 0; i < 3; i++) chips.append(h("span", { class: i < tokens ? "dl-chip" : "dl-chip dl-chip-lost" }));
    const badges = [];
    if (swim) badges.push(h("span", { class: "dl-badge dl-swim" }, say("swimming")));
    if (out) badges.push(h("span", { class: "dl-badge dl-out" }, say("out")));
    if (acting && t.pending_2x) badges.push(h("span", { class: "dl-badge dl-2x" }, say("pending_2x", { n: t.pending_2x })));
    if ((snap.winners || []).includes(p.seat)) badges.push(h("span", { class: "dl-badge dl-win" }, say("winner")));
    row.append(
      h("div", { class: `dl-seat${acting ? " dl-acting" : ""}${out ? " dl-gone" : ""}`, "aria-current": acting ? "true" : null },
        h("div", { class: "dl-seat-name" }, p.name, acting ? " ◀" : ""),
        chips,
        h("div", { class: "dl-seat-cards" }, say("cards", { n: t.hand_sizes[p.seat] })),
        ...badges,
      ),
    );
  }
  return row;
}

function hand(v) {
  const { h } = K;
  const { snap, st, say } = v;
  const t = snap.table;
  const who = snap.seat !== null && snap.seat !== undefined ? snap.seat : snap.current_player;
  const box = h("div", { class: "dl-hand-box" });
  if (typeof who !== "number" || !t.hands[who]) return box;
  const legal = new Set((snap.legal || []).map((a) => a.action));
  const mine = snap.current_player === who;
  box.append(h("div", { class: "dl-caption" }, say("hand_of", { name: snap.players[who].name }), say(mine ? "click_card" : "wait_turn")));
  const cards = h("div", { class: "dl-hand" });
  const cardActions = t.card_actions || {};
  for (const name of t.hands[who]) {
    const action = cardActions[name];
    const ok = legal.has(action);
    const label = (snap.legal || []).find((a) => a.action === action)?.label || name;
    cards.append(
      h("button", {
        class: `dl-card${ok ? " dl-legal" : ""}${mine ? "" : " dl-waiting"}${name === "2x" || name === "reverse" || name === "0" || name === "-10" ? " dl-special" : ""}`,
        type: "button",
        // Not disabled while another player acts: a click then shows the Stepper's "not your turn" sentence.
        "aria-disabled": mine ? null : "true",
        "data-action": action,
        "aria-label": mine ? say("play_card", { label }) : name,
        title: label,
        onclick: () => K.send(st, { method: "play", action }),
      }, name === "reverse" ? "⇄" : name),
    );
  }
  box.append(cards);
  return box;
}

function pile(v) {
  const { h } = K;
  const { snap, say } = v;
  const t = snap.table;
  return h("div", { class: "dl-pile" },
    h("span", {}, say("round", { n: t.round })),
    h("span", {}, say("draw_pile", { n: t.draw_pile })),
    h("span", {}, say("played", { n: t.played }), t.top_card ? h("span", { class: "dl-top" }, t.top_card) : ""),
  );
}

function draw(v) {
  // The next player's hand replaces this one: a keyboard user keeps the card at the same place.
  K.keepFocus(v.root, "button.dl-card", () => null, () => v.root.replaceChildren(pile(v), numberLine(v), seats(v), hand(v)));
}

let K; // common.js's helpers (h, s, send, viewWidget, ...), exported by the page's one FrontEndKit widget
const VIEW = { className: "dl-running-total", draw };

export default {
  async render(ctx) {
    K ??= (await ctx.host.getWidget(ctx.model.get("kit"))).exports;
    return K.viewWidget(VIEW).render(ctx);
  },
};
