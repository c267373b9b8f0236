// Issue 21 in the browser: ketama and groupcache against the native model
// (the default rows are checked against DEFINITIONS §13 in schemes.test.mjs), key
// names by template, the one-key box and its link, and bad input.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { sharedBrowser, open, reveal, figure, loads, schemeRows, nativeFigures, artifact } from "./harness.mjs";

const require = createRequire(import.meta.url);
const env = sharedBrowser();

/**
 * The one-key table as { scheme: { before, after } }. The worker places the
 * key, and a panel out of view holds its figures: reveal it first.
 */
async function keyOwners(page) {
  await reveal(page, "schemes");
  await page.waitForSelector("tr[data-key-owner]");
  return page.$$eval("tr[data-key-owner]", (rows) =>
    Object.fromEntries(rows.map((r) => [r.dataset.keyOwner, { before: r.dataset.before, after: r.dataset.after }])),
  );
}

test("memcached names, a weighted ketama pool and a template: every figure is the model's", async () => {
  const query = "servers=10.0.0.1%3A11211,10.0.0.2%3A11211,10.0.0.3%3A11211&add=10.0.0.4%3A11211"
    + "&weights=10.0.0.1%3A11211%3A3&keyname=user%3A%7Bi%7D&keys=4000";
  const expected = nativeFigures(query);
  const { page, close } = await open(env.browser, env.served, `?${query}`);
  assert.equal(await figure(page, "moved"), expected.moved);
  assert.deepEqual(await loads(page), expected.loads);
  assert.deepEqual(await schemeRows(page), expected.schemes);
  const rows = await schemeRows(page, "systems");
  assert.deepEqual(rows, expected.systems);
  assert.ok(rows.ketama["moved-between"] > 0, "weighted ketama moves keys between staying servers");
  assert.equal(rows.groupcache["moved-between"], 0);
  assert.equal(await page.inputValue("#keyname"), "user:{i}");
  await close();
});

test("the one-key box: owners under every scheme, a link that carries the key, and too long a key", async () => {
  const key = "user:42/\"é\"&x=1";
  const query = `key=${encodeURIComponent(key)}`;
  const expected = nativeFigures(query)["one-key"];
  const { page, close } = await open(env.browser, env.served, `?${query}`, { lazy: true });
  await reveal(page, "schemes");
  assert.equal(await page.inputValue("#one-key"), key);
  assert.deepEqual(await keyOwners(page), expected.owners);
  // A changed owner is said in words, not by colour alone.
  const modulo = page.locator('tr[data-key-owner="modulo"]');
  // Before, after, then "Moved?" (the position each scheme reads comes last).
  assert.equal((await modulo.locator("td").nth(2).textContent()).includes("moved"),
    expected.owners.modulo.before !== expected.owners.modulo.after);
  // Typing another key updates the table and the address.
  await page.fill("#one-key", "session:9");
  await page.waitForFunction(() => new URLSearchParams(location.search).get("key") === "session:9");
  assert.deepEqual(await keyOwners(page), nativeFigures("key=session%3A9")["one-key"].owners);
  // Too long: a message, and the last key stays.
  await page.fill("#one-key", "k".repeat(201));
  await page.waitForSelector("#one-key-message:not(:empty)");
  assert.match(await page.locator("#one-key-message").textContent(), /at most 200/);
  assert.equal(new URLSearchParams(new URL(page.url()).search).get("key"), "session:9");
  await page.locator("#one-key-title").scrollIntoViewIfNeeded();
  await page.screenshot({ path: artifact("one-key.png") });
  await close();
});

test("a bad key-name template gets a message and the last valid view stays", async () => {
  const { page, close } = await open(env.browser, env.served, "?keyname=%2Fimg%2F%7Bi%7D.jpg", { lazy: true });
  const before = await figure(page, "moved");
  assert.equal(before, nativeFigures("keyname=%2Fimg%2F%7Bi%7D.jpg").moved);
  for (const [bad, why] of [["no-number", /needs \{i\}/], ["{i}{i}", /only once/], ["x".repeat(41) + "{i}", /at most 40/]]) {
    await page.fill("#keyname", bad);
    await page.press("#keyname", "Enter");
    await page.waitForFunction((w) => new RegExp(w).test(document.querySelector("#keyname-message")?.textContent ?? ""), why.source);
    assert.equal(await figure(page, "moved"), before);
    assert.equal(new URLSearchParams(new URL(page.url()).search).get("keyname"), "/img/{i}.jpg");
  }
  // From the address, a bad template is a notice, and the default names stay.
  const second = await open(env.browser, env.served, "?keyname=%7Bi%7D%7Bi%7D", { lazy: true });
  assert.match(await second.page.locator(".notices").textContent(), /keyname/);
  assert.equal(await figure(second.page, "moved"), nativeFigures("").moved);
  await second.close();
  await close();
});

test("axe finds nothing at all with a key in the box and a custom template", async () => {
  const { page, close } = await open(env.browser, env.served, "?key=user%3A7&keyname=user%3A%7Bi%7D", { bypassCSP: true });
  await keyOwners(page);
  await page.addScriptTag({ path: require.resolve("axe-core/axe.min.js") });
  const result = await page.evaluate(() => window.axe.run());
  assert.deepEqual(result.violations.map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target).join(" ")}`), []);
  await close();
});
