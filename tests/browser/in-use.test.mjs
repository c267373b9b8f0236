// Your system drives the page (issue 35, item 1; DEFINITIONS §18 `use=`): with a
// client's ring in use, every panel measures that ring, and each figure is
// the native model's and that system's row in the systems table.
import { test } from "node:test";
import assert from "node:assert/strict";
import { sharedBrowser, open, reveal, figure, loads, claims, schemeRows, nativeFigures, artifact, waitForCurrent } from "./harness.mjs";

const env = sharedBrowser();

const FIGURES = [
  "moved", "moved-arc", "modulo-moved", "even-share", "spread",
  "rerouted", "no-live-copy", "copies-to-remake", "copysets", "copysets-possible",
  "copy-seconds-ring", "copy-seconds-modulo", "cold-misses-ring", "cold-misses-modulo",
  "miss-rate-ring", "miss-rate-modulo", "misrouted-ring", "misrouted-modulo",
];

/** Every panel's figures against the oracle's for the page's own address. */
async function expectEveryPanelMatchesNative(page, id) {
  const query = new URL(page.url()).search.slice(1);
  const native = nativeFigures(query);
  const expected = { ...native, ...native.cost, ...native.rollout, ...native.failure };
  for (const name of FIGURES) {
    assert.equal(await figure(page, name), String(expected[name]), `${name} at ${query}`);
  }
  assert.deepEqual(await loads(page), native.loads, query);
  const received = await page.$$eval("tr[data-survivor]", (rows) =>
    Object.fromEntries(rows.map((r) => [r.dataset.survivor, Number(r.dataset.received)])));
  assert.deepEqual(received, native.failure.received, query);
  assert.deepEqual(await claims(page), native.claims, query);
  // The questions are worded and answered for the client's ring.
  await reveal(page, "predict");
  const wordings = await page.$$eval("[data-question]", (qs) =>
    Object.fromEntries(qs.map((q) => [q.dataset.question, q.querySelector(".question-text").textContent.trim()])));
  for (const [question, asked] of Object.entries(wordings)) {
    assert.equal(asked, native.questions[question].wording, `${question} at ${query}`);
  }
  // The entries panel lists the client's own ring.
  await reveal(page, "entries");
  assert.match(await page.locator("#entries .lead").textContent(),
    new RegExp(`own ring after the change: ${Number(native.entries).toLocaleString("en-US")} entries`));
  // The ring in use is that system's row, moved for moved, and is marked.
  const rows = await schemeRows(page, "systems");
  assert.equal(String(rows[id].moved), expected.moved, `${id} row at ${query}`);
  assert.deepEqual(await page.$$eval("#systems-table tr[data-in-use]", (trs) => trs.map((tr) => tr.dataset.scheme)), [id]);
  return native;
}

for (const [id, change] of [
  ["ketama", "weights=bravo:2"],
  ["ketama", "remove=delta"],
  ["nginx", "remove=bravo"],
  ["nginx", "weights=delta:2&keys=3000"],
  ["envoy-ring", ""],
  ["envoy-ring", "remove=charlie&weights=alpha:3"],
]) {
  test(`use=${id}${change ? ` with ${change}` : ""}: every panel is the native model's`, async () => {
    const { page, errors, close } = await open(env.browser, env.served, `?use=${id}${change ? `&${change}` : ""}`);
    const native = await expectEveryPanelMatchesNative(page, id);
    // A client that re-spreads its points moves keys between staying
    // servers, and the moved panel says how many.
    const between = nativeFigures(new URL(page.url()).search.slice(1)).systems[id]["moved-between"];
    const lead = await page.locator("#moved .lead").textContent();
    if (between > 0) assert.match(lead, new RegExp(`${between.toLocaleString("en-US")} keys move between servers that stay`));
    else assert.match(lead, /No other key moves/);
    assert.ok(native.moved > 0);
    assert.deepEqual(errors, []);
    await close();
  });
}

test("the selector makes a client's ring the page's, at the top of the settings and in the quick bar", async () => {
  const { page, errors, close } = await open(env.browser, env.served, "?weights=bravo:2");
  const ring = await figure(page, "moved");
  assert.equal(ring, nativeFigures("weights=bravo:2").moved);
  assert.equal(await page.locator("#settings select[name=use]").evaluate((el) => el.id), "use",
    "the first control under the settings' heading");
  await page.selectOption("#use", "ketama");
  await page.waitForFunction(() => new URLSearchParams(location.search).get("use") === "ketama");
  const query = new URL(page.url()).search.slice(1);
  await waitForCurrentFigure(page, "moved", nativeFigures(query).moved);
  assert.notEqual(nativeFigures(query).moved, ring, "ketama's ring moves another count");
  await reveal(page, "ring");
  assert.match(await page.locator("[data-in-use-note]").textContent(), /ketama's own ring: [\d,]+ points on 5 servers/);
  // The settings say what the slider and the hash now shape, and why the
  // other schemes are not in the menu.
  assert.match(await page.locator("#settings .placement .help").textContent(), /points slider and hash menu below shape only the page's own ring, which the spread-by-points chart draws/);
  assert.match(await page.locator("#settings .why-not").textContent(), /HAProxy.*nearest the key/s);
  await page.locator("#settings").screenshot({ path: artifact("in-use-settings-1280.png") });
  // Back to the page's ring: the address loses use=.
  await page.selectOption("#use", "ring");
  await page.waitForFunction(() => !new URLSearchParams(location.search).has("use"));
  await waitForCurrentFigure(page, "moved", ring);
  assert.deepEqual(errors, []);
  await close();

  // On a phone: the quick bar's menu, 44 px to a finger; a client hides the
  // page's slider and hash there, which would change nothing drawn.
  const phone = await open(env.browser, env.served, "", { viewport: { width: 390, height: 844 } });
  const quick = phone.page.locator("#quick-use");
  const box = await quick.boundingBox();
  assert.ok(box.height >= 44 && box.width >= 44, JSON.stringify(box));
  assert.ok(await phone.page.locator("#quick-points-range").isVisible());
  await quick.selectOption("envoy-ring");
  await phone.page.waitForFunction(() => new URLSearchParams(location.search).get("use") === "envoy-ring");
  await phone.page.waitForFunction(() => !document.querySelector("#quick-points-range").checkVisibility());
  await waitForCurrentFigure(phone.page, "moved", nativeFigures("use=envoy-ring").moved);
  await phone.page.screenshot({ path: artifact("in-use-quickbar-390.png") });
  await phone.close();
});

/** Wait until a figure reads `expected` after an edit. */
async function waitForCurrentFigure(page, name, expected) {
  await reveal(page, "moved");
  await page.waitForFunction(([name, expected]) =>
    document.querySelector(`[data-figure="${name}"]`)?.textContent.trim() === expected, [name, expected], { timeout: 90000 });
}

test("a pasted config selects its system's ring, or says why it cannot", async () => {
  const { page, close } = await open(env.browser, env.served, "?panel=systems", { lazy: true });
  await page.locator("#systems").scrollIntoViewIfNeeded();
  await page.fill("textarea[data-config-paste]", "upstream cache {\n    hash $request_uri consistent;\n    server 10.0.0.1:8080 weight=2;\n    server 10.0.0.2:8080;\n    server 10.0.0.3:8080;\n}\n");
  await page.click("#config-read");
  await page.waitForFunction(() => new URLSearchParams(location.search).get("use") === "nginx");
  assert.match(await page.locator("[data-config-message]").textContent(), /Its ring is now the one drawn and measured/);
  await waitForCurrent(page, "#systems-table");
  await page.waitForSelector('#systems-table tr[data-in-use][data-scheme="nginx"]');
  // HAProxy's nearest point cannot be the ring drawn: the page's ring comes back.
  await page.fill("textarea[data-config-paste]", "backend web\n  balance uri\n  hash-type consistent\n  server web1 10.0.0.1:80\n  server web2 10.0.0.2:80\n  server web3 10.0.0.3:80\n");
  await page.click("#config-read");
  await page.waitForFunction(() => new URLSearchParams(location.search).get("servers") === "web1,web2,web3");
  assert.equal(new URLSearchParams(new URL(page.url()).search).get("use"), null);
  assert.match(await page.locator("[data-config-message]").textContent(), /cannot be the ring drawn: the point nearest the key/);
  await close();
});

test("a use= the page does not know is a notice, and the page's ring stays", async () => {
  const { page, close } = await open(env.browser, env.served, "?use=maglev", { lazy: true });
  assert.match(await page.locator(".notices").textContent(), /use/);
  assert.equal(await figure(page, "moved"), nativeFigures("").moved);
  assert.equal(await page.inputValue("#use"), "ring");
  await close();
});
