// A student on a 390 px phone: every setting and every panel within reach
// of the quick bar, targets a finger can hit, links that land below the
// sticky bar, long tables that say what matters first or that they scroll.
import { test } from "node:test";
import assert from "node:assert/strict";
import { sharedBrowser, open, figure, nativeFigures, claims, artifact, reveal, appReady, buildAll } from "./harness.mjs";

const env = sharedBrowser();
const PHONE = { width: 390, height: 844 };

/** Where focus is, and whether that element is in view below the quick bar. */
const landing = (page) => page.evaluate(() => {
  const focused = document.activeElement;
  const bar = document.querySelector(".quickbar").getBoundingClientRect();
  const box = focused.getBoundingClientRect();
  return { id: focused.id, belowBar: box.top >= bar.bottom, onScreen: box.bottom <= innerHeight };
});

test("on a phone the quick bar opens every setting and goes to every panel", async () => {
  const { page, errors, close } = await open(env.browser, env.served, "", { viewport: PHONE, lazy: true });
  // The settings, as a sheet over the panels, with focus at their heading.
  await page.click("[data-open-settings]");
  await page.waitForFunction(() => document.activeElement?.id === "settings-title");
  const sheet = await page.evaluate(() => {
    const box = document.querySelector("#settings").getBoundingClientRect();
    return { top: box.top, height: box.height, inert: document.querySelector("main.panels").inert };
  });
  assert.deepEqual(sheet, { top: 0, height: PHONE.height, inert: true });
  assert.equal(await page.getAttribute("[data-open-settings]", "aria-expanded"), "true");
  await page.screenshot({ path: artifact("phone-settings-sheet.png") });
  // A setting far down the column changes the page: 300 keys.
  await page.fill("#keys-number", "300");
  await page.press("#keys-number", "Tab");
  await page.waitForFunction(() => new URLSearchParams(location.search).get("keys") === "300");
  // Escape closes it and gives focus back to the button that opened it.
  await page.keyboard.press("Escape");
  await page.waitForFunction(() => document.activeElement?.id === "open-settings");
  assert.equal(await page.evaluate(() => document.querySelector("main.panels").inert), false);
  // Every panel of the menu, each landing with focus at its heading, clear of the bar.
  const panels = await page.$$eval("[data-jump] option", (options) => options.map((o) => o.value).filter(Boolean));
  // The twelve panels and "Any one key", a place in the schemes panel named by its heading's id.
  assert.equal(panels.length, 13);
  for (const id of panels) {
    await page.selectOption("[data-jump]", id);
    const heading = id.endsWith("-title") ? id : `${id}-title`;
    await page.waitForFunction((h) => document.activeElement?.id === h, heading);
    assert.deepEqual(await landing(page), { id: heading, belowBar: true, onScreen: true }, id);
    assert.equal(await page.inputValue("[data-jump]"), "", "the menu names where to go, and stays on none");
  }
  // The panel reached last measures the keys set in the sheet.
  await reveal(page, "moved");
  assert.equal(await figure(page, "moved"), nativeFigures("keys=300").moved);
  assert.deepEqual(errors, []);
  await close();
});

/**
 * Every visible target under 44 × 44 px, named. A box's target is its
 * label, which holds it; a term's is its padded button, wider than its word.
 */
const smallTargets = (page) => page.evaluate(() =>
  [...document.querySelectorAll("a[href], button, input, select, textarea, summary")]
    .map((control) => (["radio", "checkbox"].includes(control.type) ? control.closest("label") ?? control : control))
    .filter((target) => target.getClientRects().length > 0 && !target.closest("[inert], [hidden]"))
    .map((target) => ({ what: target.id || target.outerHTML.slice(0, 70), box: target.getBoundingClientRect() }))
    .filter(({ box }) => box.width < 44 || box.height < 44)
    .map(({ what, box }) => `${what}: ${Math.round(box.width)} × ${Math.round(box.height)}`));

/** Show every panel and every answer, as a student who tapped through would. */
async function walkEveryPanel(page) {
  await appReady(page);
  for (const panel of await page.$$eval("[data-panel]", (slots) => slots.map((s) => s.dataset.panel))) {
    await reveal(page, panel);
  }
  // One question can be asked in two places (its step and "Guess first"); one answer closes both.
  const shows = page.locator(".show-me");
  for (let left = await shows.count(); left > 0; left = await shows.count()) {
    await shows.first().click();
    await page.waitForFunction((before) => document.querySelectorAll(".show-me").length < before, left);
  }
}

test("every target on the page, the sheet and its dialogs is at least 44 × 44 px on a touch phone", async () => {
  // A leave shows other controls (the server to take out), a down server the failure's boxes.
  for (const query of ["", "?remove=bravo", "?down=bravo,charlie"]) {
    const { page, close } = await open(env.browser, env.served, query, { viewport: PHONE, hasTouch: true });
    await walkEveryPanel(page);
    const counted = await page.locator("main :is(button, select, input, a[href], summary)").count();
    assert.ok(counted > 35, `${counted} targets in the panels`);
    assert.deepEqual(await smallTargets(page), [], `the page at ${query}`);
    await page.click("[data-open-settings]");
    await page.waitForFunction(() => document.activeElement?.id === "settings-title");
    assert.deepEqual(await smallTargets(page), [], `the sheet at ${query}`);
    for (const [button, dialog] of [["#embed-open", "#embed-dialog"]]) {
      await page.click(button);
      await page.waitForSelector(`${dialog}[open]`);
      assert.deepEqual(await smallTargets(page), [], `${dialog} at ${query}`);
      if (!query) await page.screenshot({ path: artifact(`phone-${dialog.slice(1)}.png`) });
      await page.keyboard.press("Escape");
      await page.waitForSelector(`${dialog}:not([open])`, { state: "attached" });
    }
    await close();
  }
});

test("the sticky bar is at most 12% of a phone's height, and what each of its menus shows fits", async () => {
  const { page, close } = await open(env.browser, env.served, "", { viewport: PHONE, hasTouch: true, lazy: true });
  await page.waitForSelector(".quickbar .quick-controls");
  const cut = () => page.$$eval(".quickbar select", (menus) => menus.filter((menu) => menu.getClientRects().length)
    .map((menu) => {
      const probe = document.createElement("span");
      probe.style.font = getComputedStyle(menu).font;
      probe.textContent = menu.selectedOptions[0]?.textContent ?? "";
      document.body.append(probe);
      const words = probe.getBoundingClientRect().width;
      probe.remove();
      // The menu's arrow takes about 20 px of the box.
      return words + 20 > menu.clientWidth ? `${menu.id}: “${probe.textContent}” ${Math.round(words)} px in ${menu.clientWidth}` : null;
    }).filter(Boolean));
  const barHeight = () => page.evaluate(() => document.querySelector(".quickbar").getBoundingClientRect().height);
  // Every ring in use, and every hash of the page's own ring.
  const uses = await page.$$eval("#quick-use option", (options) => options.map((o) => o.value));
  const hashes = await page.$$eval("#quick-hash option", (options) => options.map((o) => o.value));
  assert.ok(uses.length >= 5 && hashes.length === 3, `${uses} ${hashes}`);
  for (const [menu, values] of [["#quick-hash", hashes], ["#quick-use", uses]]) {
    for (const value of values) {
      await page.selectOption(menu, value);
      await page.waitForFunction(([menu, value]) => document.querySelector(menu).value === value, [menu, value]);
      const bar = await barHeight();
      assert.ok(bar > 40 && bar <= 0.12 * PHONE.height, `${value}: the bar is ${bar} px`);
      assert.deepEqual(await cut(), [], value);
    }
  }
  await page.screenshot({ path: artifact("phone-quickbar-client.png"), clip: { x: 0, y: 0, width: PHONE.width, height: 200 } });
  await close();
});

test("the ring itself and its question are on a phone's first screen", async () => {
  const { page, close } = await open(env.browser, env.served, "", { viewport: PHONE, hasTouch: true, lazy: true });
  await page.waitForSelector("#ring canvas.ring-canvas");
  const first = await page.evaluate(() => {
    const box = (selector) => document.querySelector(selector).getBoundingClientRect();
    return { ring: box("#ring canvas.ring-canvas"), question: box(".headline"), scrolled: scrollY };
  });
  assert.equal(first.scrolled, 0);
  assert.ok(first.question.top >= 0 && first.question.bottom <= PHONE.height, `question ${JSON.stringify(first.question)}`);
  assert.ok(first.ring.height > 200, `a ring of ${first.ring.height} px, not a thumbnail`);
  assert.ok(first.ring.bottom <= PHONE.height, `the ring ends at ${first.ring.bottom} px`);
  await page.screenshot({ path: artifact("phone-first-screen.png") });
  await close();
});

test("a link to another panel lands below the quick bar with focus at its heading", async () => {
  const { page, close } = await open(env.browser, env.served, "", { viewport: PHONE, lazy: true });
  await reveal(page, "predict");
  await page.locator('#predict [data-question="moved"] .show-me').click();
  await page.locator('#predict [data-question="moved"] .reveal a').click();
  await page.waitForFunction(() => document.activeElement?.id === "moved-title");
  assert.deepEqual(await landing(page), { id: "moved-title", belowBar: true, onScreen: true });
  await page.screenshot({ path: artifact("phone-link-landed.png") });
  await close();
});

test("in an embed, a link to a panel it lacks opens the full page at that panel, in a new tab", async () => {
  const query = "servers=a,b,c&add=d&embed=1&panel=predict";
  const { page, close } = await open(env.browser, env.served, `?${query}`);
  await page.locator('[data-question="moved"] .show-me').click();
  const link = page.locator('[data-question="moved"] .reveal a');
  const [tab] = await Promise.all([page.context().waitForEvent("page"), link.click()]);
  assert.equal(await link.getAttribute("href"), "#moved", "the link is left as it was written");
  const stayed = new URL(page.url());
  assert.deepEqual([stayed.searchParams.get("embed"), stayed.searchParams.get("panel"), stayed.hash], ["1", "predict", ""], "the embed stays where it was");
  await tab.waitForLoadState();
  const url = new URL(tab.url());
  assert.equal(url.hash, "#moved");
  assert.equal(url.searchParams.get("embed"), null, "the full page, not the embed");
  assert.equal(url.searchParams.get("servers"), "a,b,c", "with the embed's settings");
  await tab.waitForFunction(() => document.activeElement?.id === "moved-title");
  assert.equal(
    await tab.locator('#moved [data-figure="moved"]').textContent(),
    nativeFigures("servers=a,b,c&add=d").moved,
  );
  await tab.close();
  await close();
});

test("the claims table starts with what does not hold; the rest is a click away", async () => {
  // Plain FNV-1a and one point: a lumpy ring on which some findings fail.
  const query = "hash=fnv1a&points=1";
  const { page, close } = await open(env.browser, env.served, `?${query}`, { viewport: PHONE });
  const native = nativeFigures(query).claims;
  const failing = Object.values(native).filter((held) => held === "no").length;
  assert.ok(failing > 0, "this address must refute something");
  assert.deepEqual(await claims(page), native);
  const rows = () => page.$$eval("#claims tr[data-claim]", (trs) =>
    trs.map((tr) => ({ held: tr.dataset.held, shown: tr.getClientRects().length > 0 })));
  const before = await rows();
  const order = before.map((r) => r.held);
  assert.deepEqual(order.slice(0, failing), Array(failing).fill("no"), "every no comes first");
  const first = Math.max(failing, 5);
  assert.deepEqual(before.map((r) => r.shown), order.map((_, i) => i < first), "the first rows shown, the rest waiting");
  const button = page.locator("[data-claims-show-all]");
  assert.equal(await button.textContent(), `Show all ${order.length} claims`);
  await page.screenshot({ path: artifact("phone-claims-first.png") });
  await button.click();
  assert.ok((await rows()).every((r) => r.shown), "all shown");
  assert.equal(await button.getAttribute("aria-expanded"), "true");
  await close();
});

test("no table or panel is wider than a phone; a wide table keeps its first column under a cue", async () => {
  const { page, close } = await open(env.browser, env.served, "", { viewport: PHONE, hasTouch: true });
  await walkEveryPanel(page);
  const page_ = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    // Anything but a table's own scroller poking past the right edge.
    past: [...document.querySelectorAll("body *")].filter((e) => e.getClientRects().length
      && !e.closest(".table-scroll") && e.getBoundingClientRect().right > innerWidth + 0.5).map((e) => e.outerHTML.slice(0, 60)),
  }));
  assert.deepEqual(page_, { scroll: PHONE.width, past: [] });
  const tables = await page.$$eval(".table-scroll > table", (all) => all.filter((t) => t.getClientRects().length).map((t) => ({
    id: t.closest("[id]").id, wide: t.classList.contains("wide"),
    overflows: t.parentElement.scrollWidth > t.parentElement.clientWidth,
  })));
  assert.ok(tables.length >= 6, `${tables.length} tables that may scroll`);
  // A table that needs more than the phone's width is marked wide, and only such a one scrolls.
  for (const table of tables) assert.equal(table.overflows, table.wide, table.id);
  assert.deepEqual(tables.filter((t) => t.wide).map((t) => t.id).sort(), ["loads-table", "schemes-table", "systems-table"]);
  for (const id of ["loads-table", "schemes-table", "systems-table"]) {
    const slid = await page.evaluate((id) => {
      const table = document.getElementById(id);
      const scroller = table.parentElement;
      const firstCell = () => table.querySelector("tbody tr th, tbody tr td").getBoundingClientRect().left;
      const second = () => table.querySelector("tbody tr").cells[1].getBoundingClientRect().left;
      const before = { first: firstCell(), second: second() };
      scroller.scrollLeft = 120;
      const after = { first: firstCell(), second: second() };
      scroller.scrollLeft = 0;
      return { cue: getComputedStyle(scroller, "::before").content, kept: Math.abs(after.first - before.first) < 1,
        slid: before.second - after.second > 100 };
    }, id);
    assert.match(slid.cue, /slide/, id);
    assert.deepEqual({ kept: slid.kept, slid: slid.slid }, { kept: true, slid: true }, id);
  }
  await reveal(page, "schemes");
  await page.locator("#schemes-table").scrollIntoViewIfNeeded();
  await page.screenshot({ path: artifact("phone-wide-table.png") });
  await close();
});

test("every term a student may not know opens its definition with a tap, where it first appears", async () => {
  const { page, close } = await open(env.browser, env.served, "", { viewport: PHONE });
  const terms = await page.$$eval(".glossary [popover]", (all) => all.map((d) => d.id.replace(/^term-/, "")));
  assert.ok(terms.length >= 10, `${terms}`);
  // Some terms sit in answers: reveal them all, and let the headline tell.
  await walkEveryPanel(page);
  await page.waitForFunction(() => /hash mod n/.test(document.querySelector("[data-headline]").textContent));
  for (const id of terms) {
    const term = page.locator(`[data-glossary="${id}"]`).first();
    await term.waitFor({ state: "attached" });
    // The word is a button in the sentence, never only a tooltip.
    assert.equal(await term.evaluate((t) => t.tagName), "BUTTON", id);
    // On a phone the settings are in the sheet ⚙ opens.
    const inSheet = await term.evaluate((t) => t.closest(".controls") !== null);
    if (inSheet) await page.click("#open-settings");
    await term.scrollIntoViewIfNeeded();
    await term.click();
    await page.waitForSelector(`#term-${id}:popover-open`);
    const meaning = await page.locator(`#term-${id}`).innerText();
    assert.ok(meaning.length > 60, `${id}: ${meaning}`);
    if (id === "virtual-node") await page.screenshot({ path: artifact("phone-term-open.png") });
    await page.keyboard.press("Escape");
    await page.waitForSelector(`#term-${id}:popover-open`, { state: "detached" });
    if (inSheet && await page.locator(".controls.sheet-open").count()) await page.click(".sheet-close");
  }
  assert.equal(await page.locator("main abbr[title]").count(), 0, "no meaning left in a title alone");
  await close();
});

test("each term named in issue 47 is a tap-able term where it first appears on the page", async () => {
  const { page, close } = await open(env.browser, env.served, "", { viewport: PHONE, hasTouch: true });
  await walkEveryPanel(page);
  await page.click("[data-claims-show-all]");
  // Once answered, the headline tells, with hash mod n in it.
  await page.waitForFunction(() => /hash mod n/.test(document.querySelector("[data-headline]").textContent));
  // The settings come first on the page: on a phone, in the sheet ⚙ opens.
  await page.click("#open-settings");
  const firsts = await page.evaluate((phrases) => {
    const shown = (node) => node.parentElement.closest("[popover], script, style, .glossary, [hidden]") === null
      && node.parentElement.getClientRects().length > 0;
    const texts = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) if (shown(node)) texts.push(node);
    return Object.fromEntries(Object.entries(phrases).map(([id, phrase]) => {
      const first = texts.find((node) => node.textContent.toLowerCase().includes(phrase));
      const term = first?.parentElement.closest("button.term");
      return [id, first ? (term?.dataset.glossary ?? `plain: “${first.textContent.trim().slice(0, 80)}”`) : "absent"];
    }));
  }, {
    "hash-mod-n": "hash mod n", finalizer: "finalizer", harmonic: "1/h(k, s)", copyset: "copyset",
    "binomial-sd": "binomial standard deviation", "preference-list": "preference list", "virtual-node": "virtual node",
  });
  assert.deepEqual(firsts, {
    "hash-mod-n": "hash-mod-n", finalizer: "finalizer", harmonic: "harmonic", copyset: "copyset",
    "binomial-sd": "binomial-sd", "preference-list": "preference-list", "virtual-node": "virtual-node",
  });
  await close();
});

test("Escape in a dialog opened from the settings sheet closes the dialog, not the sheet", async () => {
  const { page, close } = await open(env.browser, env.served, "", { viewport: PHONE, lazy: true });
  await page.click("[data-open-settings]");
  await page.click("#embed-open");
  await page.waitForSelector("#embed-dialog[open]");
  await page.keyboard.press("Escape");
  await page.waitForSelector("#embed-dialog:not([open])", { state: "attached" });
  assert.equal(await page.evaluate(() => document.querySelector("#settings").classList.contains("sheet-open")), true);
  await page.keyboard.press("Escape");
  await page.waitForFunction(() => !document.querySelector("#settings").classList.contains("sheet-open"));
  await close();
});

test("Back after each in-page jump returns to where the reader was, with focus there; a slider step adds no entry", async () => {
  const { page, errors, close } = await open(env.browser, env.served, "", { viewport: PHONE, lazy: true });
  const address = page.url();
  const entries = () => page.evaluate(() => history.length);
  const where = () => page.evaluate(() => ({ y: Math.round(scrollY), focus: document.activeElement?.id || document.activeElement?.textContent }));
  const back = async (expected) => {
    await page.evaluate(() => history.back());
    await page.waitForFunction((e) => (document.activeElement?.id || document.activeElement?.textContent) === e.focus
      && Math.abs(scrollY - e.y) <= 2, expected);
    assert.equal(page.url(), address, "the address is the page's, no fragment added");
  };
  const start = await entries();
  // "Go to…" from the quick bar.
  await page.locator("[data-jump]").focus();
  const atMenu = await where();
  await page.selectOption("[data-jump]", "loads");
  await page.waitForFunction(() => document.activeElement?.id === "loads-title");
  assert.equal(await entries(), start + 1);
  await back(atMenu);
  // "See where this comes from", a link written as markup in the reveal.
  await reveal(page, "predict");
  await page.locator('#predict [data-question="moved"] .show-me').click();
  const link = page.locator('#predict [data-question="moved"] a', { hasText: "See where this comes from" });
  await link.scrollIntoViewIfNeeded();
  await link.focus();
  const atLink = await where();
  await link.click();
  await page.waitForFunction(() => document.activeElement?.id === "moved-title");
  await back(atLink);
  // Forward goes to the jump again.
  await page.evaluate(() => history.forward());
  await page.waitForFunction(() => document.activeElement?.id === "moved-title");
  // Slider steps replace the address; they add no entry.
  const before = await entries();
  await page.locator("#quick-points-range").focus();
  for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowRight");
  await page.waitForFunction(() => new URLSearchParams(location.search).has("points"));
  assert.equal(await entries(), before);
  assert.deepEqual(errors, []);
  await close();
});

test("the panel menu lists every panel and \"Any one key\", and each lands with focus on its heading", async () => {
  const { page, close } = await open(env.browser, env.served, "", { viewport: PHONE, hasTouch: true, lazy: true });
  const options = await page.$$eval("#jump option", (os) => os.map((o) => [o.value, o.textContent]));
  const panels = await page.$$eval("[data-panel]", (slots) => slots.map((s) => s.dataset.panel));
  for (const panel of panels) assert.ok(options.some(([value]) => value === panel), `${panel} in the menu`);
  // "Any one key" sits after the panel it is in.
  const at = options.findIndex(([, text]) => text === "Any one key");
  assert.equal(options[at - 1][0], "schemes");
  await page.selectOption("#jump", options[at][0]);
  await page.waitForFunction(() => document.activeElement?.id === "one-key-title");
  const box = await page.locator("#one-key-title").boundingBox();
  const bar = await page.locator(".quickbar").evaluate((bar) => bar.getBoundingClientRect().bottom);
  assert.ok(box.y >= bar && box.y + box.height <= PHONE.height, `heading at ${box.y}, bar to ${bar}`);
  await close();
});

test("\"Any one key\" on a phone: the owners first, and stepping keeps the current step and \"Next step\" in view with focus", async () => {
  const { page, close } = await open(env.browser, env.served, "?key=user%3A42", { viewport: PHONE, hasTouch: true, lazy: true });
  await page.selectOption("#jump", "one-key-title");
  await page.waitForFunction(() => document.activeElement?.id === "one-key-title");
  // The owners, before and after, are the table's first columns after the scheme.
  await page.waitForSelector("#one-key-table tbody tr");
  const heads = await page.$$eval("#one-key-table thead th", (ths) => ths.map((th) => th.textContent));
  assert.deepEqual(heads.slice(0, 4), ["Scheme", "Before", "After", "Moved?"]);
  const after = await page.locator("#one-key-table tbody tr th + td + td").first().boundingBox();
  assert.ok(after.x + after.width <= PHONE.width, `the after owner ends at ${after.x + after.width}`);
  // Step through the path by keyboard, as a reader tapping would.
  await page.waitForSelector("ol.key-path li");
  await page.getByRole("button", { name: "Step through it" }).click();
  const total = await page.locator("ol.key-path li").count();
  assert.ok(total >= 5, `${total} steps`);
  const seen = () => page.evaluate(() => {
    const bar = document.querySelector(".quickbar").getBoundingClientRect().bottom;
    const whole = (el) => { const b = el.getBoundingClientRect(); return b.height > 0 && b.top >= bar && b.bottom <= innerHeight; };
    const current = document.querySelector('ol.key-path li[aria-current="step"]');
    return { focus: document.activeElement?.textContent.trim(), current: current && whole(current), next: whole([...document.querySelectorAll(".key-path-stepper button")].find((b) => b.textContent.trim() === "Next step")) };
  });
  for (let step = 1; step <= total; step++) {
    await page.waitForFunction((step) => document.querySelector(".key-path-status").textContent.startsWith(`Step ${step} of`), step);
    await page.waitForFunction(() => document.activeElement?.textContent.trim() === "Next step");
    assert.deepEqual(await seen(), { focus: "Next step", current: true, next: true }, `step ${step}`);
    await page.keyboard.press("Enter");
  }
  // Past the last step, nothing moves on and focus stays.
  assert.match(await page.locator(".key-path-status").textContent(), new RegExp(`^Step ${total} of ${total}`));
  assert.equal(await page.evaluate(() => document.activeElement?.textContent.trim()), "Next step");
  await page.getByRole("button", { name: "Show every step" }).click();
  await page.waitForFunction(() => document.activeElement?.textContent.trim() === "Step through it");
  await close();
});

test("with every part closed the whole page is at most 12 phone screens; a closed part opens with a tap", async () => {
  const { page, close } = await open(env.browser, env.served, "", { viewport: { width: 390, height: 844 }, hasTouch: true, lazy: true });
  await appReady(page);
  await buildAll(page);
  for (const selector of ["#schemes tr[data-scheme]", "#systems tr[data-scheme]", "#claims tr[data-claim]", "#cost-table tr[data-cost-scheme]"]) {
    await page.waitForSelector(selector, { state: "attached" });
  }
  const shape = await page.evaluate(() => ({
    height: document.documentElement.scrollHeight,
    panels: [...document.querySelectorAll(".panel-slot section.panel")].length,
    open: document.querySelectorAll("details.fold[open]").length,
    folds: document.querySelectorAll("details.fold").length,
  }));
  assert.equal(shape.panels, 12, "every panel built");
  assert.equal(shape.open, 0);
  assert.ok(shape.folds >= 10, `${shape.folds} closed parts`);
  assert.ok(shape.height <= 12 * 844, `${shape.height} px is ${(shape.height / 844).toFixed(1)} screens`);
  // A closed part names what it holds; a tap opens it where it is.
  const table = page.locator("#schemes details.fold", { has: page.locator("table") });
  assert.equal(await page.locator("#schemes tr[data-scheme]").first().isVisible(), false);
  await table.locator("summary").tap();
  await page.locator("#schemes tr[data-scheme]").first().waitFor();
  assert.equal(await table.evaluate((fold) => fold.open), true);
  await close();
});
