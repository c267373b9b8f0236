// The page's measurements (src/bin/worker.rs), run in a Web Worker so the
// main thread only handles input and draws. Where no worker can start, the
// app imports this same file and runs `measurer` on the main thread.
//
// A request is {generation, query, work, key, settle}: an address, what to
// measure (most wanted first), the key typed into the one-key box, if any,
// and whether a slider was held when it was sent. Each finished part of the
// report goes back as {generation, report} (the JSON the oracle prints),
// then {generation, done}.
// Only the newest request matters: one that arrives while another is being
// measured replaces it, and the old one stops at the next piece (a scheme,
// the claims, …), so a drag never leaves a queue of stale work behind.
import init, { start, step } from "./worker.js";

// How long a new address must stay the newest before it is measured.
const SETTLE_MS = 40;

// Let messages in between pieces. A message to ourselves, not a timer,
// whose delay browsers clamp to 4 ms.
function turn() {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = resolve;
    channel.port2.postMessage(null);
  });
}

// Loads the module; resolves to a function that takes requests, whose
// replies go to `send`.
export async function measurer(send) {
  await init({ module_or_path: new URL("./worker_bg.wasm", import.meta.url) });
  let newest = null;
  let running = false;
  async function run() {
    running = true;
    while (newest) {
      // Asked while a slider is held: measure only once the requests pause
      // (or the slider is let go), so a drag's stale jobs do not take the
      // CPU its frames need.
      for (let seen = newest; seen.settle; seen = newest) {
        await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
        if (newest === seen) break;
      }
      const request = newest;
      newest = null;
      // A request for the address already being measured adds to it.
      start(request.query, request.work, request.key ?? "");
      for (let part = step(); part !== undefined; part = step()) {
        if (part) send({ generation: request.generation, report: part });
        await turn();
        if (newest) break;
      }
      if (!newest) send({ generation: request.generation, done: true });
    }
    running = false;
  }
  return (request) => {
    newest = request;
    if (!running) run();
  };
}

// Started as a worker: take requests from the page. One sent before the
// module is ready waits, the newest only.
if (typeof WorkerGlobalScope !== "undefined" && self instanceof WorkerGlobalScope) {
  let early = null;
  let measure = (request) => (early = request);
  self.onmessage = (event) => measure(event.data);
  measurer((reply) => self.postMessage(reply)).then(
    (ready) => {
      measure = ready;
      self.postMessage({ ready: true });
      if (early) ready(early);
    },
    (error) => self.postMessage({ failed: String(error) }),
  );
}
