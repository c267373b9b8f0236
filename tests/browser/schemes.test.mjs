// The schemes panel in real headless Chromium: every scheme's row against
// DEFINITIONS §7 and the native model, the scheme claims, ε and probes controls,
// and the panel embedded on a phone.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { sharedBrowser, open, reveal, claims, schemeRows, nativeFigures, artifact } from "./harness.mjs";

/** A row's counts, without the names and words DEFINITIONS' tables leave out. */
const counts = ({ moved, "moved-between": between, busiest, quietest, entries }) =>
  ({ moved, "moved-between": between, busiest, quietest, entries });

const env = sharedBrowser();
const require = createRequire(import.meta.url);

/** DEFINITIONS §7, echo joins: moved / moved-between / busiest / quietest / entries. */
const DEFINED_JOIN = {
  ring: [205, 0, 228, 179, 1000], modulo: [773, 581, 218, 183, 5], jump: [214, 0, 214, 187, 1],
  rendezvous: [190, 0, 209, 190, 5], maglev: [214, 0, 214, 180, 65537], bounded: [205, 0, 228, 179, 1000],
  multiprobe: [234, 0, 256, 86, 5], slots: [207, 0, 207, 197, 16384],
};
const SCHEME_CLAIMS = ["jump-ends", "maglev-near", "bounded-cap", "rendezvous-names"];

/** The native model's rows and scheme claims for the page's current address. */
async function expectMatchesNative(page) {
  const query = new URL(page.url()).search.slice(1);
  const expected = nativeFigures(query);
  assert.deepEqual(await schemeRows(page), expected.schemes, query);
  const verdicts = await claims(page);
  for (const id of SCHEME_CLAIMS) assert.equal(verdicts[id], expected.claims[id], `${id} at ${query}`);
  return { expected, verdicts };
}

test("default: every scheme's row is DEFINITIONS §7's, lookups are timed, claims hold", async () => {
  const { page, errors, close } = await open(env.browser, env.served);
  const rows = await schemeRows(page);
  assert.deepEqual(Object.keys(rows), Object.keys(DEFINED_JOIN), "one row per scheme, in order");
  for (const [id, [moved, between, busiest, quietest, entries]] of Object.entries(DEFINED_JOIN)) {
    assert.deepEqual(counts(rows[id]), { moved, "moved-between": between, busiest, quietest, entries }, id);
  }
  const { verdicts } = await expectMatchesNative(page);
  for (const id of SCHEME_CLAIMS) assert.equal(verdicts[id], "yes", id);
  // DEFINITIONS §7: bravo leaving the five moves 740 under jump, 543 between others.
  assert.match(await page.locator('tr[data-claim="jump-ends"]').textContent(), /740 moved, 543 of them/);
  // Every lookup was timed in this browser, with its error shown (timed
  // once every row is placed: wait for the times, not for a moment).
  await page.waitForFunction(() =>
    [...document.querySelectorAll("#schemes-table tr[data-scheme]")].every((tr) => tr.dataset.lookupNs));
  const lookups = await page.$$eval("#schemes-table tr[data-scheme]", (trs) => trs.map((tr) => Number(tr.dataset.lookupNs)));
  for (const ns of lookups) assert.ok(ns > 0 && ns < 1e6, `lookup ${ns} ns`);
  assert.match(await page.locator("#schemes-table").textContent(), /ns ±\d+%/);
  // What a client holds comes from each placement.
  const holds = await page.$$eval("#schemes-table tr[data-scheme] td:nth-child(7)", (tds) => tds.map((td) => td.textContent));
  assert.deepEqual(holds, ["1,000 ring entries", "5 names", "the server count", "5 names",
    "65,537 table rows", "1,000 ring entries + 0 displaced keys", "5 ring entries", "16,384 slots"]);
  await page.locator("#schemes").screenshot({ path: artifact("schemes-1280.png") });
  assert.deepEqual(errors, []);
  await close();
});

test("one point per server: the cap binds and bounded loads pays for it", async () => {
  const { page, close } = await open(env.browser, env.served);
  await page.locator("#points-range").fill("0"); // the first stop: 1 point
  await page.waitForFunction(() => location.search.includes("points=1&"));
  const { expected } = await expectMatchesNative(page);
  // The ring's busiest holds more than bounded loads' cap, ⌈1.25 × 1000 ÷ 5⌉;
  // bounded loads holds it there.
  assert.ok(expected.schemes.ring.busiest > Math.ceil((1.25 * 1000) / 5));
  assert.equal(expected.schemes.bounded.busiest, Math.ceil((1.25 * 1000) / 5));
  assert.ok(expected.schemes.bounded["moved-between"] > 0);
  assert.match(await page.locator('tr[data-claim="bounded-cap"]').textContent(), /over the cap/);
  await close();
});

test("plain FNV-1a: every scheme matches the native model", async () => {
  const { page, close } = await open(env.browser, env.served);
  await page.locator("#hash").selectOption("fnv1a");
  await page.waitForFunction(() => location.search.includes("hash=fnv1a&"));
  await expectMatchesNative(page);
  await close();
});

test("ε and probes controls re-measure, and refuse bad values beside the control", async () => {
  const { page, errors, close } = await open(env.browser, env.served, "?points=1");
  await reveal(page, "schemes"); // the controls are in the panel's closed part
  await page.locator("#eps-number").fill("0.05");
  await page.locator("#eps-number").press("Enter");
  await page.waitForFunction(() => location.search.includes("eps=0.05"));
  await page.locator("#probes-range").fill("0"); // the first stop: 1 probe
  await page.waitForFunction(() => location.search.includes("probes=1"));
  const { expected } = await expectMatchesNative(page);
  assert.equal(await page.locator("#eps-range").inputValue(), "5");
  // A bad ε is refused with a message; the view and the address stay.
  const before = await schemeRows(page);
  for (const bad of ["3", "abc", "0.001"]) {
    await page.locator("#eps-number").fill(bad);
    await page.locator("#eps-number").press("Enter");
    await page.waitForFunction(() => document.querySelector("#eps-message").textContent.includes("0.05 to 2"));
    assert.ok(page.url().includes("eps=0.05"), bad);
  }
  await page.locator("#probes-number").fill("65");
  await page.locator("#probes-number").press("Enter");
  await page.waitForFunction(() => document.querySelector("#probes-message").textContent.includes("1 to 64"));
  assert.deepEqual(await schemeRows(page), before);
  assert.equal(expected.schemes.multiprobe.moved, before.multiprobe.moved);
  assert.deepEqual(errors, []);
  await close();
});

test("the schemes panel embeds on a phone without sideways scrolling", async () => {
  const { page, errors, close } = await open(env.browser, env.served, "?embed=1&panel=schemes", {
    viewport: { width: 390, height: 844 },
    ready: "#schemes-table tr[data-scheme]",
  });
  assert.equal(await page.locator(".masthead, .controls, #ring, #claims").count(), 0);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `sideways scroll of ${overflow}px`);
  await page.screenshot({ path: artifact("schemes-embed-390.png"), fullPage: true });
  assert.deepEqual(errors, []);
  await close();
});

test("one key's lookup under every client and scheme with a path is the oracle's, and steps line by line", async () => {
  // Issue 48 item 2: each client's own hash stages and ring, HAProxy's
  // nearest node, jump's loop, Maglev's row, rendezvous's scores, multi-probe's
  // probes, a hash slot, nginx's weight walk.
  const keys = ["user:42", "/img/65.jpg", "é", "key-0", "a"];
  const query = "weights=alpha:2";
  const { page, errors, close } = await open(env.browser, env.served, `?${query}`, { bypassCSP: true, answered: true });
  await reveal(page, "schemes");
  const ids = await page.$$eval("#key-path-for option", (options) => options.map((o) => o.value).filter((v) => v && v !== "ring"));
  for (const id of ["ketama", "nginx", "envoy-ring", "twemproxy", "jump", "maglev", "haproxy", "rendezvous", "envoy-maglev", "groupcache", "modulo", "multiprobe", "slots", "nginx-hash"]) {
    assert.ok(ids.includes(id), `${id} is offered`);
  }
  for (const key of keys) {
    await page.fill("#one-key", key);
    const expected = nativeFigures(query, ["--key", key])["key-paths"];
    assert.deepEqual(Object.keys(expected).sort(), [...ids].sort(), "the page offers every path the oracle prints");
    for (const id of ids) {
      await page.selectOption("#key-path-for", id);
      // The worker places the key: wait for this key's path under this rule.
      await page.waitForFunction(([id, bytes]) => document.querySelector(`ol.key-path[data-scheme="${id}"] [data-key-step="bytes"]`)?.dataset.value === bytes, [id, expected[id].bytes]);
      const shown = await page.$$eval("[data-key-step]", (steps) => Object.fromEntries(steps.map((s) => [s.dataset.keyStep, s.dataset.value])));
      assert.deepEqual(shown, expected[id], `${key} under ${id}`);
    }
  }
  // Step through jump's: one more step shown each time, its code line marked.
  await page.selectOption("#key-path-for", "jump");
  await page.waitForSelector('ol.key-path[data-scheme="jump"]');
  await page.getByRole("button", { name: "Step through it" }).click();
  const total = await page.locator("ol.key-path li").count();
  for (let step = 0; step < total; step++) {
    const state = await page.evaluate(() => ({
      visible: [...document.querySelectorAll("ol.key-path li")].filter((li) => !li.hidden).length,
      current: document.querySelector('ol.key-path li[aria-current="step"]')?.dataset.line,
      marked: [...document.querySelectorAll(".key-path-code mark")].map((m) => m.dataset.line),
      status: document.querySelector(".key-path-status").textContent,
    }));
    assert.equal(state.visible, step + 1, `step ${step + 1}: the steps so far`);
    assert.deepEqual(state.marked, [state.current], `step ${step + 1}: its own line marked, alone`);
    assert.equal(state.status, `Step ${step + 1} of ${total}.`);
    if (step === 4) {
      for (const width of [390, 1280, 1440]) {
        await page.setViewportSize({ width, height: 900 });
        await page.locator(".key-path-box").scrollIntoViewIfNeeded();
        await page.locator(".key-path-box").screenshot({ path: artifact(`key-path-steps-${width}.png`) });
        assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth), `${width}`);
      }
      await page.addScriptTag({ path: require.resolve("axe-core/axe.min.js") });
      const axe = await page.evaluate(() => window.axe.run("#schemes"));
      assert.deepEqual(axe.violations.map((v) => `${v.impact} ${v.id}`), [], "axe, stepping through a path");
    }
    if (step + 1 < total) await page.getByRole("button", { name: "Next step" }).click();
  }
  assert.equal(await page.getByRole("button", { name: "Next step" }).getAttribute("aria-disabled"), "true", "the last step is the last");
  await page.getByRole("button", { name: "Show every step" }).click();
  assert.equal(await page.locator("ol.key-path li:not([hidden])").count(), total);
  assert.equal(await page.locator(".key-path-code mark").count(), 0);
  assert.deepEqual(errors, []);
  await close();
});

test("one key's lookup, step by step: every step's value is the oracle's, for each of the page's hashes", async () => {
  // Issue 48 item 2: bytes, FNV-1a, the finalizer, the position, the points
  // the binary search compares, the owning point, the one before it, the owner.
  const keys = ["user:42", "/img/65.jpg", "é", "key-0", "a"];
  for (const query of ["hash=fnv1a-fold", "hash=fnv1a-murmur", "hash=fnv1a&servers=a,b,c&remove=b&points=3"]) {
    // bypassCSP: axe is injected as an inline script.
    const { page, errors, close } = await open(env.browser, env.served, `?${query}`, { bypassCSP: true, answered: true });
    await reveal(page, "schemes");
    for (const key of keys) {
      await page.fill("#one-key", key);
      const expected = nativeFigures(query, ["--key", key])["key-path"];
      assert.ok(expected.owner, `${query} ${key}: the oracle prints a path`);
      // Each key's path replaces the last one's: wait for this key's bytes.
      await page.waitForFunction((bytes) => document.querySelector('[data-key-step="bytes"]')?.dataset.value === bytes, expected.bytes);
      const shown = await page.$$eval("[data-key-step]", (steps) => Object.fromEntries(steps.map((s) => [s.dataset.keyStep, s.dataset.value])));
      assert.deepEqual(shown, expected, `${query} ${key}`);
      // On the ring after the change: a small ring at each point the search
      // looked at and a larger one where it landed, each drawn in ink.
      const looks = expected.search.split(",").length;
      const marks = await page.waitForFunction((n) => {
        const canvas = document.querySelector("#ring canvas.ring-canvas");
        const spots = (canvas?.dataset.lookup ?? "").split(";").filter(Boolean);
        if (spots.length !== n + 1) return null;
        const scale = canvas.width / canvas.clientWidth;
        const data = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height).data;
        return spots.map((spot) => {
          const [x, y] = spot.split(" ").map(Number);
          let ink = 0;
          for (let py = Math.round((y - 8) * scale); py < (y + 8) * scale; py++) {
            for (let px = Math.round((x - 8) * scale); px < (x + 8) * scale; px++) {
              const i = (py * canvas.width + px) * 4;
              if (Math.abs(data[i] - 230) + Math.abs(data[i + 1] - 232) + Math.abs(data[i + 2] - 238) <= 6) ink++;
            }
          }
          return ink;
        });
      }, looks);
      for (const ink of await marks.jsonValue()) assert.ok(ink > 0, `${query} ${key}: every look is marked`);
      // And said in the canvas's description.
      assert.match(await page.locator("#ring canvas.ring-canvas").getAttribute("aria-label"),
        new RegExp(`looked at ${looks} points, each ringed small, and landed on ${expected.owner}'s point at ${Number(expected.point).toLocaleString("en-US")}, ringed large`));
    }
    // The plain hash has no finalizer step; the others do.
    assert.equal(await page.locator('[data-key-step="finalizer"]').count(), query.includes("hash=fnv1a&") ? 0 : 1, query);
    if (query === "hash=fnv1a-murmur") {
      for (const width of [390, 1280, 1440]) {
        await page.setViewportSize({ width, height: 900 });
        await page.locator(".key-path").scrollIntoViewIfNeeded();
        await page.locator("#schemes .key-path").screenshot({ path: artifact(`key-path-${width}.png`) });
        // Long byte lists and comparisons wrap: nothing wider than the page.
        assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth), `${width}`);
      }
      await page.addScriptTag({ path: require.resolve("axe-core/axe.min.js") });
      const axe = await page.evaluate(() => window.axe.run("#schemes"));
      assert.deepEqual(axe.violations.map((v) => `${v.impact} ${v.id}`), [], "axe, with a key's path shown");
    }
    assert.deepEqual(errors, []);
    await close();
  }
});
