// Double Donkey: the six coloured dice (colour + name + pattern), the Hay card, which rolled dice may be
// chosen and, for the others, why not (the DD-DICE-2 sentence). An Angry Donkey flip is animated as a flip.
// A click on a rolled die sends Choose(colour); the engine judges it, so a forbidden die shows its sentence.

const PIPS = {
  1: [[0, 0]],
  2: [[-1, -1], [1, 1]],
  3: [[-1, -1], [0, 0], [1, 1]],
  4: [[-1, -1], [1, -1], [-1, 1], [1, 1]],
  5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]],
  6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]],
};
const PATTERN_SVG = { ".": "dots", x: "cross", "/": "slash", "\\": "back", "-": "hline", "+": "plus" };

function patternDefs() {
  const { s } = K;
  const d = s("defs", {});
  const add = (id, ...children) => d.append(s("pattern", { id: `dl-pat-${id}`, width: 8, height: 8, patternUnits: "userSpaceOnUse" }, ...children));
  const ink = { stroke: "#0006", "stroke-width": 1.4 };
  add("dots", s("circle", { cx: 4, cy: 4, r: 1.3, fill: "#0006" }));
  add("cross", s("path", { d: "M0 0 L8 8 M8 0 L0 8", ...ink }));
  add("slash", s("path", { d: "M0 8 L8 0", ...ink }));
  add("back", s("path", { d: "M0 0 L8 8", ...ink }));
  add("hline", s("path", { d: "M0 4 L8 4", ...ink }));
  add("plus", s("path", { d: "M4 1 L4 7 M1 4 L7 4", ...ink }));
  return d;
}

/** One die as SVG: colour fill, a texture for colour-blind eyes, black pips (white on dark blue). */
function dieSvg(colour, pips, palette, size = 54) {
  const { s } = K;
  const c = palette[colour] || { hex: "#ccc", pattern: "" };
  const svg = s("svg", { viewBox: "-30 -30 60 60", width: size, height: size, class: "dl-die-svg", "aria-hidden": "true" });
  svg.append(patternDefs());
  svg.append(s("rect", { x: -27, y: -27, width: 54, height: 54, rx: 9, fill: c.hex, class: "dl-die-face" }));
  const pat = PATTERN_SVG[c.pattern];
  if (pat) svg.append(s("rect", { x: -27, y: -27, width: 54, height: 54, rx: 9, fill: `url(#dl-pat-${pat})`, opacity: 0.55 }));
  const ink = colour === "dark_blue" ? "#fff" : "#111";
  if (pips) for (const [dx, dy] of PIPS[pips] || []) svg.append(s("circle", { cx: dx * 13, cy: dy * 13, r: 5.2, fill: ink }));
  else svg.append(s("text", { x: 0, y: 8, "text-anchor": "middle", class: "dl-die-q", fill: ink }, "?"));
  return svg;
}

// The events whose data.dice are the six dice's pips on the Hay card (colour order): the reveal (DD-PLAY-1)
// and each Angry Donkey flip (DD-ANGRY-1). A roll's DD-DICE-1 also has data.dice, six of them on a round's
// first roll, but they are the rolled dice's names ("light_blue=5"): read as the Hay card, they had put six
// blank dice there after every first roll (issue 35 §4).
const HAY_EVENTS = new Set(["DD-PLAY-1", "DD-ANGRY-1"]);

/** null for a value the kernel sent as None: JSON has null, but a browser kernel's message may carry it as
 * undefined or leave the key out, and a die with `hay: undefined` must not count as lying on the Hay card. */
const orNull = (x) => (x === undefined ? null : x);

/** The dice as they stood at this sub-step: the latest shown event that carries the six dice (the reveal,
 * then each flip) decides the Hay card; otherwise the table's dice. */
function diceAt(snap, moment) {
  const dice = snap.table.dice.map((d) => ({ ...d, hay: orNull(d.hay), rolled: orNull(d.rolled) }));
  const withDice = [...moment.shown].reverse().find((e) => HAY_EVENTS.has(e.rule) && e.data && Array.isArray(e.data.dice) && e.data.dice.length === dice.length);
  if (withDice) dice.forEach((d, i) => Object.assign(d, { hay: withDice.data.dice[i] || null, rolled: null, choosable: false, why_not: null }));
  const current = moment.current;
  const flipping = current && current.rule === "DD-ANGRY-1" && current.data ? current.data.colour : null;
  return { dice, flipping };
}

function dieButton(v, die, flipping) {
  const { h } = K;
  const { snap, st, palette, say } = v;
  const c = palette[die.colour] || {};
  const name = die.name || c[snap.lang] || die.colour;
  const pips = die.hay ?? die.rolled;
  const rolled = die.hay === null && die.rolled !== null;
  const canClick = rolled && (snap.legal || []).length > 0 && Boolean(die.action);
  const cls = ["dl-die"];
  if (rolled && die.choosable) cls.push("dl-choosable");
  if (rolled && !die.choosable) cls.push("dl-blocked");
  if (flipping === die.colour) cls.push("dl-flipping");
  const label = rolled
    ? die.choosable
      ? say("place_die", { name, pips })
      : `${name} ${pips}: ${die.why_not || ""}`
    : `${name}: ${pips ?? say("not_rolled")}`;
  const el = h(canClick ? "button" : "div", {
    class: cls.join(" "),
    type: canClick ? "button" : null,
    "data-colour": die.colour,
    "aria-label": label,
    title: label,
    // The engine wrote the action (the table's die carries it); a forbidden die's click shows its rule.
    onclick: canClick ? () => K.send(st, { method: "play", action: die.action }) : null,
  }, dieSvg(die.colour, pips, palette), h("span", { class: "dl-die-name" }, name));
  if (rolled && !die.choosable && die.why_not) el.append(h("span", { class: "dl-why-not" }, die.why_not));
  return el;
}

function draw(v) {
  const { h } = K;
  const { snap, say } = v;
  const { dice, flipping } = diceAt(snap, v.moment);
  const hay = h("div", { class: "dl-hay", "aria-label": say("hay_card_label") });
  const rolled = h("div", { class: "dl-rolled" });
  const waiting = h("div", { class: "dl-waiting" });
  for (const die of dice) {
    const b = dieButton(v, die, flipping);
    if (die.hay !== null) hay.append(b);
    else if (die.rolled !== null) rolled.append(b);
    else waiting.append(b);
  }
  const t = snap.table;
  const holder = snap.players[t.roller]?.name ?? "";
  // The text alternative: the kernel's sentence of the Hay card and the roll names the whole tray.
  v.root.setAttribute("role", "group");
  v.root.setAttribute("aria-label", t.summary ?? say("hay_card"));
  v.root.replaceChildren(
    h("div", { class: "dl-hay-box" }, h("div", { class: "dl-caption" }, say("hay_card")), hay.childElementCount ? hay : h("div", { class: "dl-empty" }, say("no_die"))),
    h("div", { class: "dl-rolled-box" },
      h("div", { class: "dl-caption" }, rolled.childElementCount ? say("rolled_by", { holder }) : say("dice_with", { holder })),
      rolled.childElementCount ? rolled : waiting.childElementCount ? waiting : h("div", { class: "dl-empty" }, say("all_placed")),
      t.last_die ? h("div", { class: "dl-last" }, say("last_die")) : "",
    ),
  );
}

let K; // common.js's helpers (h, s, send, viewWidget, ...), exported by the page's one FrontEndKit widget
const VIEW = { className: "dl-dice-tray", draw };

export default {
  async render(ctx) {
    K ??= (await ctx.host.getWidget(ctx.model.get("kit"))).exports;
    return K.viewWidget(VIEW).render(ctx);
  },
};
