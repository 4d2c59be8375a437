// plotly.js for the whole page: the model's `source` trait carries plotly.min.js; it runs once, as a classic
// <script> from a blob URL, after initialize() has returned (so anywidget's 2 s start-up limit never bites).

export default {
  initialize({ model }) {
    if (window.Plotly || window.__donkeylabPlotly) return;
    window.__donkeylabPlotly = "loading";
    const url = URL.createObjectURL(new Blob([model.get("source")], { type: "text/javascript" }));
    const script = document.createElement("script");
    script.src = url;
    script.onload = () => {
      URL.revokeObjectURL(url);
      window.__donkeylabPlotly = "ready";
    };
    script.onerror = () => {
      window.__donkeylabPlotly = "failed";
    };
    document.head.appendChild(script);
  },
};
