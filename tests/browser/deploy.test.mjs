// Issue 62 in the browser: a deploy, any pool to any pool (DEFINITIONS §20),
// by address, by the change's pool-after box and by two pasted configs,
// each panel's hooks against the native model on the same address.
import { test } from "node:test";
import assert from "node:assert/strict";
import { sharedBrowser, open, schemeRows, nativeFigures, figure, reveal, waitForFigure, artifact } from "./harness.mjs";

const env = sharedBrowser();

const six = [1, 2, 3, 4, 5, 6].map((i) => `10.1.0.${i}:8080`);
const afterSix = [six[0], six[1], "10.1.0.33:8080", six[3], six[4], six[5], "10.1.0.7:8080"];
// One address replaced, a seventh added, one weight 2 → 3: DEFINITIONS §20's deploy.
const DEPLOY = `servers=${six.join(",")}&weights=${six[1]}:2&after=${afterSix.join(",")}&after-weights=${six[1]}:3&keys=2000`;

/** The address's parameter, as the page wrote it. */
const param = (page, name) => new URLSearchParams(new URL(page.url()).search).get(name);

test("a deploy by address: every panel's figure and every row is the native model's", async () => {
  const native = nativeFigures(DEPLOY);
  const { page, errors, close } = await open(env.browser, env.served, `?${DEPLOY}`);
  await reveal(page, "moved");
  assert.equal(await figure(page, "moved"), native.moved);
  assert.equal(await figure(page, "moved-arc"), native["moved-arc"]);
  assert.equal(await figure(page, "modulo-moved"), native["modulo-moved"]);
  const summary = await page.locator("[data-deploy-summary]").first().textContent();
  assert.match(summary, /10\.1\.0\.3:8080 replaced by 10\.1\.0\.33:8080 \(same place in the list\); 10\.1\.0\.7:8080 added at the end; 10\.1\.0\.2:8080 weight 2 → 3/);
  const systems = await schemeRows(page, "systems");
  assert.deepEqual(systems, native.systems);
  // Routed through real nginx 1.22 and HAProxy 2.6 (issue 62).
  assert.deepEqual([systems.nginx.moved, systems["nginx-hash"].moved, systems.haproxy.moved], [700, 1672, 591]);
  assert.deepEqual(await schemeRows(page, "schemes"), native.schemes);
  for (const width of [390, 1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.locator("#moved").screenshot({ path: artifact(`deploy-moved-${width}.png`) });
  }
  assert.deepEqual(errors, []);
  await close();
});

test("the change's pool-after box sets a deploy, and a pool it cannot take changes nothing", async () => {
  const { page, close } = await open(env.browser, env.served, "?servers=alpha,bravo,charlie,delta,echo");
  await page.check("#change-deploy");
  await page.waitForFunction(() => new URLSearchParams(location.search).get("after") === "alpha,bravo,charlie,delta,echo");
  await waitForFigure(page, "moved", "0");
  // Two pairs swapped: the ring moves nothing, HAProxy renumbers.
  await page.fill("#pool-after", "bravo\nalpha\ncharlie\necho\ndelta weight=2");
  await page.click("#pool-after-button");
  await page.waitForFunction(() => new URLSearchParams(location.search).get("after") === "bravo,alpha,charlie,echo,delta");
  assert.equal(param(page, "after-weights"), "delta:2");
  const query = new URL(page.url()).search.slice(1);
  const native = nativeFigures(query);
  await waitForFigure(page, "moved", native.moved);
  assert.deepEqual(await schemeRows(page, "systems"), native.systems);
  // One server after: refused beside the box, the address as it was.
  await page.fill("#pool-after", "alpha");
  await page.click("#pool-after-button");
  await page.waitForFunction(() => /Found 1 server/.test(document.querySelector("#change-message")?.textContent ?? ""));
  assert.equal(new URL(page.url()).search.slice(1), query);
  await close();
});

test("a config before and a config after pasted together set the deploy", async () => {
  const { page, close } = await open(env.browser, env.served, "?panel=systems", { lazy: true });
  await page.locator("#systems").scrollIntoViewIfNeeded();
  const backend = (order) => ["backend caches", "    balance uri", "    hash-type consistent",
    ...order.map((n) => `    server s${n} 127.0.0.1:${9000 + n}`)].join("\n");
  await page.fill("textarea[data-config-paste]", backend([1, 2, 3, 4, 5]));
  await page.fill("textarea[data-config-paste-after]", backend([2, 1, 3, 5, 4]));
  await page.click("#config-read");
  await page.waitForFunction(() => new URLSearchParams(location.search).get("after") === "s2,s1,s3,s5,s4");
  const query = new URL(page.url()).search.slice(1).replace(/&?panel=systems/, "");
  const rows = await schemeRows(page, "systems");
  assert.deepEqual(rows, nativeFigures(query).systems);
  assert.deepEqual([rows.haproxy.moved, rows.nginx.moved], [nativeFigures(query).systems.haproxy.moved, 0]);
  assert.ok(rows.haproxy.moved > 0, "HAProxy renumbers on a reorder");
  // A config after its program would refuse: a message naming it, nothing taken.
  await page.fill("textarea[data-config-paste-after]", "backend b\n server a 10.0.0.1:80 weight 99\n server b 10.0.0.2:80\n");
  await page.click("#config-read");
  await page.waitForFunction(() => /The config after: Line 2: weight 99/.test(document.querySelector("[data-config-message]")?.textContent ?? ""));
  assert.equal(param(page, "after"), "s2,s1,s3,s5,s4");
  for (const width of [390, 1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.locator(".config-paste").screenshot({ path: artifact(`deploy-paste-${width}.png`) });
  }
  await close();
});
