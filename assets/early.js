// Runs before the body is drawn (put into the page's head by the build,
// and allowed by its CSP by hash): an embedded view or a single panel hides
// the title and the closing prose before they can paint, and the wasm app
// then fills #app. It also starts fetching the files that draw first.
(function () {
  var query = new URLSearchParams(location.search);
  var root = document.documentElement;
  var embed = query.get("embed");
  if (embed === "1" || embed === "true") root.classList.add("embedded");
  if (query.get("panel")) root.classList.add("single-panel");
  // Fetch the files of what draws first at once, not each only when the
  // one before it asks: the full page starts with its first screen's small
  // module (boot.js), and the app's files follow once it has drawn, so on a
  // phone's network they do not share its bandwidth. An embed or a panel
  // alone is drawn by the app itself, and never fetches the small module.
  var alone = root.classList.contains("embedded") || root.classList.contains("single-panel");
  var files = alone ? ["./ringcount.js", "./ringcount_bg.wasm"] : ["./first.js", "./first_bg.wasm"];
  for (var i = 0; i < files.length; i++) {
    var link = document.createElement("link");
    link.href = files[i];
    if (/\.wasm$/.test(files[i])) {
      link.rel = "preload";
      link.as = "fetch";
      link.type = "application/wasm";
      link.crossOrigin = "anonymous";
    } else {
      // The app's glue is a module, the small module's a plain script.
      link.rel = alone ? "modulepreload" : "preload";
      link.as = "script";
    }
    document.head.appendChild(link);
  }
})();
