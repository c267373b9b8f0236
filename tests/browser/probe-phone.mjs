// What on a 390 px phone is too wide or too small: node tests/browser/probe-phone.mjs [QUERY]
import { serve, launch, open, reveal } from "./harness.mjs";
const served = await serve();
const browser = await launch();
const { page, close } = await open(browser, served, process.argv[2] ?? "", { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
for (const id of await page.$$eval("main.panels section[id], main.panels .panel[id]", (s) => s.map((e) => e.id))) {
  await page.locator(`#${id}`).scrollIntoViewIfNeeded().catch(() => {});
}
for (const id of await page.$$eval("[data-panel]", (s) => s.map((e) => e.dataset.panel))) await reveal(page, id);
const report = await page.evaluate(() => {
  const out = { tables: [], wide: [], small: [] };
  for (const t of document.querySelectorAll("table")) {
    if (!t.getClientRects().length) continue;
    const r = t.getBoundingClientRect();
    out.tables.push(`${t.closest("[id]")?.id} .${t.className}: ${Math.round(r.width)} px, right ${Math.round(r.right)}, cols ${t.rows[0]?.cells.length}`);
  }
  for (const e of document.querySelectorAll("main *, header *, .quickbar *, .controls *")) {
    const r = e.getBoundingClientRect();
    if (r.right > innerWidth + 0.5 && e.getClientRects().length && !e.closest(".table-scroll") ) out.wide.push(`${e.tagName}.${e.className} in ${e.closest("[id]")?.id}: right ${Math.round(r.right)}`);
  }
  for (const e of document.querySelectorAll("a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex='-1']), canvas")) {
    if (!e.getClientRects().length) continue;
    const t = e.type === "radio" || e.type === "checkbox" ? (e.closest("label") ?? e) : e;
    const r = t.getBoundingClientRect();
    if (r.width < 44 || r.height < 44) out.small.push(`${t.tagName}${t.id ? "#" + t.id : ""}.${t.className} "${(t.textContent || t.value || "").trim().slice(0, 30)}" in ${t.closest("section[id], [id]")?.id}: ${Math.round(r.width)}x${Math.round(r.height)}`);
  }
  out.bar = document.querySelector(".quickbar")?.getBoundingClientRect().height;
  out.ringTop = document.querySelector("#ring canvas, .ring-canvas")?.getBoundingClientRect().top;
  return out;
});
console.log(JSON.stringify(report, null, 1));
await close(); await browser.close(); await served.close();
