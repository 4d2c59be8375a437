// The event log: the latest events up to the Stepper's cursor, newest last, each with its rule ID.
// A click on an entry jumps the Stepper to that step (the future is kept).

export default {
  async render({ model, el, host }) {
    const st = await stepperOf(model, host);
    const title = h("div", { class: "dl-log-title" });
    const list = h("ol", { class: "dl-log" }); // not live: the Stepper's announcer says each event once
    const root = h("div", { class: "dl-view dl-log-box", tabindex: "0" }, title, list);
    keyNav(root, st);
    el.append(root);
    const draw = () => {
      title.textContent = tr(st, "What happened (newest last)", "Was geschah (neuestes unten)");
      const entries = st.get("log") || [];
      const index = st.get("index");
      const sub = st.get("substep");
      list.replaceChildren(
        ...entries.map((e) => {
          const current = e.index === index && e.sub === sub;
          return h(
            "li",
            { class: current ? "dl-log-entry dl-current" : "dl-log-entry", "aria-current": current ? "step" : null },
            h(
              "button",
              {
                class: "dl-log-jump",
                type: "button",
                title: tr(st, `go to step ${e.index}`, `zu Schritt ${e.index}`),
                onclick: () => send(st, { method: "jump", k: e.index }),
              },
              String(e.index),
            ),
            h("span", { class: "dl-rule" }, e.rule),
            h("span", { class: "dl-text" }, e.text),
          );
        }),
      );
      if (!entries.length) list.append(h("li", { class: "dl-log-empty" }, tr(st, "Nothing yet: press Step.", "Noch nichts: drücke Schritt.")));
      list.lastElementChild?.scrollIntoView?.({ block: "nearest" });
    };
    return follow(st, draw, ["log", "index", "substep", "lang"]);
  },
};
