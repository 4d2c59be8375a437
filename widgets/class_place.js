// A pupil's scroll place on a class page, kept across a reload of the tab. The place is the section at the top
// of the window and how far into it the pupil had scrolled: sections are built as the kernel draws the page
// (the answer's only after the reveal), so a place in pixels from the top would land elsewhere, and the
// browser's own restoration of it once landed a reloaded page on the answer. The place lives in the tab's
// session storage (written as the pupil scrolls and when the tab closes: no round trip that a closing tab could
// lose); a tab without one goes to the section its kernel says the last page reported. A section that is not
// on the page (not revealed yet) is never waited for beyond RESTORE_MS, and the pupil's own scrolling ends the
// restoring at once. The address bar keeps the page's language, so a reload opens the page in it.

const SECTION_RE = /(?:^|\s)dl-section-(\w+)/;
const RESTORE_MS = 25000; // the sealed part of a lesson is built after the first poll: a few seconds at most
const TICK_MS = 250;
const STILL_TICKS = 6; // the place held this many ticks while nothing moved: the page is laid out
const READY_MS = 8000; // after the kernel's "ready", the longest the place is held

function sections() {
  return [...document.querySelectorAll("[class*='dl-section-']")].filter((n) => n.getClientRects().length);
}

/** The element that scrolls the page: the document's, else the first ancestor of `node` that scrolls and
 * fills most of the window (a widget box that scrolls a little is not the page). */
function scroller(node) {
  const doc = document.scrollingElement || document.documentElement;
  if (doc.scrollHeight > doc.clientHeight + 1) return doc;
  for (let up = node && node.parentElement; up && up !== document.body; up = up.parentElement) {
    const y = getComputedStyle(up).overflowY;
    if ((y === "auto" || y === "scroll") && up.scrollHeight > up.clientHeight + 1 && up.clientHeight > window.innerHeight / 2) return up;
  }
  return doc;
}

/** Where the window is: {section, offset}, the offset being how many pixels the window's top is into the
 * section (the last section starting above the window's top; before the first section, a negative offset). */
function place() {
  const nodes = sections();
  if (!nodes.length) return null;
  let found = nodes[0];
  for (const node of nodes) {
    if (node.getBoundingClientRect().top <= 1) found = node;
    else break;
  }
  const section = (found.className.match(SECTION_RE) || [])[1] || "";
  return section ? { section, offset: Math.round(-found.getBoundingClientRect().top) } : null;
}

export default {
  render({ model, el }) {
    el.hidden = true;
    if ("scrollRestoration" in history) history.scrollRestoration = "manual"; // never the browser's pixels
    const storeKey = () => `dl-place:${location.pathname}:${model.get("key")}`;
    const read = () => {
      try { return JSON.parse(sessionStorage.getItem(storeKey()) || "null"); } catch (err) { return null; }
    };
    let restoring = true, timer = null;
    const save = () => {
      if (restoring) return; // the page is still being put back: its top is not the pupil's place
      const where = place();
      if (!where) return;
      try { sessionStorage.setItem(storeKey(), JSON.stringify(where)); } catch (err) { /* storage off */ }
    };
    const onScroll = () => { clearTimeout(timer); timer = setTimeout(save, 250); };
    const onHide = () => save();

    // Put the page back: scroll to the place and hold it while the page above grows, until it keeps still.
    const started = Date.now();
    let still = 0, ticker = null;
    const stop = () => {
      if (!restoring) return;
      restoring = false;
      clearInterval(ticker);
      save();
    };
    let readyAt = null; // when the kernel had put the page back (step, language, the revealed sections built)
    const tick = () => {
      const target = read() || (model.get("section") ? { section: model.get("section"), offset: 0 } : null);
      if (readyAt === null && model.get("ready")) readyAt = Date.now();
      if (Date.now() - started > RESTORE_MS && (readyAt === null || Date.now() - readyAt > READY_MS)) return stop();
      if (!target) return;
      const node = target.section && document.querySelector(`.dl-section-${target.section}`);
      if (!node || !node.getClientRects().length) return; // not built yet (or sealed: never, until the end)
      const box = scroller(node);
      const delta = node.getBoundingClientRect().top + (Number(target.offset) || 0);
      const was = box.scrollTop;
      if (Math.abs(delta) > 2) box.scrollTop += delta;
      if (Math.abs(delta) > 2 && box.scrollTop !== was) still = 0; // moved: the page may still grow
      else if (++still >= STILL_TICKS && readyAt !== null) stop(); // there, or as near as the page can scroll
    };
    const interrupt = () => stop(); // the pupil scrolls by themselves: their place wins
    const inputs = ["wheel", "touchstart", "keydown", "mousedown"];
    for (const name of inputs) window.addEventListener(name, interrupt, { passive: true, capture: true });
    ticker = setInterval(tick, TICK_MS);
    window.addEventListener("scroll", onScroll, { passive: true, capture: true });
    window.addEventListener("pagehide", onHide);

    const lang = () => {
      const url = new URL(location.href);
      if (url.searchParams.get("lang") === model.get("lang")) return;
      url.searchParams.set("lang", model.get("lang"));
      history.replaceState(history.state, "", url);
    };
    model.on("change:lang", lang);
    lang();
    return () => {
      stop();
      for (const name of inputs) window.removeEventListener(name, interrupt, { capture: true });
      window.removeEventListener("scroll", onScroll, { capture: true });
      window.removeEventListener("pagehide", onHide);
      model.off("change:lang", lang);
    };
  },
};
