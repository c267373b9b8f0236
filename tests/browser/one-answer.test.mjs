// Issue 45, one question, one answer: under a client's ring every panel
// counts modulo and the ring in use from the same positions (DEFINITIONS
// §18); busiest and quietest name their servers; a sentence and its table
// agree; counts and durations are written one way; and with skewed or
// counted requests the panels count requests beside keys. Every figure is
// read off the rendered page and compared with the native oracle's.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import { sharedBrowser, open, reveal, figure, schemeRows, nativeFigures, waitForCurrent, artifact, buildAll, choosePreset } from "./harness.mjs";
import { lcg } from "./logs.mjs";

const env = sharedBrowser();

// The pool: an nginx upstream of four, one at weight 2, a fifth joining.
const POOL = "servers=10.0.0.1:8080,10.0.0.2:8080,10.0.0.3:8080,10.0.0.4:8080&weights=10.0.0.2:8080:2&add=10.0.0.5:8080";

/** The cost table's measured rows as {id: {moved, seconds, time}}. */
async function costRows(page) {
  await reveal(page, "cost");
  await page.waitForSelector("#cost-table tr[data-cost-scheme]");
  return page.$$eval("#cost-table tr[data-cost-scheme]", (rows) =>
    Object.fromEntries(rows.map((row) => [row.dataset.costScheme, {
      moved: Number(row.cells[1].textContent.replace(/,/g, "")),
      seconds: row.dataset.copySeconds,
      time: row.cells[3].textContent.trim(),
    }])));
}

/** A number as the page writes it in prose. */
const said = (n) => Number(n).toLocaleString("en-US");

for (const [id, query] of [
  ["nginx", `use=nginx&${POOL}`],
  ["ketama", "use=ketama&weights=alpha:3,charlie:2"],
  ["envoy-ring", "use=envoy-ring&remove=bravo"],
]) {
  test(`use=${id}: the modulo count and the ring's count are one number in every panel`, async () => {
    const native = nativeFigures(query);
    const modulo = native["modulo-moved"];
    const ring = native.moved;
    // The oracle agrees with itself first: the schemes table reads the same positions.
    assert.equal(String(native.schemes.modulo.moved), modulo);
    assert.equal(String(native.schemes.ring.moved), ring);
    assert.equal(String(native.systems[id].moved), ring);
    assert.equal(native.questions.modulo.answer, modulo);
    assert.equal(native.cost["cold-misses-modulo"], modulo);
    const { page, errors, close } = await open(env.browser, env.served, `?${query}`, { answered: true });
    // The headline.
    await page.waitForFunction(() => /hash mod n would move/.test(document.querySelector("[data-headline]").textContent));
    const headline = await page.locator("[data-headline]").textContent();
    assert.match(headline, new RegExp(`moves ${said(ring)} of .* hash mod n would move ${said(modulo)} `));
    // Ring versus modulo, and what it says of the hash.
    assert.equal(await figure(page, "modulo-moved"), modulo);
    assert.match(await page.locator("#modulo").textContent(), /Every key here sits where .*'s ring puts it/);
    // The schemes and systems tables.
    const schemes = await schemeRows(page);
    assert.equal(String(schemes.modulo.moved), modulo);
    assert.equal(String(schemes.ring.moved), ring);
    assert.deepEqual(schemes, native.schemes);
    const systems = await schemeRows(page, "systems");
    assert.equal(String(systems[id].moved), ring);
    // The cost panel: its sentence, its cold misses and its table.
    assert.equal(await figure(page, "cold-misses-modulo"), modulo);
    assert.equal(await figure(page, "cold-misses-ring"), ring);
    const cost = await costRows(page);
    assert.equal(String(cost.modulo.moved), modulo);
    assert.equal(String(cost.ring.moved), ring);
    // The waste factor is one ratio, written one way in both panels.
    const ratioIn = async (selector, pattern) => (await page.locator(selector).textContent()).match(pattern)?.[1];
    const modulo_times = await ratioIn("#modulo", /modulo moved ([\d.∞]+) times/);
    assert.ok(modulo_times, "the modulo panel states the ratio");
    assert.equal(await ratioIn("#cost", /ring moved: [\d,]+ ÷ [\d,]+ = ([\d.∞]+),/), modulo_times);
    // The rollout panel's keys.
    await reveal(page, "rollout");
    const rollout = await page.$$eval("#rollout-table tbody tr", (rows) => rows.map((r) => r.cells[1].textContent.replace(/,/g, "")));
    assert.deepEqual(rollout, [ring, modulo]);
    assert.equal(await figure(page, "misrouted-modulo"), native.rollout["misrouted-modulo"]);
    // Any one key: each scheme reads it where the ring in use puts it, as the oracle does.
    await page.fill("#one-key", "user:42");
    await page.waitForFunction(() => new URLSearchParams(location.search).get("key") === "user:42");
    const oneKey = nativeFigures(`${query}&key=user%3A42`)["one-key"];
    await page.waitForFunction((after) => document.querySelector('tr[data-key-owner="ring"]')?.dataset.after === after,
      oneKey.owners.ring.after);
    const owners = await page.$$eval("tr[data-key-owner]", (rows) =>
      Object.fromEntries(rows.map((r) => [r.dataset.keyOwner, { before: r.dataset.before, after: r.dataset.after }])));
    for (const [scheme, row] of Object.entries(oneKey.owners)) {
      assert.deepEqual(owners[scheme], { before: row.before, after: row.after }, `one key under ${scheme}`);
    }
    assert.deepEqual(owners.ring, owners[id], "the ring row is the ring in use");
    assert.match(await page.locator("#schemes").textContent(), /Under \S+'s own hash the key sits at position/);
    // The question's answer, once skipped to.
    await reveal(page, "predict");
    for (let i = 0; i < 6 && !(await page.locator('[data-question="modulo"]').count()); i++) {
      await page.locator("#question-next").click();
    }
    await page.locator('[data-question="modulo"] .show-me').click();
    await page.waitForSelector('[data-question="modulo"][data-answer]');
    assert.equal(await page.getAttribute('[data-question="modulo"]', "data-answer"), modulo);
    assert.deepEqual(errors, []);
    await close();
  });
}

test("what a change costs: its sentence is its table, in the unit the question asks", async () => {
  const query = `use=nginx&${POOL}`;
  const native = nativeFigures(query);
  const { page, errors, close } = await open(env.browser, env.served, `?${query}`);
  const cost = await costRows(page);
  for (const which of ["ring", "modulo"]) {
    const hook = await figure(page, `copy-seconds-${which}`);
    assert.equal(hook, native.cost[`copy-seconds-${which}`], which);
    assert.equal(cost[which].seconds, hook, `${which}: sentence and table`);
  }
  // The sentence writes each time exactly as its table row does.
  const sentence = await page.locator("#cost .verdict").textContent();
  assert.ok(sentence.includes(cost.ring.time), `${sentence} has ${cost.ring.time}`);
  assert.ok(sentence.includes(cost.modulo.time), `${sentence} has ${cost.modulo.time}`);
  // Question 6 asks for hours; the table says the same hours.
  const hours = native.questions["copy-hours"].answer;
  assert.match(cost.modulo.time, new RegExp(`\\(${hours.replace(".", "\\.")} h\\)$`));
  assert.match(cost.ring.time, new RegExp(`\\(${native.questions["copy-hours"].reference.replace(".", "\\.")} h\\)$`));
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.locator("#cost").scrollIntoViewIfNeeded();
    await page.locator("#cost").screenshot({ path: artifact(`cost-nginx-pool-${width}.png`) });
  }
  assert.deepEqual(errors, []);
  await close();
});

test("busiest and quietest name their servers, and with weights say their fair shares", async () => {
  for (const query of [`use=nginx&${POOL}`, "use=ketama&weights=alpha:3", "remove=charlie"]) {
    const native = nativeFigures(query);
    const { page, errors, close } = await open(env.browser, env.served, `?${query}`);
    const weighted = query.includes("weights=");
    for (const panel of ["schemes", "systems"]) {
      const rows = await schemeRows(page, panel);
      assert.deepEqual(rows, native[panel], `${panel} at ${query}`);
      for (const [id, row] of Object.entries(rows)) {
        assert.ok(row["busiest-text"].startsWith(`${row["busiest-name"]}: `), `${id}: ${row["busiest-text"]}`);
        assert.ok(row["quietest-text"].startsWith(`${row["quietest-name"]}: `), `${id}: ${row["quietest-text"]}`);
        // Never a busiest below a quietest without the words that say why.
        if (row.busiest < row.quietest) assert.match(row["busiest-text"], /of a fair .*×$/, `${id} at ${query}`);
        if (weighted) assert.match(row["quietest-text"], /of a fair [\d,.]+, [\d.]+×$/, `${id} at ${query}`);
        else assert.doesNotMatch(row["busiest-text"], /fair/);
      }
      const headings = await page.$$eval(`#${panel}-table thead th`, (ths) => ths.map((th) => th.textContent));
      assert.ok(headings.some((h) => (weighted ? /Furthest over its fair share/ : /Busiest after/).test(h)), headings.join("|"));
      if (weighted) {
        for (const width of [390, 1440]) {
          await page.setViewportSize({ width, height: 900 });
          await page.locator(`#${panel}`).scrollIntoViewIfNeeded();
          await page.locator(`#${panel}`).screenshot({ path: artifact(`${panel}-weighted-${query.slice(4, 10).replace(/\W/g, "")}-${width}.png`) });
        }
        await page.setViewportSize({ width: 1280, height: 800 });
      }
    }
    if (weighted) {
      // The loads panel names the server furthest over its fair share, as the tables do.
      await reveal(page, "loads");
      const over = await page.getAttribute("#loads [data-furthest-over]", "data-furthest-over");
      const ring = native.schemes.ring["busiest-name"];
      assert.equal(over, ring, `the loads panel and the ring row name one server at ${query}`);
      for (const width of [390, 1440]) {
        await page.setViewportSize({ width, height: 900 });
        await page.locator("#loads").scrollIntoViewIfNeeded();
        await page.locator("#loads").screenshot({ path: artifact(`loads-weighted-${query.slice(4, 10).replace(/\W/g, "")}-${width}.png`) });
      }
    }
    assert.deepEqual(errors, []);
    await close();
  }
});

/** Text the reader sees in every panel, but inputs, hidden hooks and code. */
async function visibleText(page) {
  await buildAll(page);
  return page.evaluate(() => {
    // Addresses and code the reader copies, and the values of inputs, are not prose.
    const skip = "input, textarea, select, option, code, pre, [hidden], script, style";
    const parts = [];
    for (const root of [document.querySelector("[data-headline]"), ...document.querySelectorAll("section.panel")]) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (node.parentElement.closest(skip)) continue;
        parts.push(`[${root.id || "headline"}] ${node.data}`);
      }
    }
    return parts.join("\n");
  });
}

test("no bare run of five digits on the page: default, lesson preset, largest settings", async () => {
  const largest = Array.from({ length: 49 }, (_, i) => `node-${i + 1}`).join(",");
  for (const query of ["", "LESSON", `servers=${largest}&add=node-50&points=500&keys=100000&skew=1.2`]) {
    const { page, errors, close } = await open(env.browser, env.served, query === "LESSON" ? "" : `?${query}`, { answered: true });
    if (query === "LESSON") {
      await choosePreset(page, "lesson");
      await page.waitForFunction(() => new URLSearchParams(location.search).get("servers")?.split(",").length === 18);
    }
    const address = new URL(page.url()).search.slice(1);
    // Every measured panel caught up with this address first, each while it
    // is in view: a panel scrolled away from keeps the figures it showed.
    for (const [panel, measured] of [["schemes", "#schemes-table"], ["systems", "#systems-table"],
      ["failure", "#failure-figures"], ["claims", "#claims"]]) {
      await reveal(page, panel);
      await waitForCurrent(page, measured);
    }
    const text = await visibleText(page);
    const bare = [...text.matchAll(/.{0,60}(?<![\d,.])\d{5,}(?![\d,]).{0,20}/g)].map((m) => m[0]);
    assert.deepEqual(bare, [], `bare numbers at ${address || "the default"}`);
    assert.deepEqual(errors, []);
    await close();
  }
});

test("requests beside keys: a pasted log with repeated keys, and Zipf's law", async () => {
  const random = lcg(45);
  const lines = [];
  for (let i = 0; i < 4000; i++) lines.push(`/item/${Math.floor((random.next().value % 1000) ** 2 / 1000)}`);
  const file = artifact("repeated-keys.txt");
  fs.writeFileSync(file, lines.join("\n"));
  const query = `use=nginx&${POOL}`;
  const expected = nativeFigures(query, ["--keys", file]);
  assert.ok(Number(expected["moved-requests"]) > Number(expected.moved), "hot keys make more requests than keys move");
  const { page, errors, close } = await open(env.browser, env.served, `?${query}`);
  await page.$eval("[data-keys-paste]", (area, text) => { area.value = text; area.dispatchEvent(new Event("input", { bubbles: true })); }, lines.join("\n"));
  await page.click("text=Use these keys");
  await page.waitForSelector('[data-keys-source="yours"]');
  assert.equal(await figure(page, "moved"), expected.moved);
  assert.equal(await figure(page, "moved-requests"), expected["moved-requests"]);
  assert.equal(await figure(page, "moved-request-share"), expected["moved-request-share"]);
  assert.match(await page.locator("#moved").textContent(), new RegExp(`${said(expected["moved-requests"])} of ${said(lines.length)} requests`));
  await reveal(page, "cost");
  for (const which of ["ring", "modulo"]) {
    const hook = `miss-request-share-${which}`;
    await page.waitForFunction(([hook, value]) => document.querySelector(`[data-figure="${hook}"]`)?.textContent === value,
      [hook, expected.cost[hook]]);
  }
  await reveal(page, "failure");
  await waitForCurrent(page, "#failure-figures");
  assert.equal(await figure(page, "rerouted-request-share"), expected.failure["rerouted-request-share"]);
  assert.deepEqual(errors, []);
  await close();

  // Zipf: a share of the requests, no whole count.
  const zipf = nativeFigures("skew=1.4&remove=delta");
  const opened = await open(env.browser, env.served, "?skew=1.4&remove=delta");
  assert.equal(await figure(opened.page, "moved-request-share"), zipf["moved-request-share"]);
  assert.equal(await opened.page.locator('[data-figure="moved-requests"]').count(), 0);
  // Every key alike: requests are keys, and the page does not repeat itself.
  await opened.page.goto(env.served.base);
  await opened.page.waitForSelector(".panel-slot:not(.waiting) section.panel");
  await reveal(opened.page, "moved");
  assert.equal(await opened.page.locator('[data-figure="moved-request-share"]').count(), 0);
  await opened.close();
});
