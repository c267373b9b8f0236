// Issue 34: the first screen asks before it tells. Until the reader answers
// or skips the headline's question (or changes a setting), the ring shows the
// pool before the change, its legend the loads before it, and its caption the
// question where the count would be; nothing a reader can see or hear on the
// first screen gives the count away. The figures come from the oracle.
import { test } from "node:test";
import assert from "node:assert/strict";
import { sharedBrowser, open, appReady, buildAll, nativeFigures, artifact, reveal, figure } from "./harness.mjs";

const env = sharedBrowser();

/** The text a reader can see in the viewport, and every label there. */
function firstScreenText(page) {
  return page.evaluate(() => {
    const inView = (element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.bottom > 0 && box.top < innerHeight && element.checkVisibility();
    };
    const parts = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.parentElement && inView(node.parentElement)) parts.push(node.textContent);
    }
    for (const labelled of document.querySelectorAll("[aria-label]")) {
      if (inView(labelled)) parts.push(labelled.getAttribute("aria-label"));
    }
    return parts.join(" ");
  });
}

/** The ring legend's loads by server name. */
const legend = (page) => page.$$eval("#ring .legend li:not([data-joins-next])", (items) => Object.fromEntries(items.map((li) => [
  li.querySelector(".legend-name").textContent,
  Number(li.querySelector(".legend-load").textContent.replace(/\D/g, "")),
])));

const native = nativeFigures("");
const count = new RegExp(`\\b${native.moved}\\b`);

for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
  test(`before an answer the first screen asks, and "Just show me" tells (${viewport.width} px)`, async () => {
    const { page, close } = await open(env.browser, env.served, "", { viewport, lazy: true });
    await appReady(page);
    const before = await firstScreenText(page);
    assert.doesNotMatch(before, count, `the count ${native.moved} is on the first screen before an answer`);
    assert.match(await page.locator("#ring [data-caption]").textContent(), /^Before echo joins, 4 servers hold the 1,000 keys\. How many of them will change server\?$/);
    // The pool before the change and the loads before it; the newcomer named, holding nothing yet.
    const loadsBefore = Object.fromEntries(Object.entries(native.loads).filter(([, l]) => l.before > 0).map(([name, l]) => [name, l.before]));
    assert.deepEqual(await legend(page), loadsBefore);
    const joiner = page.locator("#ring .legend li[data-joins-next]");
    assert.equal(await joiner.getAttribute("data-joins-next"), "echo");
    assert.match(await joiner.innerText(), /^echo\s+joins next$/);
    await page.screenshot({ path: artifact(`ask-first-${viewport.width}.png`) });

    await page.locator("[data-just-show]").click();
    await page.waitForFunction(() => !document.querySelector("[data-ring-asks]"));
    assert.match(await page.locator("#ring [data-caption]").textContent(), new RegExp(`^echo joins: ${native.moved} keys changed owner\\.$`));
    assert.match(await firstScreenText(page), count);
    assert.deepEqual(await legend(page), Object.fromEntries(Object.entries(native.loads).map(([name, l]) => [name, l.after])));
    assert.equal(await page.locator("#ring .legend li[data-joins-next]").count(), 0, "joined, it holds its keys");
    // Answered in this tab: a reload tells at once.
    await page.reload();
    await appReady(page);
    assert.equal(await page.locator("[data-ring-asks]").count(), 0);
    assert.match(await page.locator("#ring [data-caption]").textContent(), count);
    await close();
  });
}

test("a guess steps the ring to the change and stands beside the count", async () => {
  const { page, close } = await open(env.browser, env.served, "", { lazy: true });
  await appReady(page);
  await reveal(page, "predict");
  await page.locator("#guess-moved").fill("150");
  await page.locator("#guess-moved").press("Enter");
  await page.waitForFunction(() => !document.querySelector("[data-ring-asks]"));
  assert.equal(
    await page.locator("#ring [data-caption]").textContent(),
    `echo joins: ${native.moved} keys changed owner. You guessed 150.`,
  );
  await close();
});

test("changing a setting ends the question; an embedded ring never asks", async () => {
  const { page, close } = await open(env.browser, env.served, "", { lazy: true });
  await appReady(page);
  assert.equal(await page.locator("[data-ring-asks]").count(), 1);
  await page.locator("#points-number").fill("100");
  await page.locator("#points-number").press("Enter");
  await page.waitForFunction(() => !document.querySelector("[data-ring-asks]"));
  const figures = nativeFigures("points=100");
  assert.match(await page.locator("#ring [data-caption]").textContent(), new RegExp(`: ${figures.moved} keys changed owner`));
  // The headline tells with the ring, though the question was never answered.
  await page.waitForFunction(() => /^Right now/.test(document.querySelector("[data-headline]").textContent));
  assert.match(await page.locator("[data-headline]").textContent(), new RegExp(`the ring moves ${figures.moved} of 1,000 keys`));
  await close();

  // Embedded alone, the ring asks too (issue 48 item 4): the pool before
  // the change and the question, until the reader asks for the change.
  const embedded = await open(env.browser, env.served, "?embed=1&panel=ring", { lazy: true });
  await appReady(embedded.page);
  await embedded.page.waitForSelector("#ring [data-ring-asks]");
  assert.doesNotMatch(await embedded.page.locator("#ring").textContent(), count);
  // Guessing happens in a panel the embed lacks: only "Just show me".
  assert.deepEqual(await embedded.page.$$eval("#ring [data-ring-asks] button", (b) => b.map((x) => x.textContent)), ["Just show me"]);
  // Nor does it square a key for a failure panel it lacks.
  assert.equal(await embedded.page.locator("#ring-pick").count(), 0);
  await embedded.page.screenshot({ path: artifact("embedded-ring-asks.png") });
  await embedded.page.click("#ring [data-just-show]");
  await embedded.page.waitForFunction(() => !document.querySelector("#ring [data-ring-asks]"));
  assert.match(await embedded.page.locator("#ring [data-caption]").textContent(), count);
  await embedded.close();
  // Another panel alone shows its figure at once.
  const moved = await open(env.browser, env.served, "?embed=1&panel=moved", { lazy: true });
  await appReady(moved.page);
  assert.equal(await moved.page.locator("[data-ring-asks]").count(), 0);
  assert.equal(await figure(moved.page, "moved"), nativeFigures("").moved);
  await moved.close();
});

/** Every text and label a reader could see or hear anywhere on the page. */
function pageText(page) {
  return page.evaluate(() => {
    const parts = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.parentElement?.checkVisibility({ visibilityProperty: true })) parts.push(node.textContent);
    }
    for (const labelled of document.querySelectorAll("[aria-label]")) {
      if (labelled.checkVisibility()) parts.push(labelled.getAttribute("aria-label"));
    }
    return parts.join(" ");
  });
}

test("until the ring's question is answered no panel shows its count; a panel's Show tells everywhere (390 px, touch)", async () => {
  const { page, close } = await open(env.browser, env.served, "", { viewport: { width: 390, height: 844 }, hasTouch: true, lazy: true });
  await appReady(page);
  await buildAll(page);
  // Every panel measured: the schemes, the systems, the claims, the cost.
  for (const selector of ["#schemes tr[data-scheme]", "#systems tr[data-scheme]", "#claims tr[data-claim]", "#cost-table tr[data-cost-scheme]"]) {
    await page.waitForSelector(selector, { state: "attached" });
  }
  const share = `${(100 * Number(native.moved) / 1000).toFixed(1)}%`;
  const before = await pageText(page);
  assert.doesNotMatch(before, count, `the count ${native.moved} shows before an answer`);
  assert.ok(!before.includes(share), `its share ${share} shows before an answer`);
  // The figures are there all along, for the hooks: only the reader waits.
  assert.equal(await page.locator("#moved [data-figure=moved]").textContent(), native.moved);
  // Modulo's count waits for its own question (one-lesson.test.mjs);
  // the lab's other figures stay: the keys a failure reroutes.
  assert.doesNotMatch(before, new RegExp(`\\b${native["modulo-moved"]}\\b`));
  assert.match(before, new RegExp(`\\b${native.failure.rerouted}\\b`));
  // Each panel that holds the count says why it shows "?" and offers it.
  const held = await page.$$eval(".panel-slot", (slots) => slots
    .filter((slot) => slot.querySelector("[data-tells~=moved]"))
    .map((slot) => [slot.dataset.panel, slot.querySelector(".held-note")?.checkVisibility() ?? false]));
  for (const panel of ["moved", "modulo", "loads", "failure", "schemes", "systems", "cost", "rollout", "claims"]) {
    assert.ok(held.some(([p]) => p === panel), `${panel} holds the count`);
  }
  // The ring asks in its own words, with its own buttons.
  for (const [panel, shown] of held) assert.equal(shown, panel !== "ring", `${panel} explains its ?`);
  await page.screenshot({ path: artifact("held-390.png") });

  const cost = page.locator("[data-panel=cost] [data-show-held]");
  await cost.scrollIntoViewIfNeeded();
  await cost.tap();
  await page.waitForFunction(() => !(document.documentElement.dataset.asks ?? "").split(" ").includes("moved"));
  await page.waitForFunction(() => document.activeElement?.id === "cost-title");
  assert.match(await page.locator("#moved [data-figure=moved]").innerText(), count);
  assert.match(await page.locator("#ring [data-caption]").textContent(), count, "the ring tells too: the question is skipped");
  assert.ok((await pageText(page)).includes(share));
  await close();
});
