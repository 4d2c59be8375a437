// LivePlot: the exact answer at once, simulated bars filling in batch by batch (the heartbeat comes from
// common.js, the page's one FrontEndKit widget, as a lesson page may have plots and no Stepper).
// plotly.js is not in this module: the kernel's one PlotlyBundle widget (trait "bundle") carries it and sets
// window.Plotly when its module runs, so a page with many plots loads plotly.js once.

const PLOTLY_WAIT_MS = 30000;

function node(tag, className, attrs = {}) {
  const el = document.createElement(tag);
  el.className = className;
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  return el;
}

function pause(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

// Make sure the bundle's module has run, then wait (visibly) for window.Plotly; null if it never comes.
async function loadPlotly(model, host, signal) {
  if (window.Plotly) return window.Plotly;
  const ref = model.get("bundle");
  if (ref && host) {
    try {
      await host.getWidget(ref);
    } catch (err) {
      console.warn("[donkeylab] the plotly bundle did not initialise; waiting for window.Plotly", err);
    }
  }
  const start = performance.now();
  while (!window.Plotly) {
    if (signal?.aborted || performance.now() - start > PLOTLY_WAIT_MS) return null;
    await pause(100);
  }
  return window.Plotly;
}

function render({ model, el, host, signal }) {
  const words = () => model.get("texts") || {};
  const root = node("div", "dl-liveplot");
  const controls = node("div", "dl-liveplot-controls");
  const button = node("button", "dl-liveplot-toggle", { type: "button" });
  const bar = node("div", "dl-liveplot-progress", { role: "progressbar", "aria-valuemin": "0" });
  const fill = node("div", "dl-liveplot-fill");
  const count = node("span", "dl-liveplot-count");
  const held = node("span", "dl-liveplot-held", { role: "status" }); // why Start waits (a class: guess first)
  const status = node("div", "dl-liveplot-status", { role: "status", "aria-live": "polite" });
  const plot = node("div", "dl-liveplot-plot");
  const error = node("div", "dl-liveplot-error", { role: "alert" });
  bar.append(fill);
  controls.append(button, held, bar, count);
  const banner = K.lostBanner();
  root.append(banner, controls, status, plot, error);
  el.replaceChildren(root);
  const stopBeating = K.heartbeat(model, banner);

  let Plotly = null;

  function drawControls() {
    const w = words();
    const running = model.get("running");
    const done = model.get("done");
    const n = model.get("n");
    const simulated = model.get("simulated");
    controls.hidden = !simulated;
    button.textContent = running ? w.stop : done >= n ? w.finished : done > 0 ? w.continue : w.start;
    const why = model.get("held") || "";
    button.disabled = (!running && done >= n) || (!running && !!why);
    held.textContent = why;
    held.hidden = !why;
    if (why) button.setAttribute("title", why);
    else button.removeAttribute("title");
    button.setAttribute("aria-pressed", running ? "true" : "false");
    bar.setAttribute("aria-valuemax", String(n));
    bar.setAttribute("aria-valuenow", String(done));
    bar.setAttribute("aria-valuetext", w.progress || "");
    bar.setAttribute("aria-label", w.progress_label || "");
    fill.style.width = n > 0 ? `${(100 * done) / n}%` : "0%";
    count.textContent = w.progress || "";
    if (Plotly && !simulated) showStatus(w.exact_only || "");
    const message = model.get("error");
    error.textContent = message;
    error.hidden = !message;
  }

  function showStatus(text, failed = false) {
    status.textContent = text;
    status.hidden = !text;
    status.classList.toggle("dl-liveplot-failed", failed);
  }

  let drawnWidth = 0; // a plot given another width (a turned tablet, the presenter view) wraps its title anew
  function drawFigure() {
    if (!Plotly) return;
    const fig = model.get("figure") || {};
    drawnWidth = plot.clientWidth;
    const layout = fitLayout(wrapTitle(fig.layout || {}, drawnWidth), drawnWidth);
    Promise.resolve(
      Plotly.react(plot, fig.data || [], layout, { responsive: true, displaylogo: false, displayModeBar: false }),
    ).catch((err) => {
      console.error("[donkeylab] plotly could not draw the figure", err);
      showStatus(String(err), true);
    });
  }

  button.addEventListener("click", () => {
    model.send({ method: model.get("running") ? "stop" : "start" });
  });
  for (const name of ["running", "done", "n", "texts", "error", "simulated", "held"]) {
    model.on(`change:${name}`, drawControls);
  }
  model.on("change:figure", drawFigure);
  const resized = new ResizeObserver(() => {
    if (Plotly && plot.clientWidth && Math.abs(plot.clientWidth - drawnWidth) > 20) drawFigure();
  });
  resized.observe(plot);

  showStatus(words().loading || "loading plot…");
  drawControls();
  loadPlotly(model, host, signal).then((found) => {
    if (signal?.aborted) return;
    if (!found) {
      showStatus(words().no_plotly || "The plot cannot be drawn: plotly.js did not load.", true);
      return;
    }
    Plotly = found;
    showStatus(model.get("simulated") ? "" : words().exact_only || "");
    drawFigure();
  });

  return () => {
    stopBeating();
    resized.disconnect();
    if (Plotly) Plotly.purge(plot);
  };
}

let K; // common.js's helpers (lostBanner, heartbeat), exported by the page's one FrontEndKit widget

export default {
  async render(ctx) {
    K ??= (await ctx.host.getWidget(ctx.model.get("kit"))).exports;
    return render(ctx);
  },
};

// Plotly never wraps a title: a long one ran off the plot, cut mid-word.
// Its plain lines are broken at spaces to what the plot's width holds (about 9 px a character at plotly's 17 px
// title font), pinned to the figure's top, and the top margin holds its lines; a subtitle (<sup>…</sup>) is wrapped
// at its smaller size, and a line with other markup is left as it is. A plot not laid out yet (width 0) keeps its title until its next draw.
const CHAR_PX = 9;
const LINE_PX = 22;
const SUP_SCALE = 0.7; // plotly draws <sup> at 70 % of the title's size
const TITLE_PAD_PX = 10; // a wrapped title's distance from the figure's top
const TITLE_SINK_PX = 16; // plotly's "top" of a title is 15 px below its first line's top: measured
const TITLE_GAP_PX = 28; // and from the plotting area below it

function wrapTitle(layout, width) {
  const title = layout.title;
  const text = typeof title === "string" ? title : title && title.text;
  if (!text || !width) return layout;
  const chars = Math.max(30, Math.floor((width - 80) / CHAR_PX));
  const given = text.split("<br>");
  const lines = given.flatMap((line) => {
    const sub = /^<sup>([^<]*)<\/sup>$/.exec(line); // a subtitle: smaller type, more characters a line
    if (sub) return wrapLine(sub[1], Math.floor(chars / SUP_SCALE)).map((part) => `<sup>${part}</sup>`);
    return /<\w/.test(line) ? [line] : wrapLine(line, chars);
  });
  if (lines.length === given.length) return layout;
  const margin = layout.margin || {};
  const top = Math.max(margin.t ?? 100, TITLE_PAD_PX + LINE_PX * lines.length + TITLE_GAP_PX);
  const base = typeof title === "object" ? title : {};
  // pinned to the top: plotly's "auto" puts a title's first line mid-margin and the rest below it, so a German
  // title of five lines on a phone ran into the plot's top tick
  const pinned = { y: 1, yref: "container", yanchor: "top" }; // fitLayout moves it TITLE_PAD_PX down
  return { ...layout, title: { ...base, ...pinned, text: lines.join("<br>") }, margin: { ...margin, t: top } };
}

// A plot laid out for the width it has: the figure grows by what the wrapped title added, so the plotting area
// keeps its height (on a phone it was squashed to a strip, and the y axis's long label, centred on that strip,
// ran up into the title). Narrower than a tablet, the side margins shrink to what the tick labels need and the
// legend goes under the plot.
const NARROW_PX = 560;
const PLOT_PX = 420; // the figure's height when its title has one line (liveplot.css's min-height)
const AREA_PX = 250; // the plotting area's least height: the y axis's label (about 220 px) fits beside it

function fitLayout(layout, width) {
  if (!width) return layout;
  const margin = { ...(layout.margin || {}) };
  const out = { ...layout, margin };
  if (width < NARROW_PX) {
    margin.l = Math.min(margin.l ?? 80, 58);
    margin.r = Math.min(margin.r ?? 80, 14);
    margin.b = Math.max(margin.b ?? 80, 110);
    out.legend = { ...(layout.legend || {}), orientation: "h", x: 0, xanchor: "left", y: -0.28, yanchor: "top" };
  }
  out.height = Math.max(layout.height ?? PLOT_PX, (margin.t ?? 100) + (margin.b ?? 80) + AREA_PX);
  const title = layout.title;
  if (title && title.yref === "container" && title.y === 1) {
    out.title = { ...title, y: 1 - (TITLE_PAD_PX + TITLE_SINK_PX) / out.height };
  }
  return out;
}

function wrapLine(line, chars) {
  const lines = [];
  let current = "";
  for (const word of line.split(" ")) {
    if (current && current.length + 1 + word.length > chars) {
      lines.push(current);
      current = word;
    } else {
      current = current ? `${current} ${word}` : word;
    }
  }
  return current ? [...lines, current] : lines;
}
