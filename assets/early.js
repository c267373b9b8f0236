// Runs before the body is drawn (a classic script in the head, allowed by
// the page's CSP as its own file): an embedded view or a single panel hides
// the title and the closing prose before they can paint, and the wasm app
// then fills #app.
(function () {
  var query = new URLSearchParams(location.search);
  var root = document.documentElement;
  var embed = query.get("embed");
  if (embed === "1" || embed === "true") root.classList.add("embedded");
  if (query.get("panel")) root.classList.add("single-panel");
})();
