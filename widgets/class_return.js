// A class page that never came alive tries again by itself. The server puts this script at the top of every
// class page (a pupil's lesson page of a class, the teacher's dashboard), before Voila's own scripts, so it runs
// whatever becomes of them. The class widgets' heartbeat (heartbeat.js: reloadWhenBack) brings back a page
// whose kernel is lost once they have drawn; a page whose widgets never drew has no heartbeat. That happens
// when a page reloads into a server that has just started and is busy starting every page's kernel at once:
// the kernel's start or its websocket fails, Voila shows its own error ("Kernel never reached an 'alive'
// state") or a page without widgets, and nothing would ever try again. So: no class widget drawn some time
// after the page finished loading (or a long time after it began, for a page that never finishes), ask the
// server for a static file (no kernel, no place) and reload once it answers; each try of a tab in a row waits
// twice as long as the one before, so a page that cannot come does not knock all the time.
(() => {
  const DRAWN = ".dl-class-card, .dl-class-dash"; // the class widgets: drawn, they watch the kernel themselves
  const AFTER_LOAD_MS = 40000; // widgets draw within seconds of a finished page whose kernel is alive
  const NEVER_LOADED_MS = 300000; // a page still streaming this long has lost its kernel's start
  const CHECK_MS = 3000; // how often to look (plus up to as much again at random)
  const MAX_WAIT_MS = 240000; // the longest wait between two tries of one tab
  const TRIES_KEY = "donkeylab-return-tries"; // tries in a row without a drawn page (sessionStorage)
  const began = Date.now();
  let loaded = document.readyState === "complete" ? began : 0;
  window.addEventListener("load", () => {
    loaded = Date.now();
  });
  const tries = () => Number(window.sessionStorage.getItem(TRIES_KEY) || 0);
  // later tries wait longer: 40 s, 80 s, 160 s … after the page loaded; a random part spreads a class's pages
  const wait = Math.min(MAX_WAIT_MS, AFTER_LOAD_MS * 2 ** tries()) * (1 + Math.random() / 3);
  const probeUrl = window.location.pathname.split("voila/render/")[0] + "voila/static/voila.js";
  const look = async () => {
    if (document.querySelector(DRAWN)) {
      window.sessionStorage.removeItem(TRIES_KEY); // alive: the next loss starts again from the first wait
      return;
    }
    const now = Date.now();
    if ((loaded && now - loaded > wait) || now - began > NEVER_LOADED_MS + wait) {
      let back = false;
      try {
        back = (await fetch(probeUrl, { cache: "no-store", credentials: "same-origin" })).ok;
      } catch (err) {
        back = false; // the server is away: look again
      }
      if (back && !document.querySelector(DRAWN)) {
        window.sessionStorage.setItem(TRIES_KEY, String(tries() + 1));
        window.location.reload();
        return;
      }
    }
    setTimeout(look, CHECK_MS * (1 + Math.random()));
  };
  setTimeout(look, CHECK_MS * (1 + Math.random()));
})();
