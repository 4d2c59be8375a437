// "Copy link": the page address plus the query that reproduces what the Stepper shows now.

function linkOf(st, extra) {
  const q = new URLSearchParams();
  q.set("seed", String(st.get("seed")));
  q.set("players", String(st.get("players")));
  q.set("step", String(st.get("index")));
  q.set("lang", st.get("lang"));
  const seat = st.get("seat");
  if (seat !== null && seat !== undefined) q.set("seat", String(seat + 1));
  for (const [k, v] of Object.entries(extra || {})) q.set(k, v);
  return `${window.location.origin}${window.location.pathname}?${q.toString()}`;
}

export default {
  async render({ model, el, host }) {
    const st = await stepperOf(model, host);
    const field = h("input", { class: "dl-share-url", type: "text", readonly: true });
    const button = h("button", { class: "dl-btn dl-share", type: "button" });
    const done = h("span", { class: "dl-share-done", role: "status" });
    button.addEventListener("click", async () => {
      field.value = linkOf(st, model.get("extra"));
      field.select();
      try {
        await navigator.clipboard.writeText(field.value);
        done.textContent = tr(st, "copied", "kopiert");
      } catch {
        done.textContent = tr(st, "select and copy the link", "Link markieren und kopieren");
      }
    });
    el.append(h("div", { class: "dl-share-row" }, button, field, done));
    const draw = () => {
      button.textContent = tr(st, "Copy link to this step", "Link zu diesem Schritt kopieren");
      field.setAttribute("aria-label", tr(st, "link to this step", "Link zu diesem Schritt"));
      field.value = linkOf(st, model.get("extra"));
      done.textContent = "";
    };
    return follow(st, draw, ["index", "seed", "players", "lang", "seat"]);
  },
};
