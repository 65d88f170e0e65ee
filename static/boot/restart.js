// A classic script, run before the page's modules: when the page has loaded but its modules never
// drew a first screen (a module lost on the way: a phone's network, or in the tests about once in
// 500 loads while their server's listen backlog was socketserver's 5, tests/e2e/conftest.py; the
// page then stayed on its loading screen for good), the page loads itself once more. Once a minute at
// most (sessionStorage), so a page that cannot start does not reload for ever.
(() => {
  const KEY = "briscola:restarted-at";
  const started = () => globalThis.briscolaStarted === true;  // app.js, once its first screen is chosen
  addEventListener("load", () => setTimeout(() => {
    if (started()) return;
    try {
      if (Date.now() - (Number(sessionStorage.getItem(KEY)) || 0) < 60_000) return;
      sessionStorage.setItem(KEY, String(Date.now()));
    } catch {
      return;  // storage off: nothing would stop a second reload
    }
    console.warn("The page's modules did not start: loading it again");
    location.reload();
  }, 5000));
})();
