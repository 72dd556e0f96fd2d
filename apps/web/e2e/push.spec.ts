import { createECDH, randomBytes } from "node:crypto";
import { type Browser, type BrowserContext, expect, type Page, test } from "@playwright/test";
import { CLIENT_HEADER } from "@taller/core";
import { loginToShell, screenshot } from "./fixtures";
import { type E2EServer, startServer } from "./server";

// Headless Chromium cannot reach a browser vendor's push service, so PushManager.subscribe is the one thing replaced:
// it answers a subscription with real P-256 keys for a loopback endpoint the server is told to accept. Everything
// else is real: the worker, the permission, push.subscribe, and pushes delivered into the worker through DevTools.
const ENDPOINT_ORIGIN = "http://127.0.0.1:9";

let server: E2EServer;
test.describe.configure({ mode: "serial" });
test.beforeAll(async () => {
  test.setTimeout(180_000);
  // Its own server, with push delivery on (the shared one has none, so no other spec sees these dialogs).
  server = await startServer({
    env: { PUSH_VAPID_SUBJECT: "mailto:e2e@taller.demo", PUSH_INSECURE_ORIGINS: ENDPOINT_ORIGIN },
  });
});
test.afterAll(() => server?.dispose());

async function newPage(browser: Browser, permission: "granted" | "denied" | "default") {
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  if (permission === "granted") await context.grantPermissions(["notifications"], { origin: server.url });
  if (permission === "denied") {
    // Playwright grants but cannot deny: the browser's own permission setting, for this context.
    const { targetInfo } = await (await context.newCDPSession(page)).send("Target.getTargetInfo");
    const cdp = await browser.newBrowserCDPSession();
    await cdp.send("Browser.setPermission", {
      permission: { name: "notifications" },
      setting: "denied",
      origin: server.url,
      browserContextId: targetInfo.browserContextId,
    });
  }
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const subscription = {
    endpoint: `${ENDPOINT_ORIGIN}/push/${randomBytes(6).toString("hex")}`,
    expirationTime: null,
    keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: randomBytes(16).toString("base64url") },
  };
  await context.addInitScript((sub) => {
    const fake = { endpoint: sub.endpoint, toJSON: () => sub, unsubscribe: () => Promise.resolve(true) };
    let subscribed = false;
    PushManager.prototype.subscribe = () => ((subscribed = true), Promise.resolve(fake as unknown as PushSubscription));
    PushManager.prototype.getSubscription = () =>
      Promise.resolve(subscribed ? (fake as unknown as PushSubscription) : null);
    // Counts the alert's tones (the sound itself cannot be heard here).
    const w = window as unknown as { tones: number };
    w.tones = 0;
    const createOscillator = AudioContext.prototype.createOscillator;
    AudioContext.prototype.createOscillator = function (this: AudioContext) {
      w.tones += 1;
      return createOscillator.call(this);
    };
  }, subscription);
  return { context, page, subscription };
}

const subscribed = (page: Page) =>
  page.waitForResponse((r) => r.url().includes("push.subscribe") && r.request().method() === "POST");
const unsubscribed = (page: Page) => page.waitForResponse((r) => r.url().includes("push.unsubscribe"));

async function workerScript(page: Page) {
  return page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL ?? null);
}

/** Delivers `data` to the page's service worker as a push service would (DevTools' ServiceWorker domain). */
async function push(context: BrowserContext, page: Page, data: unknown) {
  const cdp = await context.newCDPSession(page);
  const registration = new Promise<string>((resolve) =>
    cdp.on("ServiceWorker.workerRegistrationUpdated", (e) => {
      const found = e.registrations.find((r) => !r.isDeleted);
      if (found) resolve(found.registrationId);
    }),
  );
  await cdp.send("ServiceWorker.enable");
  await cdp.send("ServiceWorker.deliverPushMessage", {
    origin: server.url,
    registrationId: await registration,
    data: JSON.stringify(data),
  });
}

async function myId(page: Page): Promise<number> {
  const res = await page.request.get("/trpc/auth.me", { headers: { [CLIENT_HEADER]: "web" } });
  return ((await res.json()) as { result: { data: { json: { id: number } } } }).result.data.json.id;
}

test("not chosen yet: '¡Advertencia!' offers 'Activar notificaciones', which subscribes this browser", async ({
  browser,
}) => {
  const { context, page } = await newPage(browser, "default");
  try {
    await loginToShell(page, "admin@taller.demo");
    const dialog = page.getByRole("dialog", { name: "¡Advertencia!" });
    await expect(dialog).toBeVisible();
    expect(await workerScript(page)).toBe(`${server.url}/sw.js`);
    await screenshot(page, "push-advertencia");
    await context.grantPermissions(["notifications"], { origin: server.url });
    const stored = subscribed(page);
    await dialog.getByRole("button", { name: "Activar notificaciones" }).click();
    expect((await stored).status()).toBe(200);
    await expect(dialog).toHaveCount(0);
  } finally {
    await context.close();
  }
});

test("denied: 'Entendido' asks again and closes; 'No volver a mostrar. Entiendo los riesgos.' is remembered", async ({
  browser,
}) => {
  const { context, page } = await newPage(browser, "denied");
  try {
    const dialog = page.getByRole("dialog", { name: "Notificaciones desactivadas" });
    // The server forgets whatever this device had subscribed.
    let forgotten = unsubscribed(page);
    await loginToShell(page, "asesor@taller.demo");
    await expect(dialog).toBeVisible();
    await forgotten;
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, "push-denied-390");
    await dialog.getByRole("button", { name: "Entendido" }).click();
    await expect(dialog).toHaveCount(0);

    forgotten = unsubscribed(page);
    await page.reload();
    await expect(dialog).toBeVisible();
    await forgotten;
    await dialog.getByRole("button", { name: "No volver a mostrar. Entiendo los riesgos." }).click();
    await expect(dialog).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem("showDisabledNotificationWarning"))).toBe("false");

    // Next load: the decision is made (the same step tells the server) and no dialog comes.
    forgotten = unsubscribed(page);
    await page.reload();
    await forgotten;
    await expect(page.getByRole("dialog")).toHaveCount(0);
  } finally {
    await context.close();
  }
});

test("granted: subscribes without asking; a push plays the alert and shows a 10 s snackbar, another user's is ignored", async ({
  browser,
}) => {
  const { context, page } = await newPage(browser, "granted");
  try {
    const stored = subscribed(page);
    await loginToShell(page, "admin@taller.demo");
    expect((await stored).status()).toBe(200);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    const id = await myId(page);
    await page.evaluate(() => {
      const w = window as unknown as { messages: unknown[] };
      w.messages = [];
      navigator.serviceWorker.addEventListener("message", (e) => w.messages.push(e.data));
    });

    await push(context, page, {
      userId: id + 1000,
      title: "Para otra persona",
      body: "privado",
      url: "/main/orders",
      tag: "x",
    });
    await push(context, page, {
      userId: id,
      title: "Te mencionaron",
      body: "En la orden 15",
      url: "/main/orders",
      tag: "mention-15",
    });
    const snack = page.locator(".snackbar").filter({ hasText: "Te mencionaron: En la orden 15" });
    await expect(snack).toBeVisible();
    await screenshot(page, "push-snackbar");
    const seen = await page.evaluate(
      () => (window as unknown as { messages: { payload: { userId: number } }[] }).messages,
    );
    expect(seen.map((m) => m.payload.userId)).toEqual([id]);
    expect(await page.evaluate(() => (window as unknown as { tones: number }).tones)).toBe(2);
    await expect(page.getByText("Para otra persona")).toHaveCount(0);
  } finally {
    await context.close();
  }
});
