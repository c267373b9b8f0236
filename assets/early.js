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
  // An embed's height, told to the frame's parent in every form a course
  // host listens for (DEFINITIONS §5), so hosts that strip the author's
  // scripts still size the frame: the one writer of these messages, called
  // by whatever writes the embed (the worker's page below, the first
  // screen, the app; src/app/embed.rs). The height is not a secret and the
  // course page may be on any origin, hence "*"; each message goes to the
  // parent only, and nothing is read back. Not in a frame, nobody to tell.
  var secret = /^#\?(?:.*?&)?secret=([A-Za-z0-9]{1,64})(?:&|$)/.exec(location.hash);
  window.ringcountHeight = function () {
    if (parent === window) return;
    // The content's own height, not scrollHeight, which never reports less
    // than the frame's, so a frame could grow but not shrink.
    var height = Math.ceil(root.getBoundingClientRect().height);
    parent.postMessage({ type: "ringcount:height", height: height }, "*");
    parent.postMessage({ subject: "lti.frameResize", height: height }, "*"); // Canvas LMS
    parent.postMessage(JSON.stringify({ context: "iframe.resize", height: height }), "*"); // Embedly
    // A WordPress embed carries its secret in the address fragment.
    if (secret) parent.postMessage({ secret: secret[1], message: "height", value: height }, "*");
  };
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
  // The claims wait on the measuring worker, not on the app: on the full
  // page and alone, its module comes before the app's files (at once alone,
  // after the first screen's module on the page), so the verdicts do not
  // share the network with them; the app's start as its last byte arrives.
  var early = (!alone || query.get("panel") === "claims") && measureEarly();
  var next = function () {
    if (!early) return preload(app, true);
    early.start();
    early.fetched.then(function () {
      preload(app, true);
    });
  };
  if (!first) return next();
  // The app's files start once the module's have arrived, while the module
  // compiles and draws: the network is free then, and the first figure
  // does not share it.
  var wasm = preload(["./first.js", "./first_bg.wasm"], false);
  var started = false;
  var afterModule = function () {
    if (started) return;
    started = true;
    next();
  };
  wasm.onload = afterModule;
  wasm.onerror = afterModule;

  // The measuring worker (assets/measure.js), started at once with the
  // address's claims to judge; its module is fetched on `start` ({go}), and
  // `fetched` resolves once its bytes are in ({fetched}), or it could not
  // start. Its replies are kept in order for the app, which takes the
  // worker over (src/app/measure.rs); until then what it writes of the
  // claims ({early}) is shown (`show`). None with the reader's own keys kept
  // for the tab: the app measures those.
  function measureEarly() {
    try {
      if (sessionStorage.getItem("ringcount:your-keys")) return null;
    } catch (refused) {
      // No storage, so no keys kept in it.
    }
    var early = { replies: [] };
    var resolve;
    early.fetched = new Promise(function (done) {
      resolve = done;
    });
    // Refused by the host's policy, or its module failed to load: the app measures without it.
    var failed = function () {
      early.failed = true;
      resolve();
    };
    try {
      early.worker = new Worker("./measure.js", { type: "module", name: "early" });
    } catch (refused) {
      failed();
      early.start = function () {};
      return early;
    }
    early.worker.onerror = failed;
    early.worker.onmessage = function (event) {
      var reply = event.data;
      early.replies.push(reply);
      if (reply.fetched || reply.ready || reply.failed) resolve();
      if (reply.early) early.show(reply.early);
    };
    // The generation of the app's first request, so these replies are its
    // too. The full page's evidence waits for the lesson's questions, so
    // they are measured before its claims are shown.
    early.query = location.search;
    var work = alone ? "claims" : "claims,questions";
    early.worker.postMessage({ generation: 1, query: early.query, work: work, key: "", keys: "", settle: false, early: true });
    early.start = function () {
      early.worker.postMessage({ go: true });
    };
    // Show what the worker wrote (or what it wrote before, `page` left out),
    // unless the app has taken its place or the first screen's controls
    // have changed the address since it was asked: the whole page for the claims
    // alone; on the full page, the claims' slot under the first screen's
    // ring once that module has said which questions wait (data-asks,
    // which holds their answers back), else when boot.js calls again.
    early.show = function (page) {
      early.page = page || early.page;
      if (!early.page || root.hasAttribute("data-app") || location.search !== early.query) return;
      if (alone) {
        document.getElementById("app").innerHTML = early.page;
        window.ringcountHeight();
      } else if (root.hasAttribute("data-asks")) {
        document.querySelector(".first-screen .panels").insertAdjacentHTML("beforeend", early.page);
      } else {
        return;
      }
      early.page = null;
    };
    window.ringcountEarly = early;
    return early;
  }
})();
