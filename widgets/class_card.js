// The top of a pupil's class page: the banner, the class's question of the moment (unless it is the lesson's
// own prediction, asked in the lesson below), the teacher's pause as an overlay, and the teacher's "everyone
// to …" (a scroll to that section). Everything drawn is the kernel's; the page sends the lock (with the value
// its input shows) and the section it has in view.

function el(tag, attrs, ...kids) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) if (v !== undefined && v !== null && v !== false) node.setAttribute(k, v);
  for (const kid of kids) if (kid !== null && kid !== undefined) node.append(kid);
  return node;
}

const SECTION = /(?:^|\s)dl-section-(\w+)/;
export default {
  render({ model, el: host }) {
    const box = el("div", { class: "dl-class-card" });
    const lost = lostBanner(); // heartbeat.js: "reload the page", kept in view wherever the pupil scrolled
    lost.classList.add("dl-cc-lost");
    // in the page's body, not the card: the notebook's panels contain fixed elements, so only there does the
    // banner stay fixed at the top of the window when it shows
    document.body.append(lost);
    host.append(box);
    const stopBeat = heartbeat(model, lost);
    const texts = () => model.get("texts") || {};
    const stopWatch = reloadWhenBack(lost, () => texts().back, () => Boolean(texts().stopped));
    let value = null; // the card input's value as the pupil sets it (never a default shown as a guess)
    let asked = -1; // the question index the input belongs to
    let lockButton = null; // the card's lock, enabled once the pupil has set a value

    function input(q, T) {
      if (q.kind === "choice") {
        const group = el("div", { class: "dl-cc-options", role: "radiogroup", "aria-label": q.prompt });
        q.options.forEach(([id, words], i) => {
          const b = el("button", { type: "button", class: "dl-cc-option", role: "radio",
            "aria-checked": String(value === i) }, words);
          b.disabled = !model.get("enabled");
          b.addEventListener("click", () => { value = i; draw(); });
          group.append(b);
        });
        return group;
      }
      const range = el("input", { type: "range", class: "dl-cc-range", min: String(q.low), max: String(q.high),
        step: String(q.step), "aria-label": q.prompt });
      range.value = String(value ?? (q.low + q.high) / 2);
      range.disabled = !model.get("enabled");
      const shown = el("output", { class: "dl-cc-value" }, value === null ? T.set_it : fmt(value, q, T));
      // a screen reader says the value as the page shows it (its own rounding cut a small guess to one decimal)
      if (value !== null) range.setAttribute("aria-valuetext", fmt(value, q, T));
      const set = () => {
        value = Number(range.value);
        shown.textContent = fmt(value, q, T);
        range.setAttribute("aria-valuetext", shown.textContent);
        if (lockButton) lockButton.disabled = !model.get("enabled");
      };
      // A tap on the value the slider already shows is a guess too: it fires no "input", only a click.
      for (const name of ["input", "change", "click"]) range.addEventListener(name, set);
      // the scale's two ends beside the slider: a pupil sees what range a guess may take before moving it
      const end = (x) => el("span", { class: "dl-cc-end", "aria-hidden": "true" }, fmt(x, q, T));
      return el("div", { class: "dl-cc-slider" }, end(q.low), range, end(q.high), shown);
    }

    function fmt(x, q, T) {
      const digits = q.step >= 1 ? 0 : Math.max(0, Math.round(-Math.log10(q.step)));
      const text = x.toFixed(digits).replace(".", T.decimal || ".");
      return q.unit ? `${text} ${q.unit}` : text;
    }

    function draw() {
      const T = model.get("texts"), q = model.get("question");
      box.replaceChildren();
      box.setAttribute("lang", model.get("lang"));
      const banner = el("div", { class: model.get("alone") ? "dl-cc-note" : "dl-cc-bar", role: "status" },
        el("b", {}, model.get("banner")));
      if (model.get("pooled")) banner.append(` · ${model.get("pooled")}`);
      box.append(banner);
      if (!model.get("alone") && q && q.count) {
        if (q.index !== asked) {
          const next = asked >= 0; // the teacher's next question, not the page's first draw (nor a reload)
          asked = q.index;
          value = null;
          if (next && !q.headline) host.scrollIntoView({ behavior: "smooth", block: "start" });
        }
        if (value === null && typeof q.locked === "number") value = q.locked; // a locked guess stays on its input
        const head = el("div", { class: "dl-cc-head" }, el("span", { class: "dl-cc-num" }, q.of));
        const card = el("div", { class: "dl-cc-question" }, head);
        if (q.headline) {
          card.append(el("p", {}, q.revealed ? T.in_lesson_done : T.in_lesson));
          // the first question's guess stands in the lesson, the others' on this card: one tap takes the pupil there
          const go = el("button", { type: "button", class: "dl-cc-go" }, T.to_guess);
          go.addEventListener("click", () => {
            const there = document.querySelector(".dl-prediction");
            if (there) there.scrollIntoView({ behavior: "smooth", block: "start" });
          });
          card.append(go);
        } else {
          card.append(el("p", { class: "dl-cc-prompt" }, q.prompt), input(q, T));
          const lock = el("button", { type: "button", class: "dl-cc-lock" }, T.lock);
          lock.disabled = !model.get("enabled") || value === null;
          lockButton = lock;
          const status = el("div", { class: "dl-cc-status", role: "status", "data-kind": model.get("kind") }, model.get("status"));
          const say = (key, kind) => { status.textContent = T[key] || ""; status.dataset.kind = kind; };
          lock.addEventListener("click", () => {
            if (value === null) return;
            say("sending", "none"); // never a click that does nothing: the kernel's status follows, or "not saved"
            sendOrSay(model, lost, { method: "lock", value }, () => say("unsaved", "refused"), () => {});
          });
          card.append(lock, status);
        }
        box.append(card);
      }
      pause(model.get("paused"));
    }

    // The teacher's pause: a layer on the page's body (no widget container around it, whose transform or
    // overflow would pin a fixed layer to the top of the lesson), covering the window wherever the pupil has
    // scrolled, and everything else made inert (no click, no key reaches a control) until the release.
    let layer = null;
    const inert = [];
    function pause(text) {
      if (!text) {
        if (layer) { layer.remove(); layer = null; }
        while (inert.length) inert.pop().inert = false;
        return;
      }
      if (!layer) {
        layer = el("div", { class: "dl-cc-pause", role: "alertdialog", "aria-modal": "true", tabindex: "-1" });
        document.body.append(layer);
        for (const node of document.body.children) {
          if (node !== layer && !node.inert) { node.inert = true; inert.push(node); }
        }
        layer.focus({ preventScroll: true });
      }
      layer.setAttribute("aria-label", text);
      layer.setAttribute("lang", model.get("lang"));
      layer.replaceChildren(el("div", {}, el("span", { class: "dl-cc-pause-icon", "aria-hidden": "true" }),
        el("p", {}, text)));
    }

    // The section being read, reported when it changes (the teacher's roster: who is where): the section that
    // fills most of the window, each reaching from its start to the next one's. Read afresh from the page on
    // scrolling (at most every 1.5 s) and every 3 s, since sections built at the reveal come later.
    let reported = "", timer = null;
    function where() {
      timer = null;
      const nodes = [...document.querySelectorAll("[class*='dl-section-']")].filter((n) => n.getClientRects().length);
      const shown = new Map();
      nodes.forEach((node, i) => {
        const r = node.getBoundingClientRect();
        const bottom = i + 1 < nodes.length ? nodes[i + 1].getBoundingClientRect().top : r.bottom;
        const seen = Math.max(0, Math.min(bottom, window.innerHeight) - Math.max(r.top, 0));
        const name = (node.className.match(SECTION) || [])[1];
        if (name) shown.set(name, (shown.get(name) || 0) + seen);
      });
      const name = [...shown.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] || "";
      if (!name || name === reported) return;
      try {
        model.send({ method: "section", section: name });
        reported = name;
      } catch (err) {
        // the page is being left or reloaded: its kernel connection is already gone ("Cannot send")
      }
    }
    const onScroll = () => { if (timer === null) timer = setTimeout(where, 1500); };
    window.addEventListener("scroll", onScroll, { passive: true, capture: true });
    const watcher = setInterval(where, 3000);

    let lastSeq = -1;
    function go() {
      const g = model.get("goto") || {};
      if (g.seq === undefined || g.seq === lastSeq) return;
      lastSeq = g.seq;
      const target = g.section && document.querySelector(`.dl-section-${g.section}`);
      if (target) target.scrollIntoView({ behavior: "smooth", block: "start" });
    }

    const names = ["texts", "lang", "banner", "alone", "pooled", "question", "enabled", "status", "kind", "paused"];
    for (const n of names) model.on(`change:${n}`, draw);
    model.on("change:goto", go);
    draw();
    go();
    return () => {
      for (const n of names) model.off(`change:${n}`, draw);
      window.removeEventListener("scroll", onScroll, { capture: true });
      clearInterval(watcher);
      clearTimeout(timer);
      pause("");
      stopBeat();
      stopWatch();
      lost.remove();
    };
  },
};
