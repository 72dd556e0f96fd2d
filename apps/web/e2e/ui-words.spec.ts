/**
 * Every visible word is Spanish: on each main screen, at a laptop's width and a phone's (the bottom navigation), no
 * text, aria-label, title or placeholder is a common English UI word ('Home', 'Loading', 'Cancel'…) or an internal
 * name ('Client.rut', 'booking_date'). Only reads: admin@taller.demo.
 */
import { expect, type Page, test } from "@playwright/test";
import { loginToShell } from "./fixtures";

const ENGLISH =
  /\b(?:Home|Loading|Cancel|Close|Search|Save|Delete|Edit|Submit|Settings|Logout|Log out|Login|Sign in|Back|Next|Previous|Dashboard|Upload|Download|Filter|Sort|Open|Yes|None|Unknown|Untitled|Show|Hide|Add|Remove|Update|Refresh|Retry|Send|Profile|Welcome|Status|Name|Date|Confirm|Select|Choose|Today|Month|Week|Day|Required|Invalid|Empty|No results|Not found|undefined|null|NaN)\b/;
const INTERNAL = /\b[A-Z][a-z]+\.[a-z_]+\b|\b[a-z]+_[a-z]+(?:_[a-z]+)*\b/;

/** What a person reads or hears on the page: visible text nodes and the labels, titles and placeholders. */
async function wordsOn(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      const parent = node.parentElement;
      if (!text || !parent || parent.closest("script, style, [aria-hidden='true']")) continue;
      if (parent.checkVisibility()) out.push(text);
    }
    for (const el of document.querySelectorAll("[aria-label], [title], [placeholder]")) {
      for (const name of ["aria-label", "title", "placeholder"]) {
        const value = el.getAttribute(name)?.trim();
        if (value) out.push(value);
      }
    }
    return out;
  });
}

async function expectSpanish(page: Page, path: string): Promise<string[]> {
  await page.goto(path);
  await expect(page.getByRole("heading", { includeHidden: true }).first()).toBeVisible();
  await page.waitForLoadState("networkidle");
  const words = await wordsOn(page);
  const found = words.filter((t) => ENGLISH.test(t) || INTERNAL.test(t));
  expect.soft(found, `${path} shows English or internal words`).toEqual([]);
  return words;
}

const ROUTES = [
  "/main/booking",
  "/main/orders",
  "/main/work",
  "/main/calendar",
  "/main/budgets",
  "/main/vehicles",
  "/main/crm",
  "/main/settings",
  "/admin/roles",
  "/admin/locations",
  "/admin/holidays",
  "/admin/statuses",
  "/admin/requirements",
  "/admin/preferences",
];

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`every main screen speaks Spanish at ${viewport.width} px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await loginToShell(page, "admin@taller.demo");
    for (const path of ROUTES) {
      const words = await expectSpanish(page, path);
      // The scan reads the shell too: the phone's bottom navigation (where 'Home' was) is among what it checked.
      if (viewport.width < 800 && path === ROUTES[0]) expect(words).toContain("Inicio");
    }
  });
}

test("the patterns catch what they are for", () => {
  expect(ENGLISH.test("Home")).toBe(true);
  expect(INTERNAL.test("Client.rut")).toBe(true);
  expect(INTERNAL.test("booking_date")).toBe(true);
  expect(ENGLISH.test("Inicio") || INTERNAL.test("Cliente · RUT")).toBe(false);
});
