// Runs before the body is drawn (a classic script in the head, allowed by
// the page's CSP as its own file): an embedded view or a single panel hides
// the title and the closing prose before they can paint, and the wasm app
// then fills #app; the full page fetches its first screen's module early.
(function () {
  var query = new URLSearchParams(location.search);
  var root = document.documentElement;
  var embed = query.get("embed");
  if (embed === "1" || embed === "true") root.classList.add("embedded");
  if (query.get("panel")) root.classList.add("single-panel");
  // The full page starts with the first screen's small module (boot.js):
  // fetch both its files at once, not one after the other. The app's files
  // follow once it has drawn, so on a phone's network they do not share its
  // bandwidth. An embed skips the first screen and never fetches them.
  if (!root.classList.contains("embedded") && !root.classList.contains("single-panel")) {
    for (var i = 0; i < 2; i++) {
      var link = document.createElement("link");
      link.rel = "preload";
      link.href = i === 0 ? "./first.js" : "./first_bg.wasm";
      link.as = i === 0 ? "script" : "fetch";
      if (i === 1) {
        link.type = "application/wasm";
        link.crossOrigin = "anonymous";
      }
      document.head.appendChild(link);
    }
  }
})();
