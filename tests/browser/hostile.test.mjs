// Hostile and broken input: names are data, the strict CSP holds, and every
// refusal keeps the last good view.
import { test } from "node:test";
import assert from "node:assert/strict";
import { sharedBrowser, open, figure, loads, reveal } from "./harness.mjs";

const env = sharedBrowser();

const HOSTILE = [
  "<img src=x onerror=window.__pwned=1>",
  "<script>window.__pwned=2</script>",
  "\u202Eevil\u202C",
  "🙂 smile",
  "a&amp;b\"'",
];

/** Records every CSP violation in window.__csp, installed before any page script. */
function watchCsp() {
  window.__csp = [];
  document.addEventListener("securitypolicyviolation", (event) => {
    window.__csp.push(`${event.violatedDirective} ${event.blockedURI}`);
  });
}

/**
 * Open with the CSP listener installed before any page script. The default
 * readiness (a panel the app built) matters: the page's static prose is a
 * section.panel too, so waiting for any panel could scroll through the page
 * before the app is up and leave the panels below the first screen unbuilt.
 */
async function openWatched(query) {
  return open(env.browser, env.served, query, { init: watchCsp });
}

async function assertNothingRan(page, errors) {
  assert.equal(await page.evaluate(() => window.__pwned), undefined, "an injected script ran");
  // The only script elements are the page's own: the early class setter
  // (inline, allowed by its hash), the loader and the first screen's module it adds.
  assert.deepEqual(await page.$$eval("script", (s) => s.map((e) => e.getAttribute("src") ?? "inline")), ["inline", "./boot.js", "./first.js"]);
  assert.equal(await page.locator("img").count(), 0);
  assert.deepEqual(errors.filter((e) => /Content Security Policy|Refused/.test(e)), []);
  assert.deepEqual(await page.evaluate(() => window.__csp), [], "the page's policy refused something");
}

test("the CSP listener hears a violation, so its silence means something", async () => {
  const { page, close } = await openWatched("");
  await page.evaluate(() => {
    const script = document.createElement("script");
    script.textContent = "window.__pwned = 3";
    document.body.append(script);
  });
  await page.waitForFunction(() => window.__csp.length > 0);
  assert.match((await page.evaluate(() => window.__csp))[0], /script-src/);
  assert.equal(await page.evaluate(() => window.__pwned), undefined);
  await close();
});

test("hostile names in the address are shown as text and run nothing", async () => {
  const query = "?servers=" + HOSTILE.map(encodeURIComponent).join(",") + "&add=" + encodeURIComponent("<b>bold</b>");
  const { page, errors, close } = await openWatched(query);
  await page.waitForSelector('[data-figure="moved"]', { state: "attached" });
  const names = Object.keys(await loads(page));
  assert.deepEqual(names, [...HOSTILE, "<b>bold</b>"]);
  const legend = await page.locator(".legend").textContent();
  for (const name of HOSTILE) assert.ok(legend.includes(name), `legend lacks ${name}`);
  assert.equal(await page.locator(".legend b").count(), 0);
  assert.equal(await figure(page, "moved"), await figure(page, "moved-arc"));
  await assertNothingRan(page, errors);
  await close();
});

test("a 10 KB name in the address is refused with a notice, not a freeze", async () => {
  const long = "x".repeat(10 * 1024);
  const { page, errors, close } = await openWatched(`?servers=alpha,${long}&points=20`);
  await page.waitForSelector('[data-figure="moved"]', { state: "attached" });
  const notices = await page.locator(".notices li").allTextContents();
  assert.equal(notices.length, 1);
  assert.match(notices[0], /at most 64 characters/);
  assert.ok(notices[0].length < 300, "the notice quotes only the start of the value");
  assert.deepEqual(Object.keys(await loads(page)), ["alpha", "bravo", "charlie", "delta", "echo"]);
  assert.equal(await page.locator("#points-number").inputValue(), "20");
  await assertNothingRan(page, errors);
  await close();
});

test("hostile names typed into the controls are shown as text and run nothing", async () => {
  const { page, errors, close } = await openWatched("");
  await reveal(page, "loads");
  for (const name of HOSTILE.slice(0, 3)) {
    await page.locator("#add-server").fill(name);
    await page.locator("#add-server-button").click();
    await page.waitForFunction((n) => [...document.querySelectorAll("tr[data-server]")].some((r) => r.dataset.server === n), name);
  }
  await page.locator("#joiner").fill("<svg onload=window.__pwned=3>");
  await page.locator("#joiner-button").click();
  await page.waitForFunction(() => [...document.querySelectorAll("tr[data-server]")].some((r) => r.dataset.server.startsWith("<svg")));
  assert.equal(await page.locator("svg[onload]").count(), 0);
  // The address carries the names, escaped, and reads back the same.
  const reopened = await open(env.browser, env.served, new URL(page.url()).search);
  assert.deepEqual(Object.keys(await loads(reopened.page)), Object.keys(await loads(page)));
  await reopened.close();
  await assertNothingRan(page, errors);
  await close();
});

test("each refused input shows its message and the figures stay", async () => {
  const { page, errors, close } = await openWatched("");
  await page.waitForSelector('[data-figure="moved"]', { state: "attached" });
  const tries = [
    ["#add-server", "#add-server-button", "y".repeat(10 * 1024), "#servers-message", /at most 64 characters/],
    ["#add-server", "#add-server-button", "   ", "#servers-message", /empty/],
    ["#add-server", "#add-server-button", "tab\there", "#servers-message", /control characters/],
    ["#add-server", "#add-server-button", "a,b", "#servers-message", /comma/],
    ["#server-list", "#server-list-button", "alpha", "#servers-message", /2 to 50/],
    ["#server-list", "#server-list-button", "alpha,,bravo", "#servers-message", /empty name/],
    ["#joiner", "#joiner-button", "bravo", "#change-message", /already on the ring/],
  ];
  for (const [input, button, value, message, pattern] of tries) {
    await page.locator(input).fill(value);
    await page.locator(button).click();
    assert.match(await page.locator(message).textContent(), pattern, `${value.slice(0, 20)} → ${message}`);
    assert.equal(await figure(page, "moved"), "205"); // DEFINITIONS §2, pinned: the default view stays
  }
  // Fifty-one servers is one too many.
  const many = Array.from({ length: 50 }, (_, i) => `s${i}`).join(",");
  await page.locator("#server-list").fill(many);
  await page.locator("#server-list-button").click();
  assert.match(await page.locator("#servers-message").textContent(), /51 servers|the most is 50/);
  // A leave that would leave one server.
  await page.locator("#server-list").fill("alpha,bravo");
  await page.locator("#server-list-button").click();
  await page.waitForFunction(() => document.querySelectorAll("tr[data-server]").length === 3);
  await page.locator("#change-leave").click();
  assert.match(await page.locator("#change-message").textContent(), /At least 2 servers must remain/);
  assert.ok(await page.locator("#change-join").isChecked(), "the view keeps the join");
  for (const [input, value, message, pattern] of [
    ["#points-number", "0", "#points-message", /1 to 500/],
    ["#points-number", "-5", "#points-message", /not a whole number|1 to 500/],
    ["#keys-number", "100001", "#keys-message", /1 to 100,000/],
    ["#keys-number", "99999999999999999999", "#keys-message", /not a whole number/],
    ["#first-number", "1000000000000", "#first-message", /0 to 1,000,000,000/],
  ]) {
    await page.locator(input).fill(value);
    await page.locator(input).press("Enter");
    assert.match(await page.locator(message).textContent(), pattern, `${input} ${value}`);
  }
  assert.equal(await page.locator("#points-number").inputValue(), "-5", "the typed text is not thrown away");
  assert.deepEqual(errors, []);
  await close();
});

test("the strict Content-Security-Policy is in force", async () => {
  const { page, close } = await openWatched("");
  const policy = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute("content");
  // Beyond its own files, the page allows one inline script and one inline
  // style sheet, each by its hash: the ones in its HTML.
  assert.match(policy, /script-src 'self' 'sha256-[A-Za-z0-9+/=]{44}' 'wasm-unsafe-eval';/);
  assert.match(policy, /style-src 'self' 'sha256-[A-Za-z0-9+/=]{44}';/);
  assert.doesNotMatch(policy, /'unsafe-inline'|'unsafe-eval'|'unsafe-hashes'/);
  // An inline script added now is blocked by the policy.
  const ran = await page.evaluate(() => {
    const script = document.createElement("script");
    script.textContent = "window.__inline = 1";
    document.head.appendChild(script);
    return window.__inline;
  });
  assert.equal(ran, undefined);
  // So is an inline style sheet: the page's own colours stay.
  const restyled = await page.evaluate(() => {
    const style = document.createElement("style");
    style.textContent = "body { background: rgb(1, 2, 3) !important }";
    document.head.appendChild(style);
    return getComputedStyle(document.body).backgroundColor;
  });
  assert.notEqual(restyled, "rgb(1, 2, 3)");
  assert.ok((await page.evaluate(() => window.__csp)).some((v) => v.startsWith("style-src")), "the policy refused the style");
  await close();
});
