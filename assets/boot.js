// Loads the WebAssembly app. Kept in its own file (not inline) so the page
// can run under a Content-Security-Policy that forbids inline scripts.
import init from "./ringcount.js";

init({ module_or_path: new URL("./ringcount_bg.wasm", import.meta.url) });

// Offline after the first visit: a service worker for this folder (sw.js),
// registered once the page has loaded so its copying never competes with
// the page's own first download.
if ("serviceWorker" in navigator) {
  addEventListener("load", () => {
    navigator.serviceWorker.register("./sw.js").catch(() => {
      // No offline copy (a file:// page, or a browser that refuses): the page works as it is.
    });
  });
}
