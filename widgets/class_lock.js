// "Lock in my guess" on a pupil's class page. The click carries the guess the pupil SEES: the value of the
// prediction's own input model in this page (a slider's `value`, a choice's `index`). A value that left the
// page with the input's own update could arrive after the click, and the kernel would lock an older guess.
// The kernel checks the value (a number in the slider's range, an index of a choice) and decides; this file
// only draws what the kernel says: the button's label, whether it is enabled, and the status sentence.

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
    box.append(button, status);
    el.append(box);

    button.addEventListener("click", async () => {
      const ref = model.get("input");
      if (!ref || button.disabled) return;
      const input = await host.getModel(ref);
      model.send({ method: "lock", value: input.get(model.get("reader")) });
    });
    const draw = () => {
      button.textContent = model.get("label");
      button.disabled = !model.get("enabled");
      status.textContent = model.get("status");
      status.dataset.kind = model.get("kind");
      box.setAttribute("lang", model.get("lang"));
    };
    const names = ["label", "enabled", "status", "kind", "lang"];
    for (const n of names) model.on(`change:${n}`, draw);
    draw();
    return () => { for (const n of names) model.off(`change:${n}`, draw); };
  },
};
