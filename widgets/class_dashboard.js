// The teacher's class dashboard: everything drawn from the kernel's traits; the page writes none of them.
// Three messages go to the kernel: the page's address (for the links), Reveal, End class (after a second click).

const SVG = "http://www.w3.org/2000/svg";

function el(tag, attrs, ...kids) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  for (const kid of kids) node.append(kid);
  return node;
}

function svg(tag, attrs, text) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, String(v));
  if (text !== undefined) node.textContent = text;
  return node;
}

function histogram(bars, exactBar, exactWord) {
  const w = 520, h = 220, left = 30, bottom = 40, top = 24;
  const most = Math.max(1, ...bars.map((b) => b[1]));
  const step = (w - left) / Math.max(1, bars.length);
  const root = svg("svg", { viewBox: `0 0 ${w} ${h}`, width: "100%", role: "img", class: "dl-cd-hist" });
  bars.forEach(([label, n], i) => {
    const bh = ((h - bottom - top) * n) / most;
    const x = left + i * step + 4, y = h - bottom - bh;
    const fill = i === exactBar ? "#D55E00" : "#0072B2";
    root.append(svg("rect", { x, y, width: step - 8, height: Math.max(bh, 0.5), fill, "data-count": n }));
    if (n) root.append(svg("text", { x: x + (step - 8) / 2, y: y - 4, "text-anchor": "middle" }, String(n)));
    root.append(svg("text", { x: x + (step - 8) / 2, y: h - bottom + 16, "text-anchor": "middle" }, label));
    if (i === exactBar) { // the exact answer's bin, outlined even when nobody guessed it
      root.append(svg("rect", { x: x - 2, y: top - 6, width: step - 4, height: h - bottom - top + 6, fill: "none",
        stroke: "#D55E00", "stroke-width": 3, "stroke-dasharray": "6 4", class: "dl-cd-exact-bin" }));
      root.append(svg("text", { x: x + (step - 8) / 2, y: h - 6, "text-anchor": "middle", fill: "#D55E00" }, exactWord));
    }
  });
  return root;
}

function convergence(series, target, words) {
  const num = (x) => (words.lang === "de" ? x.replace(".", ",") : x);
  const w = 560, h = 240, left = 48, bottom = 34, top = 12, right = 12;
  const root = svg("svg", { viewBox: `0 0 ${w} ${h}`, width: "100%", role: "img", class: "dl-cd-conv" });
  const ys = series.map((p) => p[1]);
  const high = Math.min(1, Math.max(target * 1.6, ...ys, 0.05) * 1.1);
  const lo = Math.log10(Math.max(1, series.length ? series[0][0] : 1));
  const hi = Math.max(lo + 1, Math.log10(Math.max(10, series.length ? series[series.length - 1][0] : 10)));
  const X = (n) => left + ((Math.log10(Math.max(1, n)) - lo) / (hi - lo)) * (w - left - right);
  const Y = (p) => h - bottom - (p / high) * (h - bottom - top);
  root.append(svg("line", { x1: left, x2: w - right, y1: Y(0), y2: Y(0), stroke: "#888" }));
  root.append(svg("line", { x1: left, x2: w - right, y1: Y(target), y2: Y(target), stroke: "#D55E00",
    "stroke-dasharray": "6 4", "stroke-width": 2 }));
  root.append(svg("text", { x: w - right, y: Y(target) - 6, "text-anchor": "end", fill: "#D55E00" },
    `${words.exact_line} ${num(target.toFixed(3))}`));
  for (const f of [0, 0.5, 1]) {
    root.append(svg("text", { x: left - 6, y: Y(high * f) + 4, "text-anchor": "end" }, num((high * f).toFixed(2))));
  }
  if (series.length) {
    const pts = series.map(([n, p]) => `${X(n).toFixed(1)},${Y(p).toFixed(1)}`).join(" ");
    root.append(svg("polyline", { points: pts, fill: "none", stroke: "#0072B2", "stroke-width": 3 }));
    const [n, p] = series[series.length - 1];
    root.append(svg("circle", { cx: X(n), cy: Y(p), r: 5, fill: "#0072B2" }));
    root.append(svg("text", { x: left, y: h - 8 }, `${series[0][0]}`));
    root.append(svg("text", { x: w - right, y: h - 8, "text-anchor": "end" }, `${n} · ${words.estimate} ${num(p.toFixed(3))}`));
  }
  return root;
}

export default {
  render({ model, el: host }) {
    const box = el("div", { class: "dl-class-dash" });
    host.append(box);
    let confirming = false, copied = "";
    const send = (content) => model.send(content);

    function draw() {
      const T = model.get("texts");
      box.replaceChildren();
      box.setAttribute("lang", model.get("lang"));
      const note = model.get("note");
      if (model.get("ended")) {
        box.append(el("div", { class: "dl-cd-card dl-cd-wide dl-cd-ended", role: "status" }, T.ended_teacher));
        return;
      }
      const code = el("div", { class: "dl-cd-card" },
        el("div", {}, T.code_label),
        el("div", { class: "dl-cd-code", "aria-label": T.code_label }, model.get("code")),
        el("div", {}, T.join_at),
        el("a", { class: "dl-cd-link", href: model.get("join_link") || "#", target: "_blank" }, model.get("join_link")));
      const qr = el("div", { class: "dl-cd-qr", "aria-hidden": "true" });
      qr.innerHTML = model.get("qr_svg"); // made by segno in the kernel from the checked link
      code.append(qr);
      const copy = el("button", { class: "dl-cd-copy", type: "button" }, T.teacher_link);
      copy.addEventListener("click", async () => {
        try {
          await navigator.clipboard.writeText(model.get("teacher_link"));
          copied = "copied";
        } catch {
          window.open(model.get("teacher_link"), "_blank", "noopener");
          copied = "copy_failed";
        }
        draw();
      });
      code.append(el("div", {}, copy, el("span", { class: "dl-cd-copied", role: "status" }, copied ? T[copied] : "")));

      const counts = el("div", { class: "dl-cd-counts", role: "status" },
        el("b", { class: "dl-cd-pupils" }, String(model.get("pupils"))), ` ${T.joined} · `,
        el("b", { class: "dl-cd-answered" }, String(model.get("answered"))), ` ${T.answered}`);
      const guesses = el("div", { class: "dl-cd-card" }, counts, el("h3", {}, T.guesses));
      const bars = model.get("bars");
      if (model.get("answered")) guesses.append(histogram(bars, model.get("exact_bar"), T.exact_line));
      else guesses.append(el("p", {}, T.no_guesses));
      const reveal = el("button", { class: "dl-cd-reveal", type: "button" }, T.reveal);
      reveal.disabled = model.get("revealed");
      reveal.addEventListener("click", () => send({ method: "reveal" }));
      guesses.append(el("div", {}, reveal), el("div", { class: "dl-cd-exact", role: "status" }, model.get("exact_text")));

      const pooled = el("div", { class: "dl-cd-card dl-cd-wide" }, el("h3", {}, model.get("what")));
      const trials = model.get("trials");
      pooled.append(el("div", { class: "dl-cd-trials", role: "status", "data-trials": String(trials) },
        trials ? model.get("trials_text") : T.no_trials));
      if (trials) pooled.append(convergence(model.get("series"), model.get("target"), T));
      const end = el("button", { class: "dl-cd-end", type: "button" }, confirming ? T.end_confirm : T.end);
      end.addEventListener("click", () => {
        if (!confirming) { confirming = true; draw(); return; }
        send({ method: "end" });
      });
      pooled.append(el("div", {}, end));
      box.append(code, guesses, pooled);
      if (note) box.append(el("div", { class: "dl-cd-card dl-cd-wide dl-cd-note", role: "alert" }, note));
    }

    const names = ["texts", "lang", "code", "join_link", "qr_svg", "pupils", "answered", "bars", "revealed",
      "exact_text", "exact_bar", "trials", "trials_text", "series", "target", "what", "ended", "note"];
    for (const n of names) model.on(`change:${n}`, draw);
    draw();
    send({ method: "origin", href: window.location.href });
    return () => { for (const n of names) model.off(`change:${n}`, draw); };
  },
};
