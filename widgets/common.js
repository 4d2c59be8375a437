// Helpers shared by every donkeylab widget, loaded once per page: this file is the ESM of the kernel's one
// FrontEndKit widget (donkeylab/widgets/kit.py), whose initialize() hands these functions to the other
// widgets as its exports. A widget's own ESM reaches them in one line,
//   K ??= (await host.getWidget(model.get("kit"))).exports;
// so nothing is copied into each module and there is no JS build step. Every word a widget shows comes
// from its `words` trait ({en: {...}, de: {...}}, filled from the kernel's catalogue): no text lives here.

const SVG_NS = "http://www.w3.org/2000/svg";

/** An HTML element: h("button", {class: "x", onclick: fn, "aria-label": "Step"}, "Step ▶"). */
function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  setAttrs(el, attrs);
  for (const c of children.flat()) if (c !== null && c !== undefined && c !== false) el.append(c);
  return el;
}

/** An SVG element, same call shape as h(). SVG has no <button>: an element given role="button" and an
 * onclick also answers Enter and Space, as a button does, so the keyboard reaches what the mouse does. */
function s(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  setAttrs(el, attrs);
  if (attrs.role === "button" && typeof attrs.onclick === "function") {
    el.addEventListener("keydown", (ev) => {
      if (ev.key !== "Enter" && ev.key !== " ") return;
      ev.preventDefault();
      ev.stopPropagation();
      attrs.onclick(ev);
    });
  }
  for (const c of children.flat()) if (c !== null && c !== undefined && c !== false) el.append(c);
  return el;
}

function setAttrs(el, attrs) {
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
    else if (k === "text") el.textContent = v;
    else el.setAttribute(k, v === true ? "" : String(v));
  }
}

/** The Stepper model behind a view: the `stepper` widget reference, or the model itself for a Stepper. */
async function stepperOf(model, host) {
  const ref = model.get("stepper");
  if (!ref) return model;
  return await host.getModel(ref);
}

/** ``fn`` once per burst of calls: one kernel message sets several traits (snapshot, substep, index, log
 * ...) and Backbone fires a change event for each, so a view drew itself three or four times per Step. */
function batched(fn) {
  let queued = false;
  return () => {
    if (queued) return;
    queued = true;
    queueMicrotask(() => {
      queued = false;
      fn();
    });
  };
}

/** Call draw() now and once after every burst of changes of the stepper traits a view reads (the
 * microtask after the message that changed them); returns the unsubscribe. */
function follow(st, draw, names = ["snapshot", "substep", "error", "notice", "index", "length", "playing"]) {
  const handler = batched(draw);
  for (const n of names) st.on(`change:${n}`, handler);
  draw();
  return () => {
    for (const n of names) st.off(`change:${n}`, handler);
  };
}

/** Ask the Python Stepper to do something: {method: "play", action: "Choose('orange')"}. */
function send(st, content) {
  st.send(content);
}

/** ← / → / space on a focused widget = Back / Step / Play-Pause (the same for the bar and every view). */
function keyNav(el, st) {
  el.addEventListener("keydown", (ev) => {
    if (ev.target && ["INPUT", "SELECT", "TEXTAREA"].includes(ev.target.tagName)) return;
    // Space and Enter on a button press that button (a card, a choice), not Play.
    const pressable = ev.target && (ev.target.tagName === "BUTTON" || ev.target.getAttribute?.("role") === "button");
    if (pressable && (ev.key === " " || ev.key === "Enter")) return;
    if (ev.key === "ArrowLeft") send(st, { method: "back" });
    else if (ev.key === "ArrowRight") send(st, { method: "step" });
    else if (ev.key === " ") send(st, { method: st.get("playing") ? "pause" : "run" });
    else return;
    ev.preventDefault();
  });
}

/** The widget's word `key` in language `lang` ({name} placeholders filled from `vars`, {n:|card|cards} the word
 * that agrees with vars.n, as the kernel's catalogue does); the key if missing. */
function word(model, lang, key, vars = {}) {
  const words = model.get("words") || {};
  const text = (words[lang] || words.en || {})[key];
  if (text === undefined) return key;
  const agreed = text.replace(/\{(\w+):\|([^|{}]*)\|([^|{}]*)\}/g, (m, name, one, many) =>
    name in vars ? (Number(vars[name]) === 1 ? one : many) : m,
  );
  return agreed.replace(/\{(\w+)\}/g, (m, name) => (name in vars ? String(vars[name]) : m));
}

/** The sub-step moment of a snapshot: the events shown so far, those still to come, the one just shown. */
function momentAt(snap, substep) {
  const events = (snap && snap.events) || [];
  const n = Math.max(0, Math.min(substep ?? events.length, events.length));
  const shown = events.slice(0, n);
  const later = events.slice(n);
  return { shown, later, current: shown.length ? shown[shown.length - 1] : null, inside: later.length > 0 };
}

/** The snapshot's table with the entries the Stepper sends only once (``static``, e.g. the board). */
function tableOf(st) {
  const snap = st.get("snapshot") || {};
  return { ...(st.get("static") || {}), ...(snap.table || {}) };
}

// heartbeat() and lostBanner() come from heartbeat.js, joined before this file (kit.py).

/**
 * A game view's render(): find the Stepper, make the focusable root (class `className`), let ←/→/space
 * drive it, and call draw(v) on every change of the stepper traits `traits` (and of the view's `words`).
 * draw gets v = {st, model, root, snap, table, moment, palette, lang, say(key, vars), ui, redraw}; `ui` is
 * the view's own state between draws (a selection), made once by setup(). Returns the cleanup.
 */
function viewWidget({ className, traits = ["snapshot", "substep", "lang"], draw, setup = () => ({}) }) {
  return {
    async render({ model, el, host }) {
      const st = await stepperOf(model, host);
      const root = h("div", { class: `dl-view ${className}`, tabindex: "0" });
      keyNav(root, st);
      el.append(root);
      const ui = setup();
      const redraw = () => {
        const snap = st.get("snapshot");
        if (!snap || !snap.table) return;
        const lang = st.get("lang");
        draw({
          st, model, root, snap, ui, redraw, lang,
          table: tableOf(st),
          moment: momentAt(snap, st.get("substep")),
          palette: model.get("palette") || {},
          say: (key, vars) => word(model, lang, key, vars),
        });
      };
      const soon = batched(redraw);
      const unfollow = follow(st, redraw, traits);
      model.on("change:words", soon);
      return () => {
        unfollow();
        model.off("change:words", soon);
      };
    },
  };
}

/** Redraw `container` with `redraw()` without losing the keyboard's place: if focus was on one of its
 * `selector` elements, the element with the same `key(el)` (or else the same position) gets it back,
 * or `fallback()` when none is left. Views and the bar replace their children on each step, which otherwise
 * drops a keyboard user back to the top of the page after every move. */
function keepFocus(container, selector, key, redraw, fallback = null) {
  const active = document.activeElement;
  const had = active && container.contains(active) && active.matches(selector);
  const before = had ? [...container.querySelectorAll(selector)].indexOf(active) : -1;
  const id = had ? key(active) : null;
  redraw();
  if (!had) return;
  const now = [...container.querySelectorAll(selector)];
  const same = now.find((el) => id !== undefined && id !== null && key(el) === id);
  const target = same || now[Math.min(before, now.length - 1)] || (fallback && fallback());
  if (target) target.focus();
}

// ipywidgets' sliders (noUiSlider) give their handle role="slider" but no accessible name, so a screen reader
// announces a bare "slider" (axe: aria-input-field-name). Name each handle after its slider's label or, for a
// lesson's prediction, after the question above it. Once per page: the kit is initialized once.
function nameSliderHandles() {
  const name = () => {
    for (const handle of document.querySelectorAll(".noUi-handle:not([aria-label])")) {
      const label = handle.closest(".widget-slider, .widget-hslider")?.querySelector(".widget-label");
      const prompt = handle.closest(".dl-prediction")?.querySelector("b");
      const text = (label?.textContent || "").trim() || (prompt?.textContent || "").trim();
      if (text) handle.setAttribute("aria-label", text.slice(0, 200));
    }
  };
  new MutationObserver(name).observe(document.body, { childList: true, subtree: true });
  name();
}

const KIT = { SVG_NS, h, s, setAttrs, stepperOf, batched, follow, send, keyNav, word, momentAt, tableOf, lostBanner, heartbeat, viewWidget, keepFocus };

export default {
  // The other widgets wait for this (host.getWidget): what initialize returns is what they receive.
  initialize() {
    if (!window.__dlNamesSliders) {
      window.__dlNamesSliders = true;
      nameSliderHandles();
    }
    return KIT;
  },
};
