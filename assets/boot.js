// Loads the page. Kept in its own file (not inline) so the page can run
// under a Content-Security-Policy that forbids inline scripts.
//
// First the first screen's small module (first.js, from src/bin/first.rs):
// it measures the ring for the address and draws it into the placeholder
// (or the one panel of an embed it can draw), after a fraction of the app's
// bytes. Then the app, which replaces it (early.js has been fetching the
// app's files since the first screen's wasm arrived).
// early.js says whether there is a first screen: on the full page, and for
// a panel alone that the module can draw; any other embed or panel alone
// skips it, and the app builds it at once.
const root = document.documentElement;
const first = root.hasAttribute("data-first-screen");

// The closing prose, held back from the first paint by early.js, is laid
// out once the app has taken its room and the prose comes within a screen
// of the viewport; at once if the app could not start, or if the reader
// scrolls before the app has arrived (on a slow network, say).
const tailHeld = root.classList.contains("tail-later");
function showTail() {
  root.classList.remove("tail-later");
}
function watchTail() {
  const tail = document.getElementById("leaves-out");
  if (!tail || !("IntersectionObserver" in window)) return showTail();
  const watch = new IntersectionObserver(
    (entries) => {
      if (!entries[entries.length - 1].isIntersecting) return;
      showTail();
      watch.disconnect();
    },
    { rootMargin: "100% 0px" },
  );
  watch.observe(tail);
}
if (tailHeld) addEventListener("scroll", showTail, { once: true, passive: true });

async function firstScreen() {
  await new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = "./first.js";
    script.onload = resolve;
    script.onerror = reject;
    document.head.append(script);
  });
  // first.js defines the global wasm_bindgen (a no-modules build).
  await wasm_bindgen({ module_or_path: new URL("./first_bg.wasm", import.meta.url) });
}

try {
  if (first) await firstScreen();
} catch {
  // No first screen (an old browser, a failed download): the app draws the same figures.
}
// Claims the worker wrote while the first screen was on its way.
window.ringcountEarly?.show();
// The app's files wait for the measuring worker's, which early.js started,
// so its verdicts do not share the network with them.
if (window.ringcountEarly) await window.ringcountEarly.fetched;
const app = import("./ringcount.js").then(({ default: init }) =>
  init({ module_or_path: new URL("./ringcount_bg.wasm", import.meta.url) }),
);

if (tailHeld) app.then(watchTail, showTail);

// Offline after the first visit: a service worker for this folder (sw.js),
// registered once the app is running, so its copying never competes with
// the page's own first download.
if ("serviceWorker" in navigator) {
  const registerWorker = () =>
    navigator.serviceWorker.register("./sw.js").catch(() => {
      // No offline copy (a file:// page, or a browser that refuses): the page works as it is.
    });
  app.then(registerWorker, registerWorker);
}
