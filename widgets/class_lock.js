// "Lock in my guess" on a pupil's class page. The click carries the guess the pupil SEES: the value of the
// prediction's own input model in this page (a slider's `value`, a choice's `index`). A value that left the
// page with the input's own update could arrive after the click, and the kernel would lock an older guess.
// The kernel checks the value (a number in the slider's range, an index of a choice) and decides; this file
// draws what the kernel says: the button's label, whether it is enabled, and the status sentence.
// Two sentences are the page's own, in the kernel's words sent ahead (`texts`): "sending" the moment the
// pupil clicks, and "not saved" when the kernel does not answer (heartbeat.js, joined before this file:
// sendOrSay, no pong within ANSWER_MS of the click, or the connection already known lost). A disabled button
// always has a sentence under it; while the page joins the class that is `texts.joining`.
export default {
  render({ model, el, host }) {
    const box = document.createElement("div");
    box.className = "dl-class-lock-box";
    const button = document.createElement("button");
    button.type = "button";
    button.className = "dl-class-lock";
    const status = document.createElement("div");
    status.className = "dl-class-status";
    status.setAttribute("role", "status");
    const lost = lostBanner(); // never shown here: its `hidden` is the heartbeat's verdict on the connection
    box.append(button, status);
    el.append(box);
    const stopBeat = heartbeat(model, lost);
    let own = null, later = null; // the page's own sentence while it waits for the kernel's word

    const say = (key, kind) => {
      own = { text: (model.get("texts") || {})[key] || "", kind };
      draw();
    };
    button.addEventListener("click", async () => {
      const ref = model.get("input");
      if (!ref || button.disabled) return;
      const input = await host.getModel(ref);
      clearTimeout(later);
      say("sending", "none");
      sendOrSay(model, lost, { method: "lock", value: input.get(model.get("reader")) },
        () => say("unsaved", "refused"),
        () => { later = setTimeout(kernelSaid, ANSWER_MS); }); // a kernel that said nothing: its status again
    });
    const kernelSaid = () => { own = null; clearTimeout(later); draw(); };
    const draw = () => {
      const T = model.get("texts") || {};
      button.textContent = model.get("label");
      button.disabled = !model.get("enabled");
      let text = model.get("status"), kind = model.get("kind");
      if (own) ({ text, kind } = own);
      else if (button.disabled && !text) text = T.joining || ""; // a disabled button says why
      status.textContent = text;
      status.dataset.kind = kind;
      box.setAttribute("lang", model.get("lang"));
    };
    const changes = ["status", "kind", "enabled"];
    const names = ["label", "lang", "texts"];
    for (const n of changes) model.on(`change:${n}`, kernelSaid);
    for (const n of names) model.on(`change:${n}`, draw);
    draw();
    return () => {
      for (const n of changes) model.off(`change:${n}`, kernelSaid);
      for (const n of names) model.off(`change:${n}`, draw);
      clearTimeout(later);
      stopBeat();
    };
  },
};
