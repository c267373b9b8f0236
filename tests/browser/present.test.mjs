// Issue 48 item 3: presenter mode. `present=` shows one panel at a time,
// filling the screen in large type; the arrow keys move between panels and
// step the ring, Space plays the change, Escape leaves, and the address
// keeps the panel shown so a lecture slide can link to it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { sharedBrowser, open, appReady, artifact } from "./harness.mjs";

const require = createRequire(import.meta.url);
const env = sharedBrowser();

/** What presenter mode shows: the panel marked, the slots on screen, the address's `present=`. */
const state = (page) => page.evaluate(() => ({
  present: document.documentElement.dataset.present ?? null,
  visible: [...document.querySelectorAll(".panel-slot[data-panel]")].filter((s) => s.checkVisibility()).map((s) => s.dataset.panel),
  address: new URLSearchParams(location.search).get("present"),
  where: document.querySelector(".present-where")?.textContent ?? "",
}));

test("presenter mode: one panel at a time, moved through and stepped with the keyboard, kept in the address", async () => {
  const { page, errors, close } = await open(env.browser, env.served, "?present=1&servers=a,b,c&add=d", { lazy: true, answered: true, motion: true, bypassCSP: true });
  await appReady(page);
  await page.waitForFunction(() => document.documentElement.dataset.present === "ring" && new URLSearchParams(location.search).get("present") === "ring");
  let now = await state(page);
  assert.deepEqual(now.visible, ["ring"], "the ring alone");
  assert.match(now.where, /^1 of \d+: The ring$/);
  const panels = Number(now.where.match(/of (\d+)/)[1]);
  // Large type: the lead is set well above the page's own size.
  const sizes = await page.evaluate(() => [parseFloat(getComputedStyle(document.querySelector("#ring .lead")).fontSize), parseFloat(getComputedStyle(document.body).fontSize)]);
  assert.ok(sizes[0] >= sizes[1] * 1.15, `lead ${sizes[0]} px against the body's ${sizes[1]} px`);
  // ↑ goes back a stage; Space and ↓ show the next, one at a time.
  const stage = () => page.$eval("#ring [data-stage]", (s) => Number(s.dataset.stage));
  const last = await stage();
  assert.ok(last >= 2, `${last + 1} stages`);
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("ArrowUp");
  await page.waitForFunction((want) => Number(document.querySelector("#ring [data-stage]").dataset.stage) === want, last - 2);
  await page.keyboard.press(" ");
  await page.waitForFunction((want) => Number(document.querySelector("#ring [data-stage]").dataset.stage) === want, last - 1);
  await page.keyboard.press("ArrowDown");
  await page.waitForFunction((want) => Number(document.querySelector("#ring [data-stage]").dataset.stage) === want, last);
  assert.equal((await state(page)).present, "ring", "still the ring at its last stage");
  for (const width of [1280, 1440, 390]) {
    await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
    await page.screenshot({ path: artifact(`present-ring-${width}.png`) });
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth), `${width}: no sideways scroll`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  // Past the ring's last stage, Space goes on to the next panel, and the address follows.
  await page.keyboard.press(" ");
  await page.waitForFunction(() => new URLSearchParams(location.search).get("present") === "predict");
  now = await state(page);
  assert.deepEqual(now.visible, ["predict"]);
  assert.equal(now.where, `2 of ${panels}: Guess first`);
  await page.keyboard.press("ArrowRight");
  now = await state(page);
  assert.equal(now.visible.length, 1);
  assert.notEqual(now.visible[0], "predict");
  // The panel shown is built, though it was never scrolled to.
  await page.waitForSelector(`.panel-slot[data-panel="${now.visible[0]}"] section.panel`);
  await page.screenshot({ path: artifact("present-next-1280.png") });
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  await page.waitForFunction(() => new URLSearchParams(location.search).get("present") === "ring");
  assert.ok(await page.locator("#present-back").isDisabled(), "the first panel is the first");
  await page.addScriptTag({ path: require.resolve("axe-core/axe.min.js") });
  const axe = await page.evaluate(() => window.axe.run(document));
  assert.deepEqual(axe.violations.map((v) => `${v.impact} ${v.id}`), [], "axe, in presenter mode");
  // Escape leaves: every panel again, and no `present=` in the address.
  await page.keyboard.press("Escape");
  await page.waitForFunction(() => !document.documentElement.dataset.present && !location.search.includes("present="));
  now = await state(page);
  assert.ok(now.visible.length > 3, `${now.visible.length} panels on the page again`);
  // And "Present" goes back in.
  await page.click("#present-open");
  await page.waitForFunction(() => document.documentElement.dataset.present === "ring");
  assert.deepEqual(errors, []);
  await close();
});

test("a slide's link opens presenter mode on its panel; a bad one says so and shows the page", async () => {
  const { page, errors, close } = await open(env.browser, env.served, "?present=loads", { lazy: true, answered: true, ready: ".panel-slot[data-current] section.panel" });
  await appReady(page);
  await page.waitForFunction(() => document.documentElement.dataset.present === "loads");
  assert.deepEqual((await state(page)).visible, ["loads"]);
  await page.waitForSelector('.panel-slot[data-panel="loads"] section.panel');
  assert.deepEqual(errors, []);
  await close();
  const bad = await open(env.browser, env.served, "?present=nowhere", { lazy: true, answered: true });
  await appReady(bad.page);
  assert.equal(await bad.page.evaluate(() => document.documentElement.dataset.present ?? null), null);
  assert.match(await bad.page.locator(".notices").textContent(), /present takes 1, 0 or a panel's id/);
  await bad.close();
});

test("presenter mode's first slide asks, and Space or ↓ shows the answer: a key always does something", async () => {
  const { page, close } = await open(env.browser, env.served, "?present=1", { lazy: true });
  await appReady(page);
  await page.waitForFunction(() => document.documentElement.dataset.present === "ring");
  // The ring asks: its question, no count, no stepper.
  await page.waitForSelector("#ring [data-just-show]");
  assert.equal(await page.locator("#ring .stepper").isHidden(), true);
  await page.keyboard.press(" ");
  await page.waitForFunction(() => !document.querySelector("#ring [data-just-show]"));
  assert.match(await page.locator("#ring .legend-moved, #ring .ring-caption, #ring").first().innerText(), /keys changed owner/);
  assert.equal((await state(page)).present, "ring", "the answer first, still on the ring");
  // ↑ goes back a stage, ↓ forward again, and past the last the next panel.
  const stage = () => page.$eval("#ring [data-stage]", (s) => Number(s.dataset.stage));
  const last = await stage();
  await page.keyboard.press("ArrowUp");
  await page.waitForFunction((want) => Number(document.querySelector("#ring [data-stage]").dataset.stage) === want, last - 1);
  await page.keyboard.press("ArrowDown");
  await page.waitForFunction((want) => Number(document.querySelector("#ring [data-stage]").dataset.stage) === want, last);
  await page.keyboard.press("ArrowDown");
  await page.waitForFunction(() => document.documentElement.dataset.present === "predict");
  // On any other panel too, ↑ and ↓ move: back to the ring.
  await page.keyboard.press("ArrowUp");
  await page.waitForFunction(() => document.documentElement.dataset.present === "ring");
  await close();
});
