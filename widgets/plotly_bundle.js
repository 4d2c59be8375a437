// plotly.js for the whole page: the model's `source` trait carries plotly.min.js gzip-compressed and base64
// encoded (2.0 MB instead of 4.8 MB on the websocket). It is inflated with the browser's DecompressionStream
// and run once, as a classic <script> from a blob URL, after initialize() has returned (so anywidget's 2 s
// start-up limit never bites). Plots wait for window.Plotly; "failed" lets them say why nothing is drawn.

async function run(text) {
  const bytes = Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
  const inflated = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
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

export default {
  initialize({ model }) {
    if (window.Plotly || window.__donkeylabPlotly) return;
    window.__donkeylabPlotly = "loading";
    run(model.get("source")).then(
      () => { window.__donkeylabPlotly = "ready"; },
      (err) => {
        console.error("[donkeylab] plotly.js could not be loaded", err);
        window.__donkeylabPlotly = "failed";
      },
    );
  },
};
