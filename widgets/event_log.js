// The event log: the latest events up to the Stepper's cursor, newest last, each with its rule ID.
// A click on an entry jumps the Stepper to that step (the future is kept).

function draw(v) {
  const { h } = K;
  const { st, say } = v;
  const { title, list } = v.ui.parts(v.root);
  title.textContent = say("title");
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
            title: say("go_to", { k: e.index }),
            onclick: () => K.send(st, { method: "jump", k: e.index }),
          },
          String(e.index),
        ),
        h("span", { class: "dl-rule" }, e.rule),
        h("span", { class: "dl-text" }, e.text),
      );
    }),
  );
  if (!entries.length) list.append(h("li", { class: "dl-log-empty" }, say("empty")));
  // The newest entry in sight, inside the list only (scrollIntoView also scrolled the page under a pupil
  // who was reading above it) and in the next frame, so the page is laid out once, not once per redraw.
  requestAnimationFrame(() => {
    list.scrollTop = list.scrollHeight;
  });
}

/** The title and the list, made once inside the view's root (the list keeps its scroll position). */
function setup() {
  let made = null;
  return {
    parts(root) {
      if (!made) {
        const { h } = K;
        made = { title: h("div", { class: "dl-log-title" }), list: h("ol", { class: "dl-log" }) }; // not live: the Stepper's announcer says each event once
        root.classList.add("dl-log-box");
        root.append(made.title, made.list);
      }
      return made;
    },
  };
}

let K; // common.js's helpers (h, s, send, viewWidget, ...), exported by the page's one FrontEndKit widget
const VIEW = { className: "dl-log-box", traits: ["log", "index", "substep", "lang"], draw, setup };

export default {
  async render(ctx) {
    K ??= (await ctx.host.getWidget(ctx.model.get("kit"))).exports;
    return K.viewWidget(VIEW).render(ctx);
  },
};
