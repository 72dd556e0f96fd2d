import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { loginToShell, screenshot } from "./fixtures";
import { startServer } from "./server";

// The version the web app was built as (vite.config.ts): APP_VERSION, else the server package's.
const buildVersion =
  process.env.APP_VERSION ||
  (JSON.parse(readFileSync(new URL("../../server/package.json", import.meta.url), "utf8")) as { version: string }).version;
const NEW_VERSION = "9.9.9-e2e";

test("a deploy of a new server version opens the update dialog in open browsers", async ({ browser }) => {
  test.setTimeout(240_000);
  // Its own server: this test stops it and starts it again as a new version, as a deploy does.
  const server = await startServer();
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  try {
    const socket = page.waitForEvent("websocket");
    await loginToShell(page, "admin@taller.demo");
    // The server's first answer on the socket is its version; the same as the build's opens nothing.
    await (await socket).waitForEvent("framereceived");
    const dialog = page.getByRole("dialog", { name: "Nueva versión disponible" });
    await expect(dialog).toHaveCount(0);

    await server.restart({ appVersion: NEW_VERSION });
    // The socket reconnects to the new process, which announces its version.
    await expect(dialog).toBeVisible({ timeout: 90_000 });
    await expect(dialog).toContainText(NEW_VERSION);
    await expect(dialog).toContainText(buildVersion);
    await screenshot(page, "update-dialog");

    // A click outside does not dismiss it; 'Actualizar mas tarde.' does.
    await page.mouse.click(5, 5);
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Actualizar mas tarde." }).click();
    await expect(dialog).toHaveCount(0);

    // 'Actualizar aplicación.' reloads the page.
    await page.reload();
    await expect(dialog).toBeVisible();
    await page.evaluate(() => Object.assign(window, { beforeUpdate: true }));
    await Promise.all([page.waitForEvent("load"), dialog.getByRole("button", { name: "Actualizar aplicación." }).click()]);
    expect(await page.evaluate(() => "beforeUpdate" in window)).toBe(false);
  } finally {
    await context.close();
    await server.dispose();
  }
});
