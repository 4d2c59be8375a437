// The heartbeat every donkeylab page has, in one place: the kit's widgets (common.js) and the class pages'
// own widgets (class_card.js, class_dashboard.js) are served with this file joined before them (assets.text).
// Heartbeat: a page whose kernel died (killed, culled, restarted) must say so, never look alive. Every
// HEARTBEAT_MS the widget sends {ping: k}; the kernel answers {pong: k}. No pong for LOST_AFTER_MS, a send
// that throws or a closed comm shows the kernel's own sentence (texts.lost, in the page's language: the
// words must be there before the kernel is gone). A late pong (a kernel that was only busy) hides it again.
const HEARTBEAT_MS = 5000;
const LOST_AFTER_MS = 10000;

/** A hidden banner element that heartbeat() fills in; put it at the top of the widget. */
function lostBanner() {
  const el = document.createElement("div");
  el.className = "dl-lost";
  el.setAttribute("role", "alert");
  el.hidden = true;
  return el;
}

/** Start pinging the kernel through `model`; shows `banner` when it stops answering. Returns the cleanup. */
function heartbeat(model, banner) {
  let k = 0;
  let lastPong = Date.now();
  const show = (lost) => {
    if (lost) banner.textContent = (model.get("texts") || {}).lost || banner.textContent;
    banner.hidden = !lost || !banner.textContent;
  };
  const onMsg = (msg) => {
    if (msg && typeof msg === "object" && "pong" in msg) {
      lastPong = Date.now();
      show(false);
    }
  };
  const onClose = () => show(true);
  const beat = () => {
    if (Date.now() - lastPong > LOST_AFTER_MS) show(true);
    try {
      model.send({ ping: k });
      k = (k + 1) % 2147483647;
    } catch (err) {
      show(true);
    }
  };
  model.on("msg:custom", onMsg);
  model.on("comm:close", onClose);
  let timer = null;
  // A random first beat: the widgets of one page do not all ping in the same millisecond.
  const first = setTimeout(() => {
    beat();
    timer = setInterval(beat, HEARTBEAT_MS);
  }, Math.random() * HEARTBEAT_MS);
  return () => {
    clearTimeout(first);
    if (timer !== null) clearInterval(timer);
    model.off("msg:custom", onMsg);
    model.off("comm:close", onClose);
  };
}

const ANSWER_MS = 6000; // a kernel that is there answers a ping within a second or two, even when busy

/** Send a pupil's `message` that must not vanish in silence (a lock-in): `unsaved()` when the connection is
 * known lost (`banner` shown), the send throws, or no pong comes within ANSWER_MS of it; `answered()` when the
 * kernel's pong comes (its own word on the message follows). */
function sendOrSay(model, banner, message, unsaved, answered) {
  if (!banner.hidden) return unsaved();
  let timer = null;
  const onMsg = (msg) => {
    if (!msg || typeof msg !== "object" || !("pong" in msg)) return;
    clearTimeout(timer);
    model.off("msg:custom", onMsg);
    answered();
  };
  try {
    model.send(message);
    model.send({ ping: 0 });
  } catch (err) {
    return unsaved();
  }
  model.on("msg:custom", onMsg);
  timer = setTimeout(() => { model.off("msg:custom", onMsg); unsaved(); }, ANSWER_MS);
}

const PROBE_MS = 3000; // while the kernel is lost, ask the server this often (plus up to as much again at random)
const RELOADED_KEY = "donkeylab-reloaded-at"; // when this tab last reloaded itself (sessionStorage)
const SPREAD_MS = 20000; // the reloads of one class, spread over this
const RELOAD_GAP_MS = 60000; // at most one reload of its own a minute: a page that cannot keep its kernel stays

/** A class page (a pupil's or the dashboard) whose kernel is lost (a server restarted, a phone that slept past
 * its kernel) reloads itself once the server answers again: the reload brings the same pupil back with their
 * guesses, step and language (the dashboard: the same class), and 30 pupils need not each find the banner and
 * reload by hand. The probe is a static file of the server (no
 * kernel, no place taken), asked with jitter so a class does not knock all at once. A page whose kernel stopped
 * itself on purpose (`stopped()`: taken out of its class, or refused as full) stays as it is: a reload would only
 * start a kernel that is refused again. */
function reloadWhenBack(banner, backText, stopped = () => false) {
  let timer = null;
  // a static file of every Voila server, a hub's single-user servers too (a hub has no /join): no kernel, no place
  const probeUrl = window.location.pathname.split("voila/render/")[0] + "voila/static/voila.js";
  const probe = async () => {
    timer = null;
    if (banner.hidden || stopped()) return;
    let ok = false;
    try {
      ok = (await fetch(probeUrl, { cache: "no-store", credentials: "same-origin" })).ok;
    } catch (err) {
      ok = false; // the server is still away
    }
    const last = Number(window.sessionStorage.getItem(RELOADED_KEY) || 0);
    if (ok && !banner.hidden && Date.now() - last > RELOAD_GAP_MS) {
      window.sessionStorage.setItem(RELOADED_KEY, String(Date.now()));
      banner.textContent = backText() || banner.textContent;
      // a class's pages come back spread over SPREAD_MS, not all at once: a server just started builds each
      // page's kernel, and 30 at the same moment left some pages without a kernel that came alive
      setTimeout(() => window.location.reload(), Math.random() * SPREAD_MS);
      return;
    }
    schedule();
  };
  const schedule = () => {
    if (timer === null && !banner.hidden) timer = setTimeout(probe, PROBE_MS * (1 + Math.random()));
  };
  const watch = new MutationObserver(schedule);
  watch.observe(banner, { attributes: true, attributeFilter: ["hidden"] });
  return () => {
    watch.disconnect();
    clearTimeout(timer);
  };
}
