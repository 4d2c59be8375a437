// The rule explainer card: the rule ID as a badge, a short title, the rule in plain words and the
// rulebook's own words as a quote. Python fills every text (English or German) into the traits; this file
// only draws them. The title and sentence sit in a polite live region, so a screen reader reads a new rule.

/** Set a text only when it changed: rewriting equal text would make a screen reader announce it again. */
function setText(node, value) {
  if (node.textContent !== value) node.textContent = value;
}

const EXPLAINER_TRAITS = [
  "rule", "title", "sentence", "passage", "source", "passage_lang", "note", "basis_label", "heading", "hint",
  "lang",
];

let K; // common.js's helpers (h, ...), exported by the page's one FrontEndKit widget

export default {
  async render({ model, el, host }) {
    K ??= (await host.getWidget(model.get("kit"))).exports;
    const { h } = K;
    const heading = h("div", { class: "dl-rx-heading" });
    const badge = h("span", { class: "dl-rx-badge" });
    const title = h("span", { class: "dl-rx-title" });
    const basis = h("span", { class: "dl-rx-basis" }); // "our ruling" / "unsere Festlegung", when it is one
    const sentence = h("p", { class: "dl-rx-sentence" });
    const hint = h("p", { class: "dl-rx-hint" });
    // Not live: the Stepper's announcer says the event; the why is one Tab/heading away (h3).
    const live = h("div", { class: "dl-rx-live" },
      h("h3", { class: "dl-rx-name" }, badge, title, basis), sentence, hint);
    const note = h("p", { class: "dl-rx-note" });
    const text = h("p", { class: "dl-rx-passage" });
    const cite = h("cite", { class: "dl-rx-source" });
    const quote = h("blockquote", { class: "dl-rx-quote" }, text, h("footer", {}, "— ", cite));
    const card = h("section", { class: "dl-rx" }, heading, live, note, quote);
    el.append(card);

    const draw = () => {
      const has = Boolean(model.get("rule"));
      card.setAttribute("lang", model.get("lang"));
      card.setAttribute("aria-label", model.get("heading"));
      setText(heading, model.get("heading"));
      setText(badge, model.get("rule"));
      setText(title, model.get("title"));
      setText(sentence, model.get("sentence"));
      setText(hint, has ? "" : model.get("hint"));
      setText(note, model.get("note"));
      setText(basis, model.get("basis_label"));
      basis.hidden = !has || !model.get("basis_label");
      setText(text, model.get("passage"));
      setText(cite, model.get("source"));
      quote.setAttribute("lang", model.get("passage_lang") || model.get("lang"));
      badge.hidden = !has;
      sentence.hidden = !has;
      hint.hidden = has;
      note.hidden = !model.get("note");
      quote.hidden = !has;
    };
    // One Python message changes several traits: draw once for all of them.
    let queued = false;
    let alive = true;
    const redraw = () => {
      if (queued) return;
      queued = true;
      queueMicrotask(() => {
        queued = false;
        if (alive) draw();
      });
    };
    const events = EXPLAINER_TRAITS.map((n) => `change:${n}`);
    for (const ev of events) model.on(ev, redraw);
    draw();
    return () => {
      alive = false;
      for (const ev of events) model.off(ev, redraw);
    };
  },
};
