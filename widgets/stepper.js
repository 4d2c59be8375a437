// The Stepper's bar: Start / Back / Step / Play, speed, position, language, whose eyes, the phase sentence,
// notices and errors, and one button per decision open to the player to act. Draws only from traits.

function stepperBar(st) {
  const { h, send } = K;
  const say = (key, vars) => K.word(st, st.get("lang"), key, vars);
  const root = h("div", { class: "dl-stepper", tabindex: "0", role: "group" });
  const btn = (cls, method, extra = {}) =>
    h("button", { class: `dl-btn ${cls}`, type: "button", onclick: () => send(st, { method, ...extra }) });
  const first = btn("dl-first", "jump", { k: 0 });
  const back = btn("dl-back", "back");
  const step = btn("dl-step", "step");
  const play = h("button", {
    class: "dl-btn dl-play",
    type: "button",
    onclick: () => send(st, { method: st.get("playing") ? "pause" : "run" }),
  });
  const speed = h("input", { class: "dl-speed", type: "range", min: "0.5", max: "10", step: "0.5" });
  speed.addEventListener("input", () => {
    st.set("speed", Number(speed.value));
    st.save_changes();
  });
  const speedLabel = h("label", { class: "dl-speed-label" }, h("span", {}), speed);
  const pos = h("span", { class: "dl-pos" });
  const lang = h("select", { class: "dl-lang" }, h("option", { value: "en" }), h("option", { value: "de" }));
  lang.addEventListener("change", () => {
    st.set("lang", lang.value);
    st.save_changes();
  });
  const seat = h("select", { class: "dl-seat" });
  seat.addEventListener("change", () => {
    st.set("seat", seat.value === "" ? null : Number(seat.value));
    st.save_changes();
  });
  const phase = h("div", { class: "dl-phase" });
  // The page's one voice for a screen reader: each step says the event it shows and what comes next, once.
  // (The log, the position and the explainer are not live: each step would read them all again.)
  const announce = h("div", { class: "dl-sr-only dl-announce", "aria-live": "polite", "aria-atomic": "true" });
  const notice = h("div", { class: "dl-notice", role: "status" });
  const error = h("div", { class: "dl-error", role: "alert" });
  const choices = h("div", { class: "dl-choices", role: "group" });
  root.append(
    h("div", { class: "dl-row" }, first, back, step, play, speedLabel, pos, h("span", { class: "dl-spacer" }), seat, lang),
    phase,
    announce,
    notice,
    error,
    choices,
  );
  K.keyNav(root, st);

  function draw() {
    const snap = st.get("snapshot") || {};
    const events = snap.events || [];
    const index = st.get("index");
    const length = st.get("length");
    const sub = st.get("substep");
    const playing = st.get("playing");
    const label = (el, text, aria) => {
      el.textContent = text;
      el.setAttribute("aria-label", aria || text);
      el.title = aria || text;
    };
    label(first, "|◀", say("first_aria"));
    label(back, say("back"), say("back_aria"));
    label(step, say("step"), say("step_aria"));
    label(
      play,
      say(playing ? "pause" : "play"),
      say(playing ? "pause_aria" : "play_aria"),
    );
    play.setAttribute("aria-pressed", playing ? "true" : "false");
    first.disabled = index === 0 && sub === events.length;
    back.disabled = index === 0 && (sub <= 1 || !st.get("substeps"));
    const atEnd = index === length - 1 && sub >= events.length;
    step.disabled = atEnd && (st.get("notice") !== "" || snap.current_player === null);
    speed.value = String(st.get("speed"));
    speed.setAttribute("aria-label", say("speed_aria"));
    speedLabel.firstChild.textContent = say("speed");
    const where =
      events.length > 1 ? say("position_at", { index }) + say("event", { sub, n: events.length }) : say("position", { index, last: length - 1 });
    pos.textContent = where;
    lang.value = st.get("lang");
    lang.setAttribute("aria-label", say("language"));
    lang.options[0].textContent = say("lang_en");
    lang.options[1].textContent = say("lang_de");
    drawSeats(snap);
    const inside = events.length > 1 && sub < events.length;
    phase.textContent = inside ? `${events[sub - 1]?.text ?? ""}` : snap.phase_text || "";
    // The labels above follow `lang` at once; the sentence and the choices come with the kernel's snapshot,
    // a moment later. Each says its own language (for screen readers, and for tests waiting on the kernel).
    if (snap.lang) {
      phase.setAttribute("lang", snap.lang);
      choices.setAttribute("lang", snap.lang);
    }
    phase.classList.toggle("dl-inside", inside);
    const shown = events[Math.max(0, Math.min(sub, events.length) - 1)];
    const said = [shown?.text, inside ? "" : snap.phase_text].filter(Boolean).join(" ");
    if (announce.textContent !== said) announce.textContent = said;
    if (snap.lang) announce.setAttribute("lang", snap.lang);
    notice.textContent = st.get("notice");
    notice.hidden = !st.get("notice");
    error.textContent = st.get("error");
    error.hidden = !st.get("error");
    drawChoices(snap);
  }

  function drawSeats(snap) {
    const players = snap.players || [];
    const want = [["", say("teacher")]].concat(
      players.map((p) => [String(p.seat), say("seen_by", { name: p.name })]),
    );
    seat.replaceChildren(...want.map(([v, text]) => h("option", { value: v }, text)));
    const current = st.get("seat");
    seat.value = current === null || current === undefined ? "" : String(current);
    seat.setAttribute("aria-label", say("whose"));
  }

  function drawChoices(snap) {
    // After a choice the buttons change: focus goes to the choice at the same place, or to Step when the
    // move's sub-steps come first (no choices then).
    K.keepFocus(choices, "button", (el) => el.dataset.action, () => fillChoices(snap), () => (step.disabled ? null : step));
  }

  function fillChoices(snap) {
    const inside = (snap.events || []).length > 1 && st.get("substep") < snap.events.length;
    const legal = inside ? [] : snap.legal || [];
    const atCursorEnd = st.get("index") === st.get("length") - 1;
    choices.replaceChildren();
    if (!legal.length) {
      choices.hidden = true;
      return;
    }
    choices.hidden = false;
    choices.setAttribute("aria-label", say("choices"));
    choices.append(h("span", { class: "dl-choices-label" }, say(atCursorEnd ? "choose" : "choose_drop")));
    for (const a of legal) {
      choices.append(
        h("button", {
          class: "dl-btn dl-choice",
          type: "button",
          "data-action": a.action,
          "aria-label": a.label,
          onclick: () => send(st, { method: "play", action: a.action }),
        }, a.label),
      );
    }
  }

  return { root, draw };
}

let K; // common.js's helpers (h, send, follow, heartbeat, ...), exported by the page's one FrontEndKit widget

export default {
  async render({ model, el, host }) {
    K ??= (await host.getWidget(model.get("kit"))).exports;
    const bar = stepperBar(model);
    const banner = K.lostBanner();
    el.append(banner, bar.root);
    const stopBeating = K.heartbeat(model, banner);
    const unfollow = K.follow(model, bar.draw, ["snapshot", "substep", "error", "notice", "index", "length", "playing", "lang", "seat", "speed", "words"]);
    return () => {
      stopBeating();
      unfollow();
    };
  },
};
