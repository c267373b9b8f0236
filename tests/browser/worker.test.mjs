// Where the measurements run: in a Web Worker, whose report is the very JSON
// the native oracle prints; and, where no worker can start (an old browser,
// or a host whose policy refuses one), on the main thread, with the same
// figures. Both after a change made while the panels were out of view.
import { test } from "node:test";
import assert from "node:assert/strict";
import { sharedBrowser, open, serve, claims, schemeRows, figure, nativeFigures } from "./harness.mjs";

const env = sharedBrowser();

// Before the page's own scripts: keep every reply the page's workers send.
function recordReplies() {
  const Native = window.Worker;
  window.__replies = [];
  window.Worker = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", (event) => window.__replies.push(event.data));
    }
  };
}

/** Where the page says it measures, once it has said (the worker reports ready in its own time). */
async function measuredBy(page) {
  const handle = await page.waitForFunction(() => document.documentElement.dataset.measuredBy);
  return handle.jsonValue();
}

/** The report the worker finished last, its parts merged as the page merges them. */
async function lastReport(page) {
  const handle = await page.waitForFunction(
    () => {
      const replies = window.__replies.filter((r) => r.generation);
      const newest = Math.max(...replies.map((r) => r.generation));
      if (!replies.some((r) => r.generation === newest && r.done)) return null;
      const report = {};
      for (const reply of replies.filter((r) => r.generation === newest && r.report)) {
        for (const [part, value] of Object.entries(JSON.parse(reply.report))) {
          if (value !== null) report[part] = value;
        }
      }
      return report;
    },
    null,
    { timeout: 90000 },
  );
  return handle.jsonValue();
}

/** The oracle's report, with what only a browser measures (lookup times) left for the page's. */
function withoutTimes(report) {
  const copy = structuredClone(report);
  for (const row of [...(copy.schemes ?? []), ...(copy.systems ?? [])]) row.lookup = null;
  return copy;
}

/** The claims, schemes and failure figures on the page equal the oracle's. */
async function expectOracleFigures(page, label) {
  const query = new URL(page.url()).search.slice(1);
  const expected = nativeFigures(query);
  assert.deepEqual(await claims(page), expected.claims, `${label}: claims at ${query}`);
  assert.deepEqual(await schemeRows(page), expected.schemes, `${label}: schemes at ${query}`);
  assert.deepEqual(await schemeRows(page, "systems"), expected.systems, `${label}: systems at ${query}`);
  for (const name of ["rerouted", "no-live-copy", "copies-to-remake", "copysets"]) {
    assert.equal(Number(await figure(page, name)), expected.failure[name], `${label}: ${name} at ${query}`);
  }
  return expected;
}

/** Change the points while the deferred panels are out of view, then check them. */
async function changeOutOfView(page) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.locator("#points-range").fill("2");
  await page.waitForFunction(() => /points=/.test(location.search));
  // Still held: the claims below the fold have not caught up yet, or have
  // not been redrawn; revealing them must bring the new figures.
}

test("the worker's report is the oracle's JSON, and the panels show it, also after a change out of view", async () => {
  const { page, close } = await open(env.browser, env.served, "?keys=3000&key=user:42", { init: recordReplies });
  assert.equal(await measuredBy(page), "worker");
  let expected = await expectOracleFigures(page, "worker");
  let report = await lastReport(page);
  assert.ok([...report.schemes, ...report.systems].every((row) => row.lookup.nanos_per_lookup > 0),
    "the worker timed every scheme's and system's lookups");
  assert.deepEqual(withoutTimes(report), expected.report);

  await changeOutOfView(page);
  expected = await expectOracleFigures(page, "worker, changed out of view");
  report = await lastReport(page);
  assert.deepEqual(withoutTimes(report), expected.report);
  assert.equal(report.one_key.key, "user:42");
  await close();
});

for (const [label, options] of [
  ["a browser without workers", { init: () => delete window.Worker }],
  ["a host whose policy refuses workers", { policy: "worker-src 'none'" }],
]) {
  test(`${label}: the same figures, measured on the main thread`, async () => {
    const served = options.policy ? await serve({ policy: options.policy }) : env.served;
    const { page, errors, close } = await open(env.browser, served, "?keys=3000", { init: options.init });
    assert.equal(await measuredBy(page), "main-thread");
    await expectOracleFigures(page, label);
    await changeOutOfView(page);
    await expectOracleFigures(page, `${label}, changed out of view`);
    assert.deepEqual(errors.filter((e) => /panicked|RuntimeError/.test(e)), []);
    await close();
    if (served !== env.served) await served.close();
  });
}

test("an address left and come back to before the other was measured gets its parts again", async () => {
  const { page, close } = await open(env.browser, env.served, "?keys=2000", { lazy: true });
  // The measurer driven directly: while the first address is measured, the
  // page asks for a second and, before that one starts, for the first again
  // under a new number. It must not lose the failure sent under the old one.
  const replies = await page.evaluate(async () => {
    const { measurer } = await import(new URL("measure.js", document.baseURI).href);
    const ask = (generation, query) => ({ generation, query, work: "failure,schemes", key: "", keys: "", settle: false });
    const replies = [];
    let measure;
    let left = false;
    await new Promise((finished) => {
      measurer((reply) => {
        replies.push({ generation: reply.generation, parts: reply.report ? Object.entries(JSON.parse(reply.report))
          .filter(([, value]) => value !== null).map(([part]) => part) : [], done: Boolean(reply.done) });
        if (!left && reply.generation === 1 && replies.at(-1).parts.includes("failure")) {
          left = true;
          measure(ask(2, "keys=2500"));
          measure(ask(3, "keys=3000"));
        }
        if (reply.generation === 3 && reply.done) finished();
      }).then((ready) => {
        measure = ready;
        measure(ask(1, "keys=3000"));
      });
    });
    return replies;
  });
  assert.deepEqual(replies.filter((r) => r.generation === 2), [], "the second address was never started");
  const third = replies.filter((r) => r.generation === 3).flatMap((r) => r.parts);
  for (const part of ["query", "failure", "schemes"]) assert.ok(third.includes(part), `${part} under the new number: ${third}`);
  assert.equal(third.filter((p) => p === "failure").length, 1, "sent again, not measured again");
  await close();
});
