// The page's measurements (src/bin/worker.rs), run in a Web Worker so the
// main thread only handles input and draws. Where no worker can start, the
// app imports this same file and runs `measurer` on the main thread.
//
// A request is {generation, query, work, key, settle, early}: an address,
// what to measure (most wanted first), the key typed into the one-key box,
// if any, whether a slider was held when it was sent, and whether early.js
// sent it before the app: then, once the claims are judged, the page that
// is the claims panel alone also comes back as {generation, early: html}.
// Each finished part of the report goes back as {generation, report} (the
// JSON the oracle prints), then {generation, done}.
// Only the newest request matters: one that arrives while another is being
// measured replaces it, and the old one stops at the next piece (a scheme,
// the claims, …), so a drag never leaves a queue of stale work behind.
// A request for the address being measured adds to its work; under a new
// generation (the page left the address and came back before the other
// was measured) it first gets every part measured so far again, as the
// page dropped those sent under the old number.
//
// A request may also name the reader's own keys by id (`keys`). If they
// are not here, the reply is {generation, needKeys} and the page sends
// {adopt: bytes} (the list as `KeyList::to_text` writes it, in UTF-8) and
// asks again.
//
// Reading keys: {read: {id, file | text, field, split}} reads a File (or
// pasted text) a chunk at a time, between the pieces of measuring, and
// replies {reading: id, seen, bytes, total} every 2 MB, then
// {reading: id, keys: bytes, ms} (bytes: that text as a Uint8Array, handed
// over rather than copied) or {reading: id, refused: sentence};
// {cancelRead: id} stops it ({reading: id, cancelled}). Nothing read
// leaves this module except that reply to the page.
import init, {
  start,
  step,
  early_page,
  adopt_keys,
  read_begin,
  read_feed,
  read_finish,
  read_cancel,
} from "./worker.js";

// How long a new address must stay the newest before it is measured.
const SETTLE_MS = 40;

// Progress is told after each this many bytes (a few ms of counting).
const PROGRESS_BYTES = 2 << 20;
// Refused before reading (DEFINITIONS §16; the model counts lines, this the bytes).
const MAX_BYTES = 200_000_000;

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
// replies go to `send(reply, transfer)`. `fetched`, if given, is called
// once the module's bytes are all in, as it compiles.
export async function measurer(send, fetched) {
  const url = new URL("./worker_bg.wasm", import.meta.url);
  await init({ module_or_path: fetched ? toldWhenIn(url, fetched) : url });
  let newest = null;
  let running = false;
  // The read wanted now; reads run one after another, and each stops at
  // its next chunk once another is wanted.
  let reading = null;
  let reads = Promise.resolve();
  function read(order) {
    reading = order.id;
    reads = reads.then(() => readOne(order));
  }
  async function readOne(order) {
    const reply = (what, transfer) => send({ reading: order.id, ...what }, transfer);
    if (reading !== order.id) {
      reply({ cancelled: true });
      return;
    }
    const source = order.file ?? new Blob([order.text ?? ""]);
    const total = source.size;
    if (total > MAX_BYTES) {
      reply({ refused: `This file has ${total.toLocaleString("en-US")} bytes; the page reads at most ${MAX_BYTES.toLocaleString("en-US")}.` });
      return;
    }
    read_begin(order.field ?? 0, order.split ?? "spaces");
    const started = performance.now();
    // A stream, not slices: the browser hands the file over several times
    // quicker than a promise per slice.
    const reader = source.stream().getReader();
    try {
      let bytes = 0;
      let told = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (reading !== order.id) {
          reader.cancel();
          read_cancel();
          reply({ cancelled: true });
          return;
        }
        if (done) break;
        const seen = read_feed(value);
        bytes += value.length;
        if (bytes - told >= PROGRESS_BYTES) {
          told = bytes;
          reply({ seen, bytes, total });
          await turn();
        }
      }
      const keys = read_finish();
      reply({ keys, ms: performance.now() - started }, [keys.buffer]);
    } catch (problem) {
      reply({ refused: String(problem) });
    } finally {
      if (reading === order.id) reading = null;
    }
  }
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
      if (!start(request.query, request.work, request.key ?? "", request.keys ?? "", request.generation)) {
        send({ generation: request.generation, needKeys: request.keys });
        continue;
      }
      for (let part = step(); part !== undefined; part = step()) {
        if (part) send({ generation: request.generation, report: part });
        // Asked by early.js before the app: the page the claims alone make.
        const page = part && request.early ? early_page() : undefined;
        if (page) {
          request.early = false;
          send({ generation: request.generation, early: page });
        }
        await turn();
        if (newest) break;
      }
      if (!newest) send({ generation: request.generation, done: true });
    }
    running = false;
  }
  return (message) => {
    if (message.read) {
      read(message.read);
    } else if (message.cancelRead !== undefined) {
      if (reading === message.cancelRead) reading = null;
    } else if (message.adopt !== undefined) {
      adopt_keys(message.adopt);
    } else {
      newest = message;
      if (!running) run();
    }
  };
}

// The module at `url`, fetched and compiled as it streams in; `fetched`
// is called when its last byte has arrived.
async function toldWhenIn(url, fetched) {
  const response = await fetch(url);
  if (!response.ok || !response.body) {
    fetched();
    return response;
  }
  const body = response.body.pipeThrough(new TransformStream({ flush: fetched }));
  return new Response(body, { headers: { "Content-Type": "application/wasm" } });
}

// Started as a worker: take the page's messages.
if (typeof WorkerGlobalScope !== "undefined" && self instanceof WorkerGlobalScope) {
  // Messages sent before the module is ready wait, in order.
  const early = [];
  let measure = (message) => early.push(message);
  // Started by early.js before the app (named "early"): the module is
  // fetched on {go}, so that its bytes do not share the network with the
  // first screen's, and {fetched} says when they are in, for the app's to
  // start.
  const before = self.name === "early";
  let go;
  const going = before ? new Promise((resolve) => (go = resolve)) : Promise.resolve();
  self.onmessage = (event) => (event.data?.go ? go() : measure(event.data));
  const fetched = before ? () => self.postMessage({ fetched: true }) : undefined;
  going.then(() => measurer((reply, transfer = []) => self.postMessage(reply, transfer), fetched)).then(
    (ready) => {
      measure = ready;
      self.postMessage({ ready: true });
      early.forEach(ready);
    },
    (error) => self.postMessage({ failed: String(error) }),
  );
}
