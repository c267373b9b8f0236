// One panel (or one element in it) at one width:
//   node tests/browser/shoot-panel.mjs OUT.png PANEL [QUERY] [WIDTHxHEIGHT] [scrollX-of-tables] [SELECTOR]
import { serve, launch, open, reveal } from "./harness.mjs";
const [out, panel, query = "", size = "390x844", scrollTables = "0", selector = `#${panel}`] = process.argv.slice(2);
const [width, height] = size.split("x").map(Number);
const served = await serve();
const browser = await launch();
try {
  const { page, close } = await open(browser, served, query, { viewport: { width, height }, hasTouch: width < 500 });
  await reveal(page, panel);
  await page.evaluate((x) => { for (const s of document.querySelectorAll(".table-scroll")) s.scrollLeft = x; }, Number(scrollTables));
  // The sticky quick bar would cover the top of a tall element.
  await page.evaluate(() => { const bar = document.querySelector(".quickbar"); if (bar) bar.style.position = "static"; });
  // A late figure may rebuild the element: try again.
  for (let tries = 3; tries--; ) {
    try { await page.locator(selector).first().screenshot({ path: out }); break; } catch (e) { if (!tries) throw e; }
  }
  await close();
} finally {
  await browser.close();
  await served.close();
}
