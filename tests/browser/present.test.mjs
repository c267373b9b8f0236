// Presenter mode follows a lecture (issue 48 item 3, issue 64 item 5):
// `present=` shows one slide at a time, filling a 1280 × 800 screen in
// lecture type; Space reveals the next thing, ← → move between slides,
// Escape leaves; `lecture=` keeps the teacher's slides in the address, so
// one link gives the whole lecture; notes and sources come once, last.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { sharedBrowser, open, appReady, artifact, nativeFigures } from "./harness.mjs";

const require = createRequire(import.meta.url);
const env = sharedBrowser();

/** What presenter mode shows: the panel marked, the slots on screen, the address's `present=`, the bar. */
const state = (page) => page.evaluate(() => ({
  present: document.documentElement.dataset.present ?? null,
  visible: [...document.querySelectorAll(".panel-slot[data-panel]")].filter((s) => s.checkVisibility()).map((s) => s.dataset.panel),
  address: new URLSearchParams(location.search).get("present"),
  where: document.querySelector(".present-where")?.textContent ?? "",
  points: document.querySelector("#ring .ring-wrap")?.dataset.points ?? null,
}));

/** Wait until the bar names slide `number`. */
const atSlide = (page, number) => page.waitForFunction((n) => document.querySelector(".present-where")?.textContent.startsWith(`${n} of `), number);

/**
 * Whether the slide shown fits above the bar with nothing under 20 px, and
 * the question, where there is one, as large as the text around it.
 */
const fits = (page) => page.evaluate(() => {
  const bar = document.querySelector(".present-bar").getBoundingClientRect();
  const shown = document.querySelector(".panel-slot[data-current]") ?? document.querySelector("#leaves-out");
  const visible = [...shown.querySelectorAll("*")].filter((e) => e.checkVisibility() && e.getBoundingClientRect().height > 0);
  // What a box that scrolls within the slide holds ends where the box does.
  const bottom = (e) => {
    let end = e.getBoundingClientRect().bottom;
    for (let up = e.parentElement; up && up !== shown; up = up.parentElement) {
      if (/auto|scroll|hidden/.test(getComputedStyle(up).overflowY)) end = Math.min(end, up.getBoundingClientRect().bottom);
    }
    return end;
  };
  const end = Math.max(...visible.map(bottom));
  const small = [];
  for (const element of [...visible, ...document.querySelectorAll(".present-bar *")]) {
    const text = [...element.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent.trim());
    const size = parseFloat(getComputedStyle(element).fontSize);
    if (text && size < 20) small.push(`${size}px ${element.tagName} “${element.textContent.trim().slice(0, 30)}”`);
  }
  const question = shown.querySelector(".question-text");
  const body = parseFloat(getComputedStyle(shown.querySelector("section, .panel") ?? shown).fontSize);
  return {
    over: Math.round(end - bar.top),
    small,
    sideways: document.documentElement.scrollWidth > innerWidth,
    question: question && question.checkVisibility() ? parseFloat(getComputedStyle(question).fontSize) - body : 0,
  };
});

test("the lesson is the lecture when none is given: every slide fits 1280 × 800 in lecture type, the notes come once, last", async () => {
  const { page, errors, close } = await open(env.browser, env.served, "?present=1", { lazy: true, answered: true, bypassCSP: true, ready: ".present-bar:not([hidden])" });
  await appReady(page);
  await page.waitForFunction(() => document.documentElement.dataset.present === "ring");
  const first = await state(page);
  assert.deepEqual(first.visible, ["ring"], "the ring alone");
  assert.match(first.where, /^1 of (\d+): Lesson 1: A key's server, and a question$/);
  const count = Number(first.where.match(/of (\d+)/)[1]);
  const titles = [];
  for (let number = 1; number <= count; number++) {
    if (number > 1) await page.keyboard.press("ArrowRight");
    await atSlide(page, number);
    const now = await state(page);
    assert.equal(now.address, String(number), "the address keeps the slide");
    titles.push(now.where.replace(/^\d+ of \d+: /, ""));
    // The slide's panel built and its figures caught up.
    await page.waitForFunction(() => {
      const slot = document.querySelector(".panel-slot[data-current]");
      return document.documentElement.dataset.present === "notes" || (slot?.querySelector("section.panel") && slot.dataset.stale === "no");
    });
    if (now.present === "ring") await page.waitForFunction(() => document.querySelector("#ring .lesson")?.checkVisibility());
    const fit = await fits(page);
    assert.ok(fit.over <= 0, `slide ${number} (${now.where}) runs ${fit.over} px under the bar`);
    assert.deepEqual(fit.small, [], `slide ${number}: text under 20 px`);
    assert.equal(fit.sideways, false, `slide ${number}: no sideways scroll`);
    assert.ok(fit.question >= 0, `slide ${number}: the question ${fit.question} px smaller than its text`);
    if ([1, 2, count].includes(number) || now.present === "loads") await page.screenshot({ path: artifact(`present-slide-${number}-1280.png`) });
  }
  assert.deepEqual(titles.slice(0, 7), [
    "Lesson 1: A key's server, and a question",
    "Lesson 2: The change, played",
    "Lesson 3: Beside hash mod n",
    "Lesson 4: Why hundreds of points",
    "Lesson 5: A server failing",
    "Lesson 6: Other schemes",
    "Lesson 7: What moving costs",
  ]);
  assert.equal(titles[7], "Where the points land", "then the lab, in page order");
  assert.ok(!titles.includes("Guess first"), "the lesson asks the six questions: no slide of its own");
  assert.equal(titles.at(-1), "Notes and sources");
  assert.equal(titles.filter((t) => t === "Notes and sources").length, 1, "the notes once");
  // The notes are on their slide alone, and on no other.
  assert.equal(await page.locator("#leaves-out").isVisible(), true);
  assert.deepEqual((await state(page)).visible, []);
  await page.keyboard.press("ArrowLeft");
  await atSlide(page, count - 1);
  assert.equal(await page.locator("#leaves-out").isVisible(), false, "no notes under a panel's slide");
  await page.addScriptTag({ path: require.resolve("axe-core/axe.min.js") });
  const axe = await page.evaluate(() => window.axe.run(document));
  assert.deepEqual(axe.violations.map((v) => `${v.impact} ${v.id}`), [], "axe, in presenter mode");
  // Escape leaves: every panel again, no `present=`, and the page's own settings back.
  await page.keyboard.press("Escape");
  await page.waitForFunction(() => !document.documentElement.dataset.present && !location.search.includes("present="));
  const after = await state(page);
  assert.ok(after.visible.length > 3, `${after.visible.length} panels on the page again`);
  assert.equal(after.points, "200");
  // And "Present" goes back in, at the first slide.
  await page.click("#present-open");
  await page.waitForFunction(() => document.documentElement.dataset.present === "ring");
  await atSlide(page, 1);
  for (const [width, height] of [[1440, 900], [390, 844]]) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: artifact(`present-ring-${width}.png`) });
    assert.equal((await fits(page)).sideways, false, `${width}: no sideways scroll`);
  }
  assert.deepEqual(errors, []);
  await close();
});

test("a deploy's lesson fits its slides too: long addresses in the legend, the deploy in words above the ring", async () => {
  const deploy = "servers=10.1.0.1:8080,10.1.0.2:8080,10.1.0.3:8080&after=10.1.0.1:8080,10.1.0.33:8080,10.1.0.2:8080,10.1.0.7:8080";
  const { page, errors, close } = await open(env.browser, env.served, `?present=1&${deploy}`, { lazy: true, answered: true, ready: ".present-bar:not([hidden])" });
  await appReady(page);
  for (let number = 1; number <= 5; number++) {
    if (number > 1) await page.keyboard.press("ArrowRight");
    await atSlide(page, number);
    await page.waitForFunction(() => document.querySelector("#ring [data-deploy-summary]")?.checkVisibility() && document.querySelector("#ring .lesson")?.checkVisibility());
    const fit = await fits(page);
    assert.ok(fit.over <= 0, `deploy slide ${number} runs ${fit.over} px under the bar`);
    assert.deepEqual(fit.small, [], `deploy slide ${number}: text under 20 px`);
    // Every server's whole address is there to read, none cut short.
    const cut = await page.$$eval("#ring .legend-name", (names) => names.filter((n) => n.scrollWidth > n.clientWidth + 1).map((n) => n.textContent));
    assert.deepEqual(cut, [], `deploy slide ${number}: names cut short`);
  }
  await page.screenshot({ path: artifact("present-deploy-5-1280.png") });
  assert.deepEqual(errors, []);
  await close();
});

test("a lecture a teacher builds is kept in the address, and its link gives the same slides at the same settings", async () => {
  const { page, errors, close } = await open(env.browser, env.served, "?points=120", { lazy: true, answered: true });
  await appReady(page);
  await page.locator("#lecture-builder summary").click();
  const slides = () => page.$$eval("#lecture-slides option", (options) => options.map((o) => o.dataset.slide));
  const lesson = await slides();
  assert.equal(lesson.length, 17, "the lesson's seven steps and the lab's ten panels");
  // Clear it to its first slide, add the change played, two panels and a
  // preset, remove one, reorder: as a teacher would, choosing a slide in the
  // list and pressing a button.
  await page.click("#lecture-clear");
  assert.deepEqual(await slides(), ["lesson-question"], "one click clears the lesson's seventeen");
  for (const label of ["Lesson 2: The change, played", "Load per server", "What a change costs"]) {
    await page.selectOption("#lecture-add", { label });
    await page.click("#lecture-add-button");
  }
  await page.selectOption("#lecture-slides", "2");
  await page.click("#lecture-remove");
  assert.deepEqual(await slides(), ["lesson-question", "lesson-played", "cost"]);
  await page.selectOption("#lecture-add", { label: "A lumpy ring: 3 points each" });
  await page.click("#lecture-add-button");
  await page.selectOption("#lecture-add", { label: "Lesson 4: Why hundreds of points" });
  await page.click("#lecture-add-button");
  // The slide added last stays chosen; cost moves one later, past the preset.
  await page.selectOption("#lecture-slides", "2");
  await page.click("#lecture-later");
  const built = ["lesson-question", "lesson-played", "preset-lumpy", "cost", "lesson-points"];
  assert.deepEqual(await slides(), built);
  assert.equal(await page.$eval("#lecture-slides", (s) => s.value), "3", "cost stays chosen where it landed");
  // The ends refuse quietly: nothing moves.
  await page.selectOption("#lecture-slides", "0");
  await page.click("#lecture-earlier");
  assert.deepEqual(await slides(), built);
  await page.waitForFunction((want) => new URLSearchParams(location.search).get("lecture") === want, built.join(","));
  await page.screenshot({ path: artifact("lecture-builder-1280.png") });
  // "Present this lecture": a link that opens presenter mode on the first slide.
  const link = await page.locator("#lecture-link").evaluate((a) => a.href);
  assert.equal(new URL(link).searchParams.get("present"), "1");
  await close();
  // The link, opened afresh: presenting the same slides, each at its settings.
  const again = await open(env.browser, env.served, new URL(link).search, { lazy: true, answered: true, ready: "html[data-present]" });
  await appReady(again.page);
  assert.equal(await again.page.locator(".notices").count(), 0, "the link reads cleanly");
  // Each slide's points: the link's own 120, then a few for the change played; the
  // preset's 3 hold for the cost slide; the lesson's fourth step goes back to many
  // (the lumpy ring has few, so the default's 200); the notes keep the last slide's.
  const points = ["120", "3", "3", "3", "200", "200"];
  const seen = [];
  for (let number = 1; number <= built.length + 1; number++) {
    if (number > 1) await again.page.keyboard.press("ArrowRight");
    await atSlide(again.page, number);
    await again.page.waitForFunction((want) => document.querySelector("#ring .ring-wrap")?.dataset.points === want, points[number - 1]);
    const now = await state(again.page);
    seen.push([now.where.replace(/^\d+ of \d+: /, ""), now.present]);
  }
  assert.deepEqual(seen.map(([title]) => title), [
    "Lesson 1: A key's server, and a question",
    "Lesson 2: The change, played",
    "A lumpy ring: 3 points each",
    "What a change costs",
    "Lesson 4: Why hundreds of points",
    "Notes and sources",
  ]);
  assert.deepEqual(seen.map(([, present]) => present), ["ring", "ring", "loads", "cost", "ring", "notes"]);
  // The address keeps the lecture's own settings, not the slide's.
  assert.equal(await again.page.evaluate(() => new URLSearchParams(location.search).get("points")), "120");
  assert.equal(await again.page.evaluate(() => new URLSearchParams(location.search).get("lecture")), built.join(","));
  assert.deepEqual(again.errors, []);
  await again.close();
  assert.deepEqual(errors, []);
});

test("Space reveals each thing in turn: the answer, the change played, a panel's folds, the next slide, the notes", async () => {
  const lecture = "lesson-question,lesson-played,cost,loads";
  const { page, errors, close } = await open(env.browser, env.served, `?present=1&lecture=${lecture}`, { lazy: true, motion: true, ready: ".present-bar:not([hidden])" });
  await appReady(page);
  await page.waitForFunction(() => document.documentElement.dataset.present === "ring");
  const moment = () => page.evaluate(() => ({
    where: Number(document.querySelector(".present-where").textContent.split(" ")[0]),
    asking: (document.documentElement.dataset.asks ?? "").split(" ").includes("moved"),
    points: document.querySelector("#ring .ring-wrap")?.dataset.points,
    folds: [...document.querySelectorAll(".panel-slot[data-current] details.fold")].map((d) => d.open),
    visibleText: (document.querySelector(".panel-slot[data-current]") ?? document.body).innerText,
  }));
  // The ring asks: no count anywhere on the slide.
  let now = await moment();
  assert.equal(now.asking, true);
  assert.doesNotMatch(now.visibleText, /205/, "the answer waits");
  // What a press can change: the slide, the questions that wait, the folds open.
  const key = () => page.evaluate(() => JSON.stringify({
    where: document.querySelector(".present-where").textContent.split(" ")[0],
    asks: (document.documentElement.dataset.asks ?? "").split(" ").filter(Boolean).length,
    open: [...document.querySelectorAll(".panel-slot[data-current] details.fold")].filter((d) => d.open).length,
    stage: document.querySelector("#ring .stage-label")?.textContent ?? "",
    page: document.querySelector(".panel-slot[data-current] details.fold[data-shown]")?.scrollTop ?? 0,
  }));
  const steps = [];
  for (let presses = 0; presses < 40 && (await page.evaluate(() => document.documentElement.dataset.present)) !== "notes"; presses++) {
    const before = JSON.parse(await key());
    await page.keyboard.press(" ");
    await page.waitForFunction((before) => {
      const now = {
        where: document.querySelector(".present-where").textContent.split(" ")[0],
        asks: (document.documentElement.dataset.asks ?? "").split(" ").filter(Boolean).length,
        open: [...document.querySelectorAll(".panel-slot[data-current] details.fold")].filter((d) => d.open).length,
        stage: document.querySelector("#ring .stage-label")?.textContent ?? "",
        page: document.querySelector(".panel-slot[data-current] details.fold[data-shown]")?.scrollTop ?? 0,
      };
      return JSON.stringify(now) !== before;
    }, JSON.stringify(before)).catch(() => assert.fail(`Space changed nothing after ${steps} at ${JSON.stringify(before)}`));
    const after = JSON.parse(await key());
    // Exactly one thing: a new slide, or on the same slide one answer, one fold or one stage.
    const same = (part) => after[part] === before[part];
    const kind = after.where !== before.where ? "slide"
      : after.asks === before.asks - 1 && same("open") && same("stage") ? "answer"
      : after.open === before.open + 1 && same("asks") && same("stage") ? "fold"
      : !same("stage") && same("asks") && same("open") && same("page") ? "stage"
      : !same("page") && same("asks") && same("open") && same("stage") ? "page" : "more";
    steps.push(`${after.where}:${kind}`);
    // The change played at a few points: the ring shows 3 a server.
    if (after.where === "2") await page.waitForFunction(() => document.querySelector("#ring .ring-wrap").dataset.points === "3");
    if (presses === 0) {
      now = await moment();
      assert.equal(now.where, 1, "the answer first, on the same slide");
      assert.match(now.visibleText, /205/);
    }
  }
  assert.ok(!steps.some((step) => step.endsWith("more")), `one thing a press: ${steps}`);
  assert.equal(steps[0], "1:answer");
  assert.equal(steps[1], "2:slide");
  assert.equal(steps[2], "2:stage", "the change played on Space, not on arrival");
  assert.equal(steps[3], "3:slide");
  // On the cost and loads slides the answers they hold, then their folds, one a press.
  for (const slide of ["3", "4"]) {
    const here = steps.filter((step) => step.startsWith(`${slide}:`)).map((step) => step.split(":")[1]);
    assert.equal(here[0], "slide");
    assert.ok(here.includes("fold") && here.includes("answer"), `slide ${slide}: ${here}`);
  }
  assert.equal(steps.at(-1), "5:slide", "then the notes");
  // Past the notes Space stays; ↑ goes back a slide, and ↓ on again.
  await page.keyboard.press("ArrowUp");
  await atSlide(page, 4);
  await page.keyboard.press("ArrowDown");
  await atSlide(page, 5);
  assert.deepEqual(errors, []);
  await close();
});

test("a lesson step that asks fits its slide while it asks and once Space has told it", async () => {
  // Every step of the lesson but the two the ring itself asks and plays;
  // the sixth at 1440 × 900 too, the tallest once told.
  for (const [slide, viewport] of [[3], [4], [5], [6], [7], [6, { width: 1440, height: 900 }]]) {
    const { page, close } = await open(env.browser, env.served, `?present=${slide}`, { lazy: true, viewport, ready: ".present-bar:not([hidden])" });
    await appReady(page);
    await atSlide(page, slide);
    await page.waitForSelector('.lesson [data-question][data-answered="no"]');
    if (slide === 3) {
      // → past a waiting question and ← back: it still asks (passing is not answering).
      await page.keyboard.press("ArrowRight");
      await atSlide(page, 4);
      await page.keyboard.press("ArrowLeft");
      await atSlide(page, 3);
      await page.waitForSelector('.lesson[data-lesson-step="modulo"] [data-question][data-answered="no"]');
    }
    const asking = await fits(page);
    assert.ok(asking.over <= 0, `slide ${slide} asking runs ${asking.over} px under the bar`);
    assert.deepEqual(asking.small, [], `slide ${slide}: text under 20 px`);
    await page.keyboard.press(" ");
    await page.waitForSelector('.lesson [data-question]:not([data-answered="no"])', { state: "attached" });
    const told = await fits(page);
    assert.ok(told.over <= 0, `slide ${slide} told runs ${told.over} px under the bar`);
    // The step's own figure is on the slide once told (step 6's once the
    // worker has measured the schemes), and still fits.
    await page.waitForSelector(".lesson .step-figure");
    assert.equal(await page.locator(".lesson .step-figure").count(), 1, `slide ${slide} shows its figure`);
    const withFigure = await fits(page);
    assert.ok(withFigure.over <= 0, `slide ${slide} with its figure runs ${withFigure.over} px under the bar`);
    await page.screenshot({ path: artifact(`present-lesson-${slide}-told-${viewport?.width ?? 1280}.png`) });
    await close();
  }
});

test("a slide's link opens presenter mode on it; a bad one says so and shows the page", async () => {
  const { page, errors, close } = await open(env.browser, env.served, "?present=loads", { lazy: true, answered: true, ready: ".panel-slot[data-current] section.panel" });
  await appReady(page);
  await page.waitForFunction(() => document.documentElement.dataset.present === "loads");
  assert.deepEqual((await state(page)).visible, ["loads"]);
  assert.match((await state(page)).where, /: Load per server$/);
  assert.deepEqual(errors, []);
  await close();
  // A slide of a panel whose count answers the ring's question: "?" until Space shows it.
  const asks = await open(env.browser, env.served, "?present=1&lecture=moved,loads", { lazy: true, ready: ".panel-slot[data-current] section.panel" });
  await appReady(asks.page);
  const shown = () => asks.page.evaluate(() => ({ text: document.querySelector(".panel-slot[data-current]").innerText, where: document.querySelector(".present-where").textContent }));
  await asks.page.waitForFunction(() => document.querySelector('.panel-slot[data-current] [data-figure="moved"]'));
  assert.doesNotMatch((await shown()).text, /205/, "the count waits for the question");
  await asks.page.keyboard.press(" ");
  await asks.page.waitForFunction(() => /205/.test(document.querySelector(".panel-slot[data-current]").innerText));
  assert.match((await shown()).where, /^1 of 3: How many keys move$/, "the answer first, on the same slide");
  await asks.close();
  const bad = await open(env.browser, env.served, "?present=nowhere&lecture=loads,elsewhere", { lazy: true, answered: true });
  await appReady(bad.page);
  assert.equal(await bad.page.evaluate(() => document.documentElement.dataset.present ?? null), null);
  const notices = await bad.page.locator(".notices").textContent();
  assert.match(notices, /present takes 0, a slide's number \(1 to 18\) or a slide's id/);
  assert.match(notices, /“elsewhere” is no slide/);
  await bad.close();
});

/** What one press can change on a slide: which slide, the questions that wait, the folds open and the one shown, the ring's stage. */
const moment = (page) => page.evaluate(() => JSON.stringify({
  where: document.querySelector(".present-where").textContent.split(" ")[0],
  asks: document.documentElement.dataset.asks ?? "",
  folds: [...document.querySelectorAll(".panel-slot[data-current] details.fold")].map((d) => `${d.open ? "open" : "closed"}${d.hasAttribute("data-shown") ? " shown" : ""}`),
  stage: document.querySelector("#ring .stepper")?.textContent ?? "",
  page: document.querySelector(".panel-slot[data-current] details.fold[data-shown]")?.scrollTop ?? 0,
}));
/** Wait until the moment is `wanted` (or, with `not`, anything else), after the frame that shows it. */
const until = (page, wanted, not = false) => page.waitForFunction(([wanted, not]) => new Promise((done) => requestAnimationFrame(() => {
  const now = JSON.stringify({
    where: document.querySelector(".present-where").textContent.split(" ")[0],
    asks: document.documentElement.dataset.asks ?? "",
    folds: [...document.querySelectorAll(".panel-slot[data-current] details.fold")].map((d) => `${d.open ? "open" : "closed"}${d.hasAttribute("data-shown") ? " shown" : ""}`),
    stage: document.querySelector("#ring .stepper")?.textContent ?? "",
    page: document.querySelector(".panel-slot[data-current] details.fold[data-shown]")?.scrollTop ?? 0,
  });
  done(not ? now !== wanted : now === wanted);
})), [wanted, not], { timeout: 10000 });

// The default lecture on both screens, and one a teacher built of the
// tallest panels and two lesson steps that ask.
const BUILT = "lesson-failing,failure,schemes,systems,loads,lesson-cost";
for (const [viewport, undo, lecture] of [[{ width: 1280, height: 800 }, true, ""], [{ width: 1440, height: 900 }, false, ""], [{ width: 1280, height: 800 }, true, BUILT]]) {
  test(`Space alone through ${lecture ? "a built" : "the default"} lecture: one thing a press, ↑ takes it back, every state fits ${viewport.width} × ${viewport.height}`, async () => {
    const query = lecture ? `?present=1&lecture=${lecture}` : "?present=1";
    const { page, errors, close } = await open(env.browser, env.served, query, { lazy: true, viewport, ready: ".present-bar:not([hidden])" });
    await appReady(page);
    await atSlide(page, 1);
    const seen = [];
    for (let presses = 0; presses < 250 && (await page.evaluate(() => document.documentElement.dataset.present)) !== "notes"; presses++) {
      const before = await moment(page);
      const fit = await fits(page);
      const where = `${JSON.parse(before).where} after ${presses} presses`;
      assert.ok(fit.over <= 0, `slide ${where} runs ${fit.over} px under the bar`);
      assert.deepEqual(fit.small, [], `slide ${where}: text under 20 px`);
      assert.equal(fit.sideways, false, `slide ${where}: no sideways scroll`);
      await page.keyboard.press(" ");
      await until(page, before, true).catch(() => assert.fail(`Space changed nothing on slide ${where}`));
      const after = await moment(page);
      const [b, a] = [JSON.parse(before), JSON.parse(after)];
      // Exactly one thing: a new slide, or on the slide one answer, one fold or one stage.
      // A fold opened or closed shows another fold, at its own page: one thing.
      const changed = ["asks", "folds", "stage", "page"].filter((part) => JSON.stringify(b[part]) !== JSON.stringify(a[part]))
        .filter((part, _, all) => part !== "page" || !all.includes("folds"));
      if (a.where === b.where) {
        assert.equal(changed.length, 1, `one thing a press on slide ${where}: ${before} → ${after}`);
        if (undo) {
          // ↑ takes exactly that back, and Space shows it again.
          await page.keyboard.press("ArrowUp");
          await until(page, before).catch(async () => assert.fail(`↑ on slide ${where} gave ${await moment(page)}, not ${before}`));
          await page.keyboard.press(" ");
          await until(page, after);
        }
      }
      seen.push(a.where === b.where ? changed[0] : "slide");
    }
    assert.equal(await page.evaluate(() => document.documentElement.dataset.present), "notes");
    // A built lecture without the change played has no stage to step.
    // A fold taller than the screen pages within the slide.
    for (const kind of lecture ? ["asks", "folds", "page", "slide"] : ["asks", "folds", "stage", "page", "slide"]) assert.ok(seen.includes(kind), `${kind} in ${seen}`);
    assert.deepEqual(errors, []);
    await close();
  });
}

test("↑ after Space told the ring's answer asks it again and leaves the ring's stage; after Space played a stage, steps it back", async () => {
  const { page, errors, close } = await open(env.browser, env.served, "?present=1", { lazy: true, ready: ".present-bar:not([hidden])" });
  await appReady(page);
  await atSlide(page, 1);
  const now = () => page.evaluate(() => ({
    moved: (document.documentElement.dataset.asks ?? "").split(" ").includes("moved"),
    stage: document.querySelector("#ring .stage-label")?.textContent,
    where: document.querySelector(".present-where").textContent.split(" ")[0],
  }));
  const arrived = await now();
  assert.equal(arrived.moved, true);
  await page.keyboard.press(" ");
  await page.waitForFunction(() => !(document.documentElement.dataset.asks ?? "").split(" ").includes("moved"));
  const told = await now();
  await page.keyboard.press("ArrowUp");
  await page.waitForFunction(() => (document.documentElement.dataset.asks ?? "").split(" ").includes("moved"));
  assert.deepEqual(await now(), { ...told, moved: true }, "asked again, the ring's stage as it was");
  // Slide 2 arrives before the change; Space plays it, ↑ takes it back, ↑ again leaves the slide.
  await page.keyboard.press(" ");
  await page.keyboard.press(" ");
  await atSlide(page, 2);
  const before = (await now()).stage;
  // The step's count waits for the change Space plays, and comes with it.
  const count = new RegExp(`${nativeFigures("points=3").moved} of 1,000 keys change server`);
  assert.doesNotMatch(await page.locator(".lesson").innerText(), count);
  await page.keyboard.press(" ");
  await page.waitForFunction((before) => document.querySelector("#ring .stage-label")?.textContent !== before, before);
  await page.waitForFunction((count) => new RegExp(count).test(document.querySelector(".lesson").innerText), count.source);
  await page.keyboard.press("ArrowUp");
  await page.waitForFunction((before) => document.querySelector("#ring .stage-label")?.textContent === before, before);
  await page.keyboard.press("ArrowUp");
  await atSlide(page, 1);
  assert.deepEqual(errors, []);
  await close();
});
