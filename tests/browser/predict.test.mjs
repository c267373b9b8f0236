// "Guess first" (DEFINITIONS §12, issue 19) in headless Chromium: nothing is
// revealed before an answer; a guess reveals the model's figure beside it;
// skipping, the keyboard, bad guesses, q= embeds, a change of settings, and
// the headline that asks on arrival.
import { test } from "node:test";
import assert from "node:assert/strict";
import { sharedBrowser, open, reveal, nativeFigures, artifact } from "./harness.mjs";

const env = sharedBrowser();
const question = (page, id) => page.locator(`#predict [data-question="${id}"]`);

test("a typed guess reveals the model's figure beside it; before that, nothing", async () => {
  const { page, close } = await open(env.browser, env.served);
  await reveal(page, "predict");
  const moved = question(page, "moved");
  assert.equal(await moved.getAttribute("data-answered"), "no");
  assert.equal(await moved.getAttribute("data-answer"), null);
  const expected = nativeFigures("").questions;
  assert.equal((await moved.locator(".question-text").textContent()).trim(), expected.moved.wording);
  await page.locator("#guess-moved").fill("150");
  await page.locator('#predict [data-question="moved"] .count-it').click();
  await page.waitForSelector('[data-question="moved"][data-answer]');
  assert.equal(await moved.getAttribute("data-answer"), expected.moved.answer);
  assert.equal(await moved.getAttribute("data-guess"), "150");
  assert.equal(await moved.getAttribute("data-answered"), "yes");
  // The number line names each mark in text, and the sentence says how far off.
  const line = await moved.locator(".numberline").getAttribute("aria-label");
  assert.match(line, new RegExp(`Your guess 150 keys; Measured ${expected.moved.answer} keys; Rule of thumb ${expected.moved.reference} keys`));
  assert.match(await moved.locator(".reveal-sentence").textContent(), /was 55 keys too low/);
  await page.locator("#predict").screenshot({ path: artifact("predict-answered-1280.png") });
  // The headline now tells, with the guess beside it.
  assert.match(await page.locator("[data-headline]").textContent(), /205 of 1,000 keys.*You guessed 150\./);
  // Kept for the tab: a reload does not ask again.
  await page.reload();
  await page.waitForSelector(".panel-slot:not(.waiting) section.panel");
  await page.waitForFunction(() => /205 of 1,000/.test(document.querySelector("[data-headline]").textContent));
  await close();
});

test("every question answers as the model does, by keyboard, and a skip reveals too", async () => {
  const { page, close } = await open(env.browser, env.served, "?points=37&remove=bravo&down=alpha,charlie&replicas=2");
  const query = new URL(page.url()).search.slice(1);
  const expected = nativeFigures(query).questions;
  await reveal(page, "predict");
  // Keyboard only: from the panel's Next button, Tab reaches the box; type, Enter.
  await page.locator("#question-next").focus();
  for (let i = 0; i < 5 && (await page.evaluate(() => document.activeElement?.id)) !== "guess-moved"; i++) {
    await page.keyboard.press("Tab");
  }
  assert.equal(await page.evaluate(() => document.activeElement?.id), "guess-moved");
  await page.keyboard.type("300");
  await page.keyboard.press("Enter");
  await page.waitForSelector('[data-question="moved"][data-answer]');
  assert.equal(await question(page, "moved").getAttribute("data-answer"), expected.moved.answer);
  for (const id of ["modulo", "busiest", "failover", "between", "copy-hours"]) {
    await page.locator("#question-next").click();
    await page.waitForSelector(`[data-question="${id}"]`);
    assert.equal((await question(page, id).locator(".question-text").textContent()).trim(), expected[id].wording, id);
    await page.locator(`#predict [data-question="${id}"] .show-me`).click();
    await page.waitForSelector(`[data-question="${id}"][data-answer]`);
    assert.equal(await question(page, id).getAttribute("data-answer"), expected[id].answer, id);
    assert.equal(await question(page, id).getAttribute("data-answered"), "skipped", id);
    assert.equal(await question(page, id).getAttribute("data-guess"), null, id);
  }
  await close();
});

test("bad guesses get a message beside the box and reveal nothing", async () => {
  const { page, close } = await open(env.browser, env.served);
  await reveal(page, "predict");
  for (const [bad, pattern] of [["", /Type a guess/], ["abc", /whole number/], ["-5", /negative/], ["1001", /only 1,000 keys/]]) {
    await page.locator("#guess-moved").fill(bad);
    await page.locator("#guess-moved").press("Enter");
    await page.waitForFunction((p) => new RegExp(p).test(document.querySelector("#guess-moved-message").textContent), pattern.source);
    assert.equal(await question(page, "moved").getAttribute("data-answer"), null, bad);
  }
  await page.locator("#question-next").click();
  await page.locator("#question-next").click();
  await page.locator("#guess-busiest").fill("22.85");
  await page.locator("#guess-busiest").press("Enter");
  await page.waitForFunction(() => /One decimal/.test(document.querySelector("#guess-busiest-message").textContent));
  assert.equal(await question(page, "busiest").getAttribute("data-answer"), null);
  await close();
});

test("a change of settings asks again; an old guess is never drawn against a new figure", async () => {
  const { page, close } = await open(env.browser, env.served);
  await reveal(page, "predict");
  await page.locator("#guess-moved").fill("210");
  await page.locator("#guess-moved").press("Enter");
  await page.waitForSelector('[data-question="moved"][data-answer]');
  await page.locator("#points-number").fill("50");
  await page.locator("#points-number").press("Enter");
  await page.waitForFunction(() => location.search.includes("points=50&"));
  await reveal(page, "predict");
  await page.waitForFunction(() => document.querySelector('[data-question="moved"]').dataset.answered === "no");
  assert.equal(await question(page, "moved").getAttribute("data-answer"), null);
  assert.equal(await question(page, "moved").getAttribute("data-guess"), null);
  // The old guess stays in view, saying what it was for.
  assert.equal(
    await question(page, "moved").locator("[data-earlier-guess]").textContent(),
    "Your guess of 210 was for 200 points per server; these settings ask afresh.",
  );
  // The headline keeps telling (the reader answered it once), now without the old guess.
  const headline = await page.locator("[data-headline]").textContent();
  assert.match(headline, /^Right now/);
  assert.doesNotMatch(headline, /You guessed/);
  await close();
});

test("q= embeds one question alone, with every setting carried over", async () => {
  for (const width of [1280, 390]) {
    const query = "points=1&embed=1&panel=predict&q=failover";
    const { page, close } = await open(env.browser, env.served, "?" + query, { viewport: { width, height: 800 } });
    assert.equal(await page.locator("[data-question]").count(), 1);
    assert.equal(await page.locator("#question-next").count(), 0);
    await page.locator('[data-question="failover"] .show-me').click();
    await page.waitForSelector('[data-question="failover"][data-answer]');
    assert.equal(await question(page, "failover").getAttribute("data-answer"), nativeFigures(query).questions.failover.answer);
    await page.screenshot({ path: artifact(`predict-embed-${width}.png`), fullPage: true });
    await close();
  }
});

test("the \"between\" guess is the schemes ticked, in the table's order, whatever order they were ticked in", async () => {
  const { page, close } = await open(env.browser, env.served);
  await reveal(page, "predict");
  for (let i = 0; i < 4; i++) await page.locator("#question-next").click();
  await page.waitForSelector('[data-question="between"] [data-scheme-guess]');
  const boxes = page.locator('#predict [data-question="between"] [data-scheme-guess]');
  const ids = await boxes.evaluateAll((inputs) => inputs.map((input) => input.dataset.schemeGuess));
  assert.ok(ids.length >= 3, ids.join(","));
  // Ticked third, first, second; the third unticked again.
  for (const i of [2, 0, 1, 2]) await boxes.nth(i).click();
  await page.locator('#predict [data-question="between"] .count-it').click();
  await page.waitForSelector('[data-question="between"][data-answer]');
  assert.equal(await question(page, "between").getAttribute("data-guess"), `${ids[0]},${ids[1]}`);
  assert.equal(await question(page, "between").getAttribute("data-answered"), "yes");
  await close();
});

test("\"Guess first\" is the lesson's index: each question leads to the step that asks it, focus in its box", async () => {
  const { page, errors, close } = await open(env.browser, env.served, "", { lazy: true });
  await reveal(page, "predict");
  // The step each question is asked in, in the lesson's order.
  const steps = { moved: ["question", 1], modulo: ["modulo", 3], busiest: ["points", 4], failover: ["failing", 5], between: ["between", 6], "copy-hours": ["cost", 7] };
  for (const [index, id] of ["moved", "modulo", "busiest", "failover", "between", "copy-hours"].entries()) {
    if (index > 0) {
      await page.locator("#question-next").click();
      await question(page, id).waitFor();
    }
    const [step, number] = steps[id];
    const go = page.locator("[data-ask-in-step]");
    assert.equal((await go.textContent()).trim(), `Answer it in lesson step ${number}, beside its figure`);
    await go.click();
    await page.waitForSelector(`.lesson[data-lesson-step="${step}"] [data-question="${id}"][data-answered="no"]`);
    // Focus in the step's box, which is on screen: the reader types there.
    await page.waitForFunction((id) => document.activeElement?.closest(`.lesson [data-question="${id}"]`)
      && document.activeElement.getBoundingClientRect().bottom <= innerHeight, id);
    await page.locator("#predict").scrollIntoViewIfNeeded();
  }
  // Sent to later steps, the reader answered none: past the first step the
  // ring shows its change (its own answer), and every other question still waits.
  assert.equal(await page.locator('#predict [data-question][data-answered="no"]').count(), 1);
  assert.equal(await page.evaluate(() => document.documentElement.dataset.asks), "modulo busiest failover between copy-hours");
  assert.deepEqual(errors, []);
  await close();
});
