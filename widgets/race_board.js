// Esels-Rennen: the board drawn from its JSON (any valid board), its arrows, the three donkeys, the podium,
// the order cards, and — while the Stepper walks a chain hop by hop — the hop being shown.
// Click a donkey, then one of the fields it may move to (or click a field straight away); the engine judges.

const STEP = 46; // px between lattice points
// The letter on a donkey, an arrow and an order card, for pupils who cannot tell the colours apart, is a word
// of the view (letter_red, ...): in German green and yellow start with the same letter, so they get two.
const letter = (v, colour) => v.say(`letter_${colour}`);

function colourName(colour, palette, lang) {
  return (palette[`esels_rennen:${colour}`] || {})[lang] || colour;
}

function layout(board) {
  const xs = board.fields.map((f) => f.x);
  const ys = board.fields.map((f) => f.y);
  const minX = Math.min(...xs);
  const maxY = Math.max(...ys);
  const pos = {};
  for (const f of board.fields) pos[f.id] = { x: 30 + (f.x - minX) * STEP, y: 30 + (maxY - f.y) * STEP, f };
  const width = 60 + (Math.max(...xs) - minX) * STEP;
  const height = 60 + (maxY - Math.min(...ys)) * STEP;
  return { pos, width, height };
}

/** Where each donkey stands at this sub-step: hops not yet shown are undone using their `from` field. */
function donkeysAt(snap, moment) {
  const where = { ...(snap.table.donkeys || {}) };
  for (const e of [...moment.later].reverse()) {
    const d = e.data || {};
    if (d.donkey && d.from !== undefined) where[d.donkey] = d.from;
  }
  return where;
}

function arrowGlyph(v, p, arrow) {
  const { s } = K;
  const palette = v.palette;
  const dx = { FL: -1, FR: 1, BL: -1, BR: 1 }[arrow.direction] || 0;
  const dy = arrow.direction.startsWith("B") ? 1 : -1;
  const c = palette[`esels_rennen:${arrow.colour}`] || palette[arrow.colour] || { hex: "#888" };
  const x0 = p.x - dx * 9;
  const y0 = p.y - dy * 9;
  const x1 = p.x + dx * 9;
  const y1 = p.y + dy * 9;
  return s("g", { class: "dl-arrow" },
    s("line", { x1: x0, y1: y0, x2: x1, y2: y1, stroke: c.hex, "stroke-width": 5, "marker-end": `url(#dl-head-${arrow.colour})` }),
    s("text", { x: p.x + (dx > 0 ? -12 : 12), y: p.y + 4, class: "dl-arrow-letter", "text-anchor": "middle" }, letter(v, arrow.colour)),
  );
}

function boardSvg(v) {
  const { s } = K;
  const { snap, palette, lang, say, ui: state } = v;
  const t = snap.table;
  const { pos, width, height } = layout(t.board);
  const svg = s("svg", { viewBox: `0 0 ${width} ${height}`, class: "dl-board", width, height, role: "group" });
  const defs = s("defs", {});
  for (const colour of ["red", "green", "yellow"]) {
    const c = palette[`esels_rennen:${colour}`] || { hex: "#888" };
    defs.append(s("marker", { id: `dl-head-${colour}`, viewBox: "0 0 10 10", refX: "6", refY: "5", markerWidth: "4", markerHeight: "4", orient: "auto" }, s("path", { d: "M0 0 L10 5 L0 10 z", fill: c.hex })));
  }
  defs.append(s("marker", { id: "dl-hop-head", viewBox: "0 0 10 10", refX: "8", refY: "5", markerWidth: "6", markerHeight: "6", orient: "auto" }, s("path", { d: "M0 0 L10 5 L0 10 z", class: "dl-hop-head" })));
  svg.append(defs);
  const moves = (t.moves || []).filter((m) => m.donkey === state.selected);
  const targets = new Set(moves.map((m) => m.to));
  const where = donkeysAt(snap, v.moment);
  const hop = v.moment.current;
  for (const id of Object.keys(pos)) {
    const p = pos[id];
    const f = p.f;
    const r = STEP / 2 - 2;
    const g = s("g", {
      class: `dl-field dl-${f.kind}${targets.has(id) ? " dl-target" : ""}${hop && hop.data && (hop.data.arrow_field === id || hop.data.field === id) ? " dl-hop-field" : ""}`,
      "data-field": id,
      tabindex: targets.has(id) ? "0" : null,
      role: targets.has(id) ? "button" : null,
      "aria-label": targets.has(id) ? say("move_to", { donkey: colourName(state.selected, palette, lang), field: id }) : null,
      onclick: () => clickField(v, id),
    });
    g.append(s("polygon", { points: `${p.x},${p.y - r} ${p.x + r},${p.y} ${p.x},${p.y + r} ${p.x - r},${p.y}` }));
    if (f.arrow) g.append(arrowGlyph(v, p, f.arrow));
    g.append(s("text", { x: p.x, y: p.y + r - 5, class: "dl-field-id", "text-anchor": "middle" }, id));
    g.append(s("title", {}, `${id}: ${f.kind}${f.arrow ? ` · ${f.arrow.colour} ${f.arrow.direction}` : ""}`));
    svg.append(g);
  }
  if (hop && hop.data && hop.data.from && hop.data.to && pos[hop.data.from] && pos[hop.data.to]) {
    const a = pos[hop.data.from];
    const b = pos[hop.data.to];
    svg.append(s("line", { x1: a.x, y1: a.y, x2: b.x, y2: b.y, class: "dl-hop", "marker-end": "url(#dl-hop-head)" }));
  }
  for (const [donkey, field] of Object.entries(where)) {
    if (!field || !pos[field]) continue;
    const p = pos[field];
    const c = palette[`esels_rennen:${donkey}`] || { hex: "#888" };
    const offset = { red: -9, green: 0, yellow: 9 }[donkey] || 0;
    const chosen = state.selected === donkey;
    const canMove = (t.moves || []).some((m) => m.donkey === donkey);
    const g = s("g", {
      class: `dl-donkey${chosen ? " dl-selected" : ""}${canMove ? " dl-clickable" : ""}`,
      "data-donkey": donkey,
      tabindex: canMove ? "0" : null,
      role: canMove ? "button" : null,
      "aria-label": say("donkey_on", { donkey: colourName(donkey, palette, lang), field }),
      onclick: (ev) => {
        ev.stopPropagation();
        state.selected = state.selected === donkey ? null : donkey;
        state.focusTargets = state.selected !== null && ev.type === "keydown";
        v.redraw();
      },
    });
    g.append(s("circle", { cx: p.x + offset * 0.3, cy: p.y - 2 + offset * 0.2, r: 13, fill: c.hex }));
    g.append(s("text", { x: p.x + offset * 0.3, y: p.y + 3 + offset * 0.2, "text-anchor": "middle", class: "dl-donkey-letter" }, letter(v, donkey)));
    svg.append(g);
    // the arrow of the field a donkey stands on stays readable: drawn again over the (see-through) token
    const f = p.f;
    if (f && f.arrow) svg.append(s("g", { class: "dl-arrow-over" }, arrowGlyph(v, p, f.arrow)));
  }
  svg.setAttribute("aria-label", t.summary ? `${say("board")}: ${t.summary}` : say("board")); // the kernel's sentence of the race
  return svg;
}

function clickField(v, id) {
  const state = v.ui;
  const moves = v.snap.table.moves || [];
  const fits = moves.filter((m) => m.to === id && (!state.selected || m.donkey === state.selected));
  if (fits.length === 1) {
    K.send(v.st, { method: "play", action: fits[0].action }); // the engine wrote it (table.moves)
  } else if (state.selected && (v.snap.table.move_to || {})[state.selected]) {
    // Not a field this donkey may reach: send the engine's own move form for it, and the engine says why
    // (its sentence names the rule); the view fills in only the field.
    K.send(v.st, { method: "play", action: v.snap.table.move_to[state.selected].replace("{to}", id) });
  }
  state.selected = null;
  v.redraw();
}

/** The podium as it stood at this sub-step: donkeys whose finish event is not shown yet are not on it. */
function podiumAt(snap, moment) {
  const later = new Set(moment.later.filter((e) => e.data && e.data.donkey && e.data.to === null).map((e) => e.data.donkey));
  return (snap.table.podium || []).filter((d) => !later.has(d));
}

function side(v) {
  const { h } = K;
  const { snap, palette, lang, say } = v;
  const t = snap.table;
  const inside = v.moment.inside;
  const box = h("div", { class: "dl-race-side" });
  if (t.reconstruction) box.append(h("div", { class: "dl-reconstruction" }, say("reconstruction", { name: t.board_label || t.board_name })));
  const podium = h("ol", { class: "dl-podium", "aria-label": say("finishing_order") });
  const shownPodium = podiumAt(snap, v.moment);
  for (const d of shownPodium) podium.append(h("li", {}, h("span", { class: "dl-dot", style: `background:${(palette[`esels_rennen:${d}`] || {}).hex}` }), colourName(d, palette, lang)));
  box.append(h("div", { class: "dl-caption" }, say("finished")), shownPodium.length ? podium : h("div", { class: "dl-caption" }, "—"));
  const cards = h("div", { class: "dl-order-cards" });
  (t.cards || []).forEach((list, seat) => {
    const name = snap.players[seat]?.name ?? `#${seat}`;
    const line = h("div", { class: `dl-seat-cards${snap.current_player === seat ? " dl-acting" : ""}` }, h("span", { class: "dl-seat-name" }, name, ": "));
    if (list === null) line.append(h("span", { class: "dl-hidden-card" }, say("hidden")));
    else for (const order of list) line.append(orderCard(v, order));
    if (!inside && t.points && t.points[seat] !== null && t.points[seat] !== undefined) line.append(h("span", { class: "dl-points" }, say(t.points[seat] === 1 ? "point" : "points", { n: t.points[seat] })));
    if (!inside && (snap.winners || []).includes(seat)) line.append(h("span", { class: "dl-badge dl-win" }, say("winner")));
    cards.append(line);
  });
  box.append(h("div", { class: "dl-caption" }, say("order_cards")), cards);
  const swatch = (kind) => h("span", { class: `dl-key-swatch dl-key-${kind}` });
  box.append(h("div", { class: "dl-board-key" }, h("div", { class: "dl-caption" }, say("key")),
    h("div", {}, swatch("sand"), say("key_sand")), h("div", {}, swatch("finish"), say("key_finish"))));
  return box;
}

function orderCard(v, order) {
  const { h } = K;
  const { palette, lang } = v;
  const colours = Array.isArray(order) ? order : String(order).split("").map((c) => ({ R: "red", G: "green", Y: "yellow" })[c] || c);
  const title = colours.map((c) => colourName(c, palette, lang)).join(" → ");
  return h("span", { class: "dl-order", title }, ...colours.map((c) => h("span", { class: "dl-dot", style: `background:${(palette[`esels_rennen:${c}`] || {}).hex}` }, letter(v, c))));
}

function draw(v) {
  const state = v.ui;
  const snap = { ...v.snap, table: v.table }; // the board travels once, in the Stepper's `static`
  if (state.selected && !(snap.table.moves || []).some((m) => m.donkey === state.selected)) state.selected = null;
  const w = { ...v, snap };
  // Choosing a donkey by keyboard sends the focus on to its first target field; otherwise focus stays put.
  const picked = state.focusTargets;
  state.focusTargets = false;
  K.keepFocus(v.root, "[tabindex='0'][role='button']", (el) => el.dataset.field || el.dataset.donkey, () => v.root.replaceChildren(boardSvg(w), side(w)));
  if (picked) v.root.querySelector(".dl-target")?.focus();
}

let K; // common.js's helpers (h, s, send, viewWidget, ...), exported by the page's one FrontEndKit widget
const VIEW = {
  className: "dl-race",
  traits: ["snapshot", "static", "substep", "lang"],
  draw,
  setup: () => ({ selected: null }),
};

export default {
  async render(ctx) {
    K ??= (await ctx.host.getWidget(ctx.model.get("kit"))).exports;
    return K.viewWidget(VIEW).render(ctx);
  },
};
