// Loads the WebAssembly app. Kept in its own file (not inline) so the page
// can run under a Content-Security-Policy that forbids inline scripts.
import init from "./ringcount.js";

init({ module_or_path: new URL("./ringcount_bg.wasm", import.meta.url) });
