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
  // What draws first: the full page starts with its first screen's small
  // module (boot.js), and so does a panel alone that the module can draw
  // (the ids of snapshot_panels::ALL; tests/snapshot_panels.rs keeps the two
  // lists equal). Any other embed or panel alone is drawn by the app itself.
  // Its files are fetched at once, not each only when the one before it
  // asks.
  var firstScreenPanels = ["entries", "moved", "modulo"];
  var alone = root.classList.contains("embedded") || root.classList.contains("single-panel");
  var first = !alone || firstScreenPanels.indexOf(query.get("panel")) >= 0;
  // The closing prose lies a screen or more below the first paint, yet its
  // layout was a large part of that paint's work at 4x CPU. boot.js lays it
  // out once the app has taken its room and the prose comes near. Not when
  // the address names a place on the page (the browser scrolls there before
  // anything has run), nor where boot.js, a module, could never run.
  if (!alone && !location.hash && "noModule" in document.createElement("script")) {
    root.classList.add("tail-later");
  }
  if (first) root.setAttribute("data-first-screen", "");
  function preload(files, module) {
    var last;
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
        link.rel = module ? "modulepreload" : "preload";
        link.as = "script";
      }
      document.head.appendChild(link);
      last = link;
    }
    return last;
  }
  var app = ["./ringcount.js", "./ringcount_bg.wasm"];
  if (!first) return preload(app, true);
  // The app's files start once the module's have arrived, while the module
  // compiles and draws: the network is free then, and the first figure
  // does not share it.
  var wasm = preload(["./first.js", "./first_bg.wasm"], false);
  var started = false;
  var startApp = function () {
    if (started) return;
    started = true;
    preload(app, true);
  };
  wasm.onload = startApp;
  wasm.onerror = startApp;
})();
