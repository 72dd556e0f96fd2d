/**
 * What the specs share: logging in (through the login form, or by reusing the worker's earlier session of the same
 * user), and screenshots kept as artifacts (test-results/<test>/<name>.jpg).
 *
 * Specs run in parallel against one server, so an account whose state a spec changes belongs to that spec alone:
 * asesor@taller.demo to settings.spec.ts, admin@otro.demo to login-2fa.spec.ts. The others only read
 * (admin@taller.demo, tecnico@taller.demo); update.spec.ts runs its own server.
 */
import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { computeRutDv } from "@taller/core";

export const DEMO_PASSWORD = "demo1234";

export async function login(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto("/login");
  await page.getByLabel("Correo").fill(email);
  await page.getByLabel("Contraseña").fill(password);
  await page.getByRole("button", { name: "Ingresar" }).click();
}

/** Accounts whose credentials or sessions a spec changes (see above): they always log in through the form. */
/** A 1 x 1 PNG: enough for the file store, which knows images by their bytes. */
export const TINY_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

const OWNED_ACCOUNTS = new Set(["asesor@taller.demo", "admin@otro.demo"]);

/**
 * The session cookies of each user this worker already logged in (a worker runs its tests one after another, each
 * in a fresh browser context). Reusing them skips the login form and its password hash on the two-core machine;
 * login.spec.ts and login-2fa.spec.ts test the form itself through `login`.
 */
const sessions = new Map<string, Awaited<ReturnType<BrowserContext["cookies"]>>>();

/**
 * Logs in and waits for the shell, whose toolbar appears once the user and company setup have loaded: at `path` when
 * given (one page load instead of the first menu page and then `path`), else at the first page of the menu. A
 * session this worker kept for the user is tried first; when the server no longer knows it (a spec logged out,
 * another server), the page lands on /login and the form logs in again. The administration's pages have no toolbar:
 * there the page's main content is what shows the session was taken.
 */
export async function loginToShell(page: Page, email: string, path?: string) {
  // Hidden ones too: a modal that opens with the shell (the push permission notice) hides the rest from the
  // accessibility tree, and the shell is there all the same.
  const shell = path?.startsWith("/admin")
    ? page.getByRole("main", { includeHidden: true })
    : page.getByRole("banner", { includeHidden: true });
  const kept = OWNED_ACCOUNTS.has(email) ? undefined : sessions.get(email);
  let inShell = false;
  if (kept) {
    await page.context().addCookies(kept);
    await page.goto(path ?? "/main");
    const landed = async () =>
      new URL(page.url()).pathname === "/login" ? "login" : (await shell.first().isVisible()) ? "shell" : "";
    await expect.poll(landed, { timeout: 15_000 }).not.toBe("");
    inShell = (await landed()) === "shell";
  }
  if (!inShell) {
    sessions.delete(email);
    await login(page, email);
    await expect(page).toHaveURL(/\/main\//);
    if (path) await page.goto(path);
  }
  await expect(shell.first()).toBeVisible();
  if (!OWNED_ACCOUNTS.has(email)) sessions.set(email, await page.context().cookies());
}

/**
 * Holds back the app's chunks named `name` (built as assets/<name>-<hash>.js): each load fails, as offline or after a
 * deploy replaced them, until the returned `release()`.
 */
export async function holdBackChunks(page: Page, name: string): Promise<() => void> {
  let held = true;
  await page.route(`**/assets/${name}-*.js`, (route) => (held ? route.abort() : route.fallback()));
  return () => {
    held = false;
  };
}

/** A whole page as a JPEG: encoding a tall page as PNG costs the shared cores several times as much. */
export async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.jpg`), type: "jpeg", quality: 80, fullPage: true });
}

/**
 * Boxes made to scroll sideways: a table wider than its place (a list's, a plain one) with its first column fixed,
 * and the strip of status boxes.
 */
const SIDEWAYS_SCROLLERS = ".vlist, .table-scroll, .status-boxes";

/** Neither the page nor any box in it but a table's own scroller scrolls sideways, once the page has settled. */
export async function expectNoSidewaysScroll(page: Page, name: string) {
  // Fonts and late rows change widths: measure once the page has settled.
  await page.waitForLoadState("networkidle");
  const { scrollWidth, clientWidth, scrollingBoxes } = await page.evaluate(
    (scrollers) => ({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
      scrollingBoxes: [...document.body.querySelectorAll("*")]
        .filter((e) => /auto|scroll/.test(getComputedStyle(e).overflowX) && e.scrollWidth > e.clientWidth)
        .filter((e) => !e.matches(scrollers))
        .map((e) => `${e.tagName.toLowerCase()}.${e.className}: ${e.scrollWidth} px in ${e.clientWidth} px`),
    }),
    SIDEWAYS_SCROLLERS,
  );
  expect(scrollWidth, `${name}: ${scrollWidth} px of content in ${clientWidth} px`).toBeLessThanOrEqual(clientWidth);
  expect(scrollingBoxes, `${name}: boxes that scroll sideways`).toEqual([]);
}

/** A valid RUT (módulo 11) from its body, as a person would type it: "30123456-7". */
export const rutOf = (body: number) => `${body}-${computeRutDv(body)}`;
