// "Copy link": the page address plus the query that reproduces what the Stepper shows now. The query itself
// is the Stepper's `link` trait, written by the kernel (donkeylab/lab/links.py, the one place that knows the
// link's format); this file only puts it after the page's own address.

function linkOf(st, extra) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries({ ...(extra || {}), ...(st.get("link") || {}) })) q.set(k, String(v));
  return `${window.location.origin}${window.location.pathname}?${q.toString()}`;
}

let K; // common.js's helpers (h, follow, word, ...), exported by the page's one FrontEndKit widget

export default {
  async render({ model, el, host }) {
    K ??= (await host.getWidget(model.get("kit"))).exports;
    const { h } = K;
    const st = await K.stepperOf(model, host);
    const say = (key) => K.word(model, st.get("lang"), key);
    const field = h("input", { class: "dl-share-url", type: "text", readonly: true });
    const button = h("button", { class: "dl-btn dl-share", type: "button" });
    const done = h("span", { class: "dl-share-done", role: "status" });
    button.addEventListener("click", async () => {
      field.value = linkOf(st, model.get("extra"));
      field.select();
      try {
        await navigator.clipboard.writeText(field.value);
        done.textContent = say("copied");
      } catch {
        done.textContent = say("select_copy");
      }
    });
    el.append(h("div", { class: "dl-share-row" }, button, field, done));
    const draw = () => {
      button.textContent = say("copy");
      field.setAttribute("aria-label", say("field"));
      field.value = linkOf(st, model.get("extra"));
      done.textContent = "";
    };
    return K.follow(st, draw, ["link", "lang"]);
  },
};
