// Tells the kernel that this page has drawn its widgets. Voila's widget manager loads every model's state
// from the kernel once, then creates the models; a kernel update in between is for a model the page has not
// made yet and is dropped. A widget updated from a kernel thread (class mode's join) re-sends its state on this
// message, so the page ends with the kernel's state whatever the timing.
export default {
  render({ model }) {
    model.send({ drawn: 1 });
  },
};
