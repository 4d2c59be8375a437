// plotly.js for the whole page: the model's `source` trait carries plotly.min.js gzip-compressed and base64
// encoded (2.0 MB instead of 4.8 MB on the websocket). It is empty in the page's first state: the module asks
// the kernel for it once the page has been drawn (the Stepper and the text first; running plotly.js takes
// ~0.5 s of the main thread), inflates it with the browser's DecompressionStream and runs it once, as a classic
// <script> from a blob URL, after initialize() has returned (so anywidget's 2 s start-up limit never bites).
// Plots wait for window.Plotly; "failed" lets them say why nothing is drawn.

function decode(text) {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

async function run(text) {
  const inflated = new Blob([decode(text)]).stream().pipeThrough(new DecompressionStream("gzip"));
  const code = await new Response(inflated).blob();
  const url = URL.createObjectURL(new Blob([code], { type: "text/javascript" }));
  await new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = url;
    script.onload = resolve;
    script.onerror = reject;
    document.head.appendChild(script);
  });
  URL.revokeObjectURL(url);
}

// After the next frame, when the main thread is idle (at most 2 s later): the page's widgets are drawn by then.
function afterFirstDraw() {
  const idle = window.requestIdleCallback || ((callback) => setTimeout(callback, 200));
  return new Promise((resolve) => requestAnimationFrame(() => idle(resolve, { timeout: 2000 })));
}

function sourceOf(model) {
  return new Promise((resolve) => {
    const ready = () => {
      const text = model.get("source");
      if (text) resolve(text);
      return Boolean(text);
    };
    if (!ready()) model.on("change:source", ready);
  });
}

export default {
  initialize({ model }) {
    if (window.Plotly || window.__donkeylabPlotly) return;
    window.__donkeylabPlotly = "loading";
    const source = sourceOf(model);
    afterFirstDraw()
      .then(() => {
        if (!model.get("source")) model.send({ ask: "source" });
        return source;
      })
      .then(run)
      .then(
        () => { window.__donkeylabPlotly = "ready"; },
        (err) => {
          console.error("[donkeylab] plotly.js could not be loaded", err);
          window.__donkeylabPlotly = "failed";
        },
      );
  },
};
