// Helpers shared by every donkeylab widget. Python joins this file in front of each widget's own ESM
// (no JS build step), so these functions are plain module-level declarations, not exports.

const SVG_NS = "http://www.w3.org/2000/svg";

/** An HTML element: h("button", {class: "x", onclick: fn, "aria-label": "Step"}, "Step ▶"). */
function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  setAttrs(el, attrs);
  for (const c of children.flat()) if (c !== null && c !== undefined && c !== false) el.append(c);
  return el;
}

/** An SVG element, same call shape as h(). */
function s(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  setAttrs(el, attrs);
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

/** Call draw() now and on every change of the stepper traits a view reads; returns the unsubscribe. */
function follow(st, draw, names = ["snapshot", "substep", "error", "notice", "index", "length", "playing"]) {
  const handler = () => draw();
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
    if (ev.key === "ArrowLeft") send(st, { method: "back" });
    else if (ev.key === "ArrowRight") send(st, { method: "step" });
    else if (ev.key === " ") send(st, { method: st.get("playing") ? "pause" : "run" });
    else return;
    ev.preventDefault();
  });
}

/** en/de text picked by the stepper's language. */
function tr(st, en, de) {
  return st.get("lang") === "de" ? de : en;
}

/** The events of the current state that are shown at this sub-step. */
function shownEvents(st) {
  const snap = st.get("snapshot") || {};
  const events = snap.events || [];
  return events.slice(0, st.get("substep"));
}

/** The snapshot's table with the entries the Stepper sends only once (``static``, e.g. the board). */
function tableOf(st) {
  const snap = st.get("snapshot") || {};
  return { ...(st.get("static") || {}), ...(snap.table || {}) };
}
