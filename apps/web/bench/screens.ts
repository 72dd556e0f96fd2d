/**
 * `pnpm bench:screens` (`pnpm --filter @taller/web bench:screens [--runs N]`): how long each main screen takes to
 * show its content after navigation, in Debian's Chromium against the built app served by the real server on the
 * demo data (a fresh database, as the browser tests start it: e2e/server.ts). Build the app first (`pnpm build:web`).
 *
 * Each run opens every route twice in a new browser context that already holds the session: first with an empty
 * cache ("cold": every chunk and every answer fetched), then again in the same context ("warm": chunks from the HTTP
 * cache, the app started afresh). A screen's time is from the start of the navigation until its content is in the
 * page (a list's first row, the agenda's days…), read in the page by a MutationObserver; the API's share is the time
 * in that span during which at least one /trpc request was in flight. Prints medians and a verdict per route against
 * the target (1 s, cold and warm), and any procedure asked for twice before the content showed (a route loader's
 * prefetch whose input differs from the screen's, lib/prefetch.ts).
 */
import { rmSync } from "node:fs";
import { loadavg } from "node:os";
import { chromium, type Browser } from "@playwright/test";
import { startServer } from "../e2e/server";

const TARGET_MS = 1000;
// Three runs of the 14 routes take about 4 minutes on the shared two cores.
const runs = Number(process.argv[process.argv.indexOf("--runs") + 1]) || 3;

/** A data row, a list item or the list's settled footer (its empty or failed text) inside the page's content. */
const LIST = `#content .vlist-item, #content tbody tr`;

/** Each main screen and a selector for what shows it has its content (no loader left in the page's content). */
const ROUTES: [path: string, ready: string][] = [
  ["/main/orders", LIST],
  ["/main/vehicles", LIST],
  ["/main/booking", "#content [data-day]"],
  ["/main/calendar", "#content .calendar-chip"],
  ["/main/budgets", LIST],
  ["/main/payments", LIST],
  ["/main/crm/clients", LIST],
  ["/main/crm/retentions", LIST],
  ["/main/work", "#content .work-tabs"],
  ["/main/analytics", "#content .analytics-grid"],
  ["/main/checkin", "#content form input"],
  ["/main/inventory/products", LIST],
  ["/main/invoices", LIST],
  ["/main/settings", "#content form button[type=submit]"],
];

interface Sample {
  ms: number;
  apiMs: number;
  /** Procedures called more than once before the content showed. */
  twice: string[];
}

/**
 * Installed before the app's scripts: notes the time the first element matching `ready` appears while no loader
 * shows in the content. A string, not a function: tsx would wrap a function's inner ones in a helper the page lacks.
 */
const watchReady = (ready: string) => `(() => {
  const check = () => {
    if (window.__readyAt !== undefined || !document.querySelector(${JSON.stringify(ready)})) return;
    if (document.querySelector("#content .page-loader, #content .vlist-footer .spinner")) return;
    window.__readyAt = performance.now();
    observer.disconnect();
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { childList: true, subtree: true, attributes: true });
})();`;

async function openOnce(browser: Browser, storageState: string, url: string, ready: string) {
  const context = await browser.newContext({ storageState, locale: "es-CL", timezoneId: "America/Santiago" });
  await context.addInitScript(watchReady(ready));
  const page = await context.newPage();
  const samples: Sample[] = [];
  for (let visit = 0; visit < 2; visit++) {
    await page.goto(url, { waitUntil: "commit" });
    const shown = await page
      .waitForFunction(() => (window as unknown as { __readyAt?: number }).__readyAt !== undefined, null, {
        timeout: 20_000,
        polling: 50,
      })
      .then(
        () => true,
        () => false,
      );
    if (!shown) throw new Error(`${url}: no content after 20 s (${page.url()})`);
    samples.push(
      await page.evaluate(() => {
        const readyAt = (window as unknown as { __readyAt: number }).__readyAt;
        // The union of the /trpc requests' spans up to the content: the time the page waited on the API.
        const spans = performance
          .getEntriesByType("resource")
          .filter((e) => new URL(e.name).pathname.startsWith("/trpc/"))
          .map((e) => [e.startTime, Math.min((e as PerformanceResourceTiming).responseEnd, readyAt)] as const)
          .filter(([start, end]) => start < readyAt && end > start)
          .sort((a, b) => a[0] - b[0]);
        let apiMs = 0;
        let until = 0;
        for (const [start, end] of spans) {
          if (end <= until) continue;
          apiMs += end - Math.max(start, until);
          until = end;
        }
        // A batch's path names its procedures: /trpc/a,b?batch=1&input=…
        const called = performance
          .getEntriesByType("resource")
          .filter((e) => e.startTime < readyAt && new URL(e.name).pathname.startsWith("/trpc/"))
          .flatMap((e) => new URL(e.name).pathname.slice("/trpc/".length).split(","));
        const twice = [...new Set(called.filter((p, i) => called.indexOf(p) !== i))];
        return { ms: readyAt, apiMs, twice };
      }),
    );
  }
  await context.close();
  return { cold: samples[0]!, warm: samples[1]! };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(" ");

const server = await startServer();
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
});
const storageState = `${process.env.TMPDIR ?? "/tmp"}/taller-bench-screens-${process.pid}.json`;
try {
  const login = await browser.newContext({ baseURL: server.url });
  const page = await login.newPage();
  await page.goto("/login");
  await page.getByLabel("Correo").fill("admin@taller.demo");
  await page.getByLabel("Contraseña").fill("demo1234");
  await page.getByRole("button", { name: "Ingresar" }).click();
  await page.waitForURL(/\/main\//);
  await login.storageState({ path: storageState });
  await login.close();

  console.log(`load average at start: ${load()}; ${runs} runs; times in ms from navigation to content (median)`);
  const results = new Map<string, { cold: Sample[]; warm: Sample[] }>(ROUTES.map(([p]) => [p, { cold: [], warm: [] }]));
  for (let run = 0; run < runs; run++)
    for (const [path, ready] of ROUTES) {
      const { cold, warm } = await openOnce(browser, storageState, server.url + path, ready);
      results.get(path)!.cold.push(cold);
      results.get(path)!.warm.push(warm);
    }
  const unmet: string[] = [];
  const twice: string[] = [];
  console.log(
    `${"route".padEnd(26)} ${"cold".padStart(6)} ${"(API)".padStart(7)}  ${"warm".padStart(6)} ${"(API)".padStart(7)}` +
      `  target ${TARGET_MS} ms: cold / warm`,
  );
  const verdict = (ms: number) => (ms <= TARGET_MS ? "met" : "NOT MET");
  for (const [path, { cold, warm }] of results) {
    const coldMs = median(cold.map((s) => s.ms));
    const warmMs = median(warm.map((s) => s.ms));
    if (coldMs > TARGET_MS || warmMs > TARGET_MS) unmet.push(path);
    const repeated = [...new Set([...cold, ...warm].flatMap((s) => s.twice))];
    if (repeated.length) twice.push(`${path} (${repeated.join(", ")})`);
    console.log(
      `${path.padEnd(26)} ${coldMs.toFixed(0).padStart(6)} ${`(${median(cold.map((s) => s.apiMs)).toFixed(0)})`.padStart(7)}` +
        `  ${warmMs.toFixed(0).padStart(6)} ${`(${median(warm.map((s) => s.apiMs)).toFixed(0)})`.padStart(7)}` +
        `  ${verdict(coldMs)} / ${verdict(warmMs)}`,
    );
  }
  console.log(`load average at end: ${load()}`);
  console.log(unmet.length ? `targets not met: ${unmet.join(", ")}` : "every target met");
  if (twice.length) console.log(`asked for twice before the content: ${twice.join("; ")}`);
  if (unmet.length) process.exitCode = 1;
} finally {
  rmSync(storageState, { force: true });
  await browser.close();
  await server.dispose();
}
