// The teacher's class-mode page: the start screen, or one class's dashboard sized for a projector (everything a
// teacher needs on one screen at 1024x768: question, code, QR code, address, counts, Reveal, the two charts,
// End class). Everything is drawn from the kernel's traits; the page writes none of them. It sends messages:
// start, open, new, lang, its own address (for the links), reveal, remove (after a second click), end (after
// a second click). Nothing here knows the exact answer before the kernel sends it with the reveal.

const SVG = "http://www.w3.org/2000/svg";

function el(tag, attrs, ...kids) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    node.setAttribute(k, v === true ? "" : v);
  }
  for (const kid of kids) if (kid !== null && kid !== undefined) node.append(kid);
  return node;
}

function svg(tag, attrs, text) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, String(v));
  if (text !== undefined) node.textContent = text;
  return node;
}

const CHAR_PX = 6.8; // about the width of a letter of a bin's label (12 px), to break and place labels without measuring

// A choice's words broken into lines that fit a bar's width: a line ends after each dash and else where the next
// word would not fit ("red–/green–/yellow", "all/equally/likely"). Lesson 4's seven options, slanted like the
// percent bins, ran off the chart's left and its foot on the projector ("…wahrscheinlich").
function wordLines(name, room) {
  const out = [];
  for (const piece of name.split(/(?<=–)/)) {
    let line = "";
    for (const word of piece.trim().split(/\s+/)) {
      if (line && (line + " " + word).length > room) {
        out.push(line);
        line = word;
      } else line = line ? `${line} ${word}` : word;
    }
    out.push(line);
  }
  return out;
}

function histogram(bars, exactBar, T) {
  // a choice's options (words, no number): upright, one line under another; many number bins: slanted labels,
  // which reach further down ("90–100 %": ~40 px)
  const words = bars.length > 0 && bars.every(([name]) => !/\d/.test(name));
  const w = 520, h = 230, top = 40;
  const left = words ? 4 : 34; // room for the first slanted label
  const step = (w - left) / Math.max(1, bars.length);
  const lines = bars.map(([name]) => (words ? wordLines(String(name), Math.floor((step - 4) / CHAR_PX)) : [name]));
  const small = !words && bars.length > 6;
  const deepest = Math.max(1, ...lines.map((l) => l.length));
  const bottom = words ? 34 + 14 * (deepest - 1) : small ? 66 : 48; // top: the exact bin's label above a count
  const most = Math.max(1, ...bars.map((b) => b[1]));
  const label = bars.map(([name, n]) => `${name}: ${n}`).join(", ");
  const root = svg("svg", { viewBox: `0 0 ${w} ${h}`, role: "img", class: "dl-cd-hist", "aria-label": `${T.guesses}: ${label}` });
  bars.forEach(([name, n], i) => {
    const bh = ((h - bottom - top) * n) / most;
    const x = left + i * step + 2, y = h - bottom - bh, bw = step - 4;
    const exact = i === exactBar;
    root.append(svg("rect", { x, y, width: bw, height: Math.max(bh, 0.5), fill: exact ? "#D55E00" : "#0072B2", "data-count": n }));
    if (n) root.append(svg("text", { x: x + bw / 2, y: y - 4, "text-anchor": "middle", class: "dl-cd-n" }, String(n)));
    const lx = x + bw / 2, ly = h - bottom + 14;
    if (words) {
      // upright lines under the bar; a line wider than the chart's edge leaves (the last bar's) is kept inside it
      const wide = Math.max(...lines[i].map((l) => l.length)) * CHAR_PX;
      const [tx, anchor] = lx + wide / 2 > w ? [w - 1, "end"] : lx - wide / 2 < 0 ? [1, "start"] : [lx, "middle"];
      const t = svg("text", { x: tx, y: ly, "text-anchor": anchor, class: "dl-cd-bin" });
      lines[i].forEach((line, j) => t.append(svg("tspan", { x: tx, dy: j ? 14 : 0 }, line)));
      root.append(t);
    } else {
      const t = svg("text", { x: lx, y: ly, "text-anchor": small ? "end" : "middle", class: "dl-cd-bin",
        transform: small ? `rotate(-40 ${lx} ${ly})` : "" }, name);
      root.append(t);
    }
    if (exact) {
      root.append(svg("rect", { x: x - 1, y: top - 20, width: bw + 2, height: h - bottom - top + 20, fill: "none",
        stroke: "#D55E00", "stroke-width": 3, "stroke-dasharray": "6 4", class: "dl-cd-exact-bin" }));
      root.append(svg("text", { x: x + bw / 2, y: top - 24, "text-anchor": "middle", fill: "#D55E00", class: "dl-cd-n dl-cd-exact-label" }, T.exact_line));
    }
  });
  return root;
}

// The axis's top: the least of 1, 2, 4, 5 or 10 times a power of ten at or above x, so that its half is round too
// (0 / 1 / 2 %, not 0.0 / 1.1 / 2.3 %).
function roundUp(x) {
  const e = 10 ** Math.floor(Math.log10(x));
  return [1, 2, 4, 5, 10].map((m) => m * e).find((v) => v >= x * (1 - 1e-9));
}

function convergence(series, target, T) {
  const num = (x) => x.replace(".", T.decimal || "."); // the kernel's decimal mark (core/numbers.py)
  // the estimate and the exact value as the calibration's sentence writes them (two decimals: "1.25 %", not a
  // chart's "1.3 %" beside it); the axis at round values, written as short as they are ("0 %", "1 %", "2.5 %")
  const pct = (p) => `${num((p * 100).toFixed(2))} %`;
  const tick = (p) => `${num(String(+(p * 100).toFixed(3)))} %`;
  const w = 560, h = 230, left = 52, bottom = 30, top = 12, right = 12;
  const ys = series.flatMap((p) => [p[3], p[1]]);
  // Before the reveal the axis follows the class's own estimate (and its band); the target joins it after.
  let high = Math.max(0.02, ...ys) * 1.15;
  if (target >= 0) high = Math.max(high, target * 1.3);
  high = Math.min(1, roundUp(high));
  const root = svg("svg", { viewBox: `0 0 ${w} ${h}`, role: "img", class: "dl-cd-conv" });
  const lo = Math.log10(Math.max(1, series.length ? series[0][0] : 1));
  const hi = Math.max(lo + 1, Math.log10(Math.max(10, series.length ? series[series.length - 1][0] : 10)));
  const X = (n) => left + ((Math.log10(Math.max(1, n)) - lo) / (hi - lo)) * (w - left - right);
  const Y = (p) => h - bottom - (p / high) * (h - bottom - top);
  root.append(svg("line", { x1: left, x2: w - right, y1: Y(0), y2: Y(0), stroke: "#888" }));
  for (const f of [0, 0.5, 1]) {
    root.append(svg("text", { x: left - 6, y: Y(high * f) + 4, "text-anchor": "end", class: "dl-cd-bin" }, tick(high * f)));
  }
  if (series.length) {
    const band = series.map(([n, , , u]) => `${X(n).toFixed(1)},${Y(u).toFixed(1)}`)
      .concat(series.slice().reverse().map(([n, , l]) => `${X(n).toFixed(1)},${Y(l).toFixed(1)}`)).join(" ");
    root.append(svg("polygon", { points: band, fill: "rgba(0,114,178,0.18)", stroke: "none" }));
    const pts = series.map(([n, p]) => `${X(n).toFixed(1)},${Y(p).toFixed(1)}`).join(" ");
    root.append(svg("polyline", { points: pts, fill: "none", stroke: "#0072B2", "stroke-width": 3 }));
    const [n, p] = series[series.length - 1];
    root.append(svg("circle", { cx: X(n), cy: Y(p), r: 5, fill: "#0072B2" }));
    root.append(svg("text", { x: w - right, y: h - 8, "text-anchor": "end", class: "dl-cd-bin" }, `${T.estimate} ${pct(p)}`));
    root.setAttribute("aria-label", `${T.estimate} ${pct(p)}`);
  }
  if (target >= 0) {
    root.append(svg("line", { x1: left, x2: w - right, y1: Y(target), y2: Y(target), stroke: "#D55E00",
      "stroke-dasharray": "6 4", "stroke-width": 2, class: "dl-cd-target" }));
    root.append(svg("text", { x: left + 6, y: Y(target) - 6, fill: "#D55E00", class: "dl-cd-n" }, `${T.exact_line} ${pct(target)}`));
  }
  return root;
}

const DESK_MS = 3000;

export default {
  render({ model, el: host }) {
    const box = el("div", { class: "dl-class-dash" });
    const lost = lostBanner(); // heartbeat.js, joined before this file: a restarted server says "reload"
    host.append(lost, box);
    const stopBeat = heartbeat(model, lost);
    const stopWatch = reloadWhenBack(lost, () => (model.get("texts") || {}).back);
    let ending = false, removing = "", picked = null, sized = null; // the start form's values survive a redraw
    let deskOpen = false;
    let deskTimer = null, deskSent = ""; // the start screen's lesson and size, warmed once looked at for DESK_MS
    const typed = {}; // the desk's inputs as the teacher left them (a redraw every second must not undo typing)
    const send = (content) => model.send(content);
    const get = (name) => model.get(name);

    function langSwitch(T) {
      const row = el("div", { class: "dl-cd-lang", role: "group", "aria-label": T.language });
      for (const [code, name] of [["en", "English"], ["de", "Deutsch"]]) {
        const b = el("button", { type: "button", "aria-pressed": String(T.lang === code) }, name);
        b.addEventListener("click", () => send({ method: "lang", lang: code }));
        row.append(b);
      }
      return row;
    }

    // A teacher looking at the start screen for a few seconds will most likely start that lesson: the server
    // warms its pages now (thirty take about half a minute), so a class scanning at Start finds them ready.
    function warmSoon() {
      clearTimeout(deskTimer);
      deskTimer = setTimeout(() => {
        const lesson = picked ?? get("lesson"), n = Math.round(Number(sized ?? get("size")));
        const key = `${lesson}|${n}`;
        if (get("view") !== "start" || !Number.isFinite(n) || n < 1 || key === deskSent) return;
        deskSent = key;
        send({ method: "desk", lesson, size: n });
      }, DESK_MS);
    }

    function startScreen(T) {
      const pick = el("select", { id: "dl-cd-lesson", class: "dl-cd-pick" });
      for (const [name, title] of get("lessons")) {
        const o = el("option", { value: name }, title);
        if (name === (picked ?? get("lesson"))) o.selected = true;
        pick.append(o);
      }
      pick.addEventListener("change", () => { picked = pick.value; warmSoon(); });
      const size = el("input", { id: "dl-cd-size", class: "dl-cd-size", type: "number", min: "1", max: "200",
        value: String(sized ?? get("size")) });
      size.addEventListener("input", () => { sized = size.value; warmSoon(); });
      const start = el("button", { type: "button", class: "dl-cd-start" }, T.start);
      start.addEventListener("click", () => {
        const n = Math.round(Number(size.value));
        send({ method: "start", lesson: pick.value, size: Number.isFinite(n) ? n : 30 });
      });
      const form = el("div", { class: "dl-cd-card dl-cd-form" },
        el("label", { for: "dl-cd-lesson" }, T.pick), pick,
        el("label", { for: "dl-cd-size" }, T.size), size, start, el("p", {}, T.start_help));
      if (deskTimer === null) warmSoon();
      const list = el("div", { class: "dl-cd-card" }, el("h3", {}, T.running));
      const running = get("running");
      if (!running.length) list.append(el("p", {}, T.none_running));
      for (const [code, title, started] of running) {
        const open = el("button", { type: "button", class: "dl-cd-open", "data-code": code }, `${T.open} ${code}`);
        open.addEventListener("click", () => send({ method: "open", code }));
        list.append(el("div", { class: "dl-cd-run" }, el("b", {}, code), ` · ${title} · ${started} `, open));
      }
      return [form, list];
    }

    function desk(T) {
      const box = el("details", { class: "dl-cd-card dl-cd-roster", id: "dl-cd-desk" }, el("summary", {}, T.desk));
      if (deskOpen) box.open = true;
      box.addEventListener("toggle", () => { deskOpen = box.open; });
      const pace = get("pace") || {};
      const step = el("input", { type: "number", min: "0", max: "10000", class: "dl-cd-step", id: "dl-cd-step",
        value: typed.step ?? pace.step ?? "" });
      step.addEventListener("input", () => { typed.step = step.value; });
      const goStep = el("button", { type: "button", class: "dl-cd-go-step" }, T.go);
      goStep.addEventListener("click", () => {
        const n = Math.round(Number(step.value));
        if (Number.isFinite(n) && step.value !== "") send({ method: "pace", step: n });
      });
      const section = el("select", { class: "dl-cd-section", id: "dl-cd-section" });
      const answerShut = !get("revealed"); // "the answer" before the reveal would show pupils nothing new
      for (const [name, words] of get("sections")) {
        const o = el("option", { value: name, disabled: name === "answer" && answerShut }, words);
        if (name === (typed.section ?? pace.section) && !o.disabled) o.selected = true;
        section.append(o);
      }
      section.addEventListener("change", () => { typed.section = section.value; });
      const goSection = el("button", { type: "button", class: "dl-cd-go-section" }, T.go);
      goSection.addEventListener("click", () => send({ method: "pace", section: section.value }));
      const pause = el("button", { type: "button", class: pace.paused ? "dl-cd-release" : "dl-cd-pause" },
        pace.paused ? T.release : T.pause);
      pause.addEventListener("click", () => send({ method: "pause", paused: !pace.paused }));
      // each pupil's "What are my chances?" panel: shut in a class until the teacher shows it
      const allRevealed = (get("questions") || []).every((q) => q[2]);
      const odds = el("button", { type: "button", class: "dl-cd-odds", "aria-pressed": String(!!pace.odds),
        title: allRevealed ? null : T.odds_after }, pace.odds ? T.hide_odds : T.show_odds);
      odds.disabled = !pace.odds && !allRevealed; // the odds could give an answer away before its reveal
      odds.addEventListener("click", () => send({ method: "odds", shown: !pace.odds }));
      box.append(el("div", { class: "dl-cd-pace" },
        el("label", { for: "dl-cd-step" }, T.pace_step), step, goStep,
        el("label", { for: "dl-cd-section" }, T.pace_section), section, goSection, pause, odds));
      if (answerShut) box.append(el("p", { class: "dl-cd-why", id: "dl-cd-answer-shut" }, T.answer_after_reveal));
      if (get("pooling") && !get("revealed")) {
        const shown = get("show_estimate");
        const toggle = el("button", { type: "button", class: "dl-cd-estimate", "aria-pressed": String(shown) },
          shown ? T.hide_estimate : T.show_estimate);
        toggle.addEventListener("click", () => send({ method: "estimate", shown: !shown }));
        box.append(el("div", { class: "dl-cd-pace" }, toggle));
      }
      const s = get("summary") || {};
      for (const key of ["waiting", "behind", "hardest"]) {
        if (s[key]) box.append(el("p", { class: `dl-cd-glance dl-cd-${key}` }, s[key]));
      }
      if (s.ghosts) {
        const out = el("button", { type: "button", class: "dl-cd-remove-ghosts" }, T.remove_ghosts);
        out.addEventListener("click", () => send({ method: "ghosts" }));
        box.append(el("p", { class: "dl-cd-glance dl-cd-ghosts" }, s.ghosts, " ", out));
      }
      const table = el("table", { class: "dl-cd-pupils-table" });
      table.append(el("tr", {}, ...[T.col_name, T.col_guessed, T.col_step, T.col_where, T.col_exercises, ""]
        .map((h) => el("th", {}, h))));
      for (const r of get("roster")) {
        const out = el("button", { type: "button", class: "dl-cd-remove" },
          removing === r.name ? T.remove_confirm.replace("{name}", r.name) : T.remove);
        out.addEventListener("click", () => {
          if (removing !== r.name) { removing = r.name; draw(); return; }
          removing = ""; send({ method: "remove", name: r.name });
        });
        const flags = [r.behind ? T.behind_mark : "", r.ghost ? T.ghost_mark : r.away ? T.away : ""].filter(Boolean).join(", ");
        table.append(el("tr", { class: `${r.guessed ? "" : "dl-cd-no-guess"} ${r.behind ? "dl-cd-is-behind" : ""}` },
          el("td", {}, r.name, flags ? el("small", {}, ` (${flags})`) : null),
          el("td", { class: r.guessed ? "dl-cd-yes" : "dl-cd-no" }, r.guessed ? "✓" : "—"),
          el("td", {}, r.step === null ? "" : String(r.step)), el("td", {}, r.where),
          el("td", {}, `${r.right} / ${r.tried}`), el("td", {}, out)));
      }
      box.append(table);
      const saves = el("div", { class: "dl-cd-saves" });
      for (const [what, words] of [["csv", T.save_csv], ["pupils", T.save_pupils], ["html", T.save_html]]) {
        const b = el("button", { type: "button", class: "dl-cd-save", "data-what": what }, words);
        b.addEventListener("click", () => send({ method: "save", what }));
        saves.append(b);
      }
      box.append(saves, el("p", { class: "dl-cd-why" }, T.save_help));
      return box;
    }

    function classScreen(T) {
      const code = get("code");
      const left = el("div", { class: "dl-cd-card dl-cd-join" },
        el("div", { class: "dl-cd-label" }, T.code_label),
        el("div", { class: "dl-cd-code", "aria-label": `${T.code_label} ${code.split("").join(" ")}` }, code));
      const qr = el("div", { class: "dl-cd-qr", role: "img", "aria-label": get("join_link") });
      qr.innerHTML = get("qr_svg"); // made by segno in the kernel from the checked link
      left.append(qr, el("div", { class: "dl-cd-label" }, T.join_at),
        el("div", { class: "dl-cd-short" }, get("join_short")),
        el("div", { class: "dl-cd-label" }, T.type_at),
        el("a", { class: "dl-cd-link", href: get("join_link") || "#", target: "_blank", rel: "noopener" }, get("join_link")));
      if (get("warning")) left.append(el("div", { class: "dl-cd-warning", role: "alert" }, get("warning")));
      if (get("warm_text")) left.append(el("div", { class: "dl-cd-warm", role: "status" }, get("warm_text")));

      const reveal = el("button", { type: "button", class: "dl-cd-reveal" }, get("revealed") ? T.revealed : T.reveal);
      reveal.disabled = get("revealed");
      reveal.addEventListener("click", () => send({ method: "reveal" }));
      const counts = el("div", { class: "dl-cd-counts", role: "status" },
        el("b", { class: "dl-cd-pupils" }, String(get("pupils"))), ` ${T.joined} · `,
        el("b", { class: "dl-cd-answered" }, String(get("answered"))), ` ${T.answered}`);
      const guesses = el("div", { class: "dl-cd-chart" }, el("h3", {}, T.guesses));
      if (get("answered")) guesses.append(histogram(get("bars"), get("exact_bar"), T));
      else guesses.append(el("p", { class: "dl-cd-empty" }, T.no_guesses));
      const pooled = el("div", { class: "dl-cd-chart" }, el("h3", {}, get("what")));
      const trials = get("trials");
      if (get("pooling")) {
        pooled.append(el("div", { class: "dl-cd-trials", role: "status", "data-trials": String(trials) },
          trials ? get("trials_text") : T.no_trials));
        if (trials && get("series").length) pooled.append(convergence(get("series"), get("target"), T));
        else if (trials) pooled.append(el("p", { class: "dl-cd-empty dl-cd-estimate-hidden" }, T.estimate_hidden));
      }
      const strip = el("div", { class: "dl-cd-strip", role: "group", "aria-label": T.question });
      const order = get("questions");
      for (const [qid, n, shown] of order) {
        const b = el("button", { type: "button", class: "dl-cd-qnum", "aria-pressed": String(qid === get("current")),
          "data-revealed": String(shown), "aria-label": `${T.question} ${n}` }, String(n));
        b.addEventListener("click", () => send({ method: "question", qid }));
        strip.append(b);
      }
      const last = order.length && order[order.length - 1][0] === get("current");
      const next = el("button", { type: "button", class: "dl-cd-next" }, T.next);
      next.disabled = !order.length || last;
      next.addEventListener("click", () => send({ method: "next" }));
      const qcard = el("div", { class: "dl-cd-card dl-cd-q" },
        el("div", { class: "dl-cd-qhead" }, el("span", { class: "dl-cd-label" }, T.question), strip, next),
        el("div", { class: "dl-cd-question" }, get("question")));
      const row = el("div", { class: "dl-cd-row" }, counts, reveal,
        el("div", { class: "dl-cd-exact", role: "status" }, get("exact_text")));
      const right = el("div", { class: "dl-cd-main" }, qcard, row);
      // the charts before the calibration's sentences: the class looks at the charts, the teacher reads on
      right.append(el("div", { class: "dl-cd-charts" }, guesses, pooled));
      const calib = get("calibration");
      if (calib.length) {
        right.append(el("div", { class: "dl-cd-calib", role: "status" },
          el("b", {}, `${T.calibration}: `), ...calib.map((line) => el("span", {}, `${line} `))));
      }
      const roster = desk(T);
      return [left, right, roster];
    }

    // The address bar names what the page shows (the class and the language), so a reload, a restart of the
    // server or a bookmark opens the same class in the same language; the start screen drops the class.
    function nameInAddress() {
      try {
        const url = new URL(window.location.href);
        url.searchParams.set("lang", get("lang"));
        if (get("view") === "class" && get("code")) url.searchParams.set("class", get("code"));
        else url.searchParams.delete("class");
        if (get("lesson")) url.searchParams.set("lesson", get("lesson"));
        if (url.href !== window.location.href) window.history.replaceState(window.history.state, "", url.href);
      } catch (err) {
        console.warn("[donkeylab] the address bar could not be updated", err);
      }
    }

    function draw() {
      const T = get("texts");
      nameInAddress();
      const focused = document.activeElement && box.contains(document.activeElement) ? document.activeElement.id : "";
      box.replaceChildren();
      queueMicrotask(() => { if (focused) document.getElementById(focused)?.focus(); });
      box.setAttribute("lang", get("lang"));
      box.dataset.view = get("view");
      const head = el("div", { class: "dl-cd-head" }, el("h2", {}, T.title), langSwitch(T));
      if (get("view") === "class") {
        const fresh = el("button", { type: "button", class: "dl-cd-new" }, T.new);
        fresh.addEventListener("click", () => send({ method: "new" }));
        const end = el("button", { type: "button", class: "dl-cd-end" }, ending ? T.end_confirm : T.end);
        end.addEventListener("click", () => {
          if (!ending) { ending = true; draw(); return; }
          ending = false; send({ method: "end" });
        });
        // the desk sits under the charts (below the fold of a projector's 768 px): one click opens it and goes there
        const toDesk = el("a", { class: "dl-cd-to-desk", href: "#dl-cd-desk" }, T.to_desk);
        toDesk.addEventListener("click", (e) => {
          e.preventDefault();
          deskOpen = true;
          const desk = document.getElementById("dl-cd-desk");
          if (desk) { desk.open = true; desk.scrollIntoView({ block: "start" }); desk.querySelector("summary")?.focus(); }
        });
        head.append(el("div", { class: "dl-cd-tools" }, toDesk, fresh, end));
      }
      box.append(head);
      const note = get("note");
      if (note) box.append(el("div", { class: "dl-cd-note", role: "alert" }, note));
      if (get("view") === "ended") {
        const again = el("button", { type: "button", class: "dl-cd-new" }, T.new);
        again.addEventListener("click", () => send({ method: "new" }));
        box.append(el("div", { class: "dl-cd-card dl-cd-ended", role: "status" }, T.ended_teacher, " ", again));
        return;
      }
      const body = el("div", { class: get("view") === "class" ? "dl-cd-grid" : "dl-cd-start-grid" });
      body.append(...(get("view") === "class" ? classScreen(T) : startScreen(T)));
      box.append(body);
    }

    const names = ["texts", "lang", "view", "lessons", "lesson", "running", "code", "question", "join_link",
      "join_short", "qr_svg", "warning", "warm_text", "pupils", "answered", "bars", "revealed", "exact_text",
      "exact_bar", "trials", "trials_text", "series", "target", "what", "roster", "note", "questions", "current",
      "pooling", "calibration", "pace", "sections", "summary", "show_estimate"];
    // "Save the results": the kernel sends the file; the teacher's browser saves it on the teacher's machine.
    model.on("msg:custom", (msg) => {
      const d = msg && msg.download;
      if (!d || typeof d.text !== "string" || typeof d.name !== "string") return;
      const url = URL.createObjectURL(new Blob([d.text], { type: d.type || "text/plain" }));
      const a = el("a", { href: url, download: d.name.replace(/[^\w.-]/g, "_") });
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10000);
    });
    let queued = false;
    const later = () => { if (queued) return; queued = true; queueMicrotask(() => { queued = false; draw(); }); };
    for (const n of names) model.on(`change:${n}`, later);
    model.on("change:view", () => send({ method: "origin", href: window.location.href }));
    draw();
    send({ method: "origin", href: window.location.href });
    return () => {
      clearTimeout(deskTimer);
      for (const n of names) model.off(`change:${n}`, later);
      stopBeat();
      stopWatch();
    };
  },
};
