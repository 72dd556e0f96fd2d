import { expect, type Page, test } from "@playwright/test";
import { loginToShell, screenshot } from "./fixtures";
import { startServer } from "./server";

// None of these is the version the web app was built as: a page knows its version from the server that served it.
const VERSION_A = "1.0.0-e2e-a";
const VERSION_B = "2.0.0-e2e-b";
const VERSION_C = "3.0.0-e2e-c";

/** Waits until the page's socket has received the server's announcement of `version`. */
async function versionAnnounced(page: Page, open: () => Promise<unknown>, version: string) {
  // Listening from the socket's opening: the announcement may come before `open` has finished.
  const announced = page
    .waitForEvent("websocket")
    .then((socket) =>
      socket.waitForEvent("framereceived", { predicate: (frame) => String(frame.payload).includes(version) }),
    );
  await open();
  await announced;
}

test("a deploy of a new server version opens the update dialog once, and updating ends it", async ({ browser }) => {
  test.setTimeout(240_000);
  // Its own server: this test stops it and starts it again as a new version, as a deploy does (same build).
  const server = await startServer({ appVersion: VERSION_A });
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  const dialog = page.getByRole("dialog", { name: "Nueva versión disponible" });
  try {
    // Served as A, and A announced: nothing to offer, whatever version the build was made as.
    await versionAnnounced(page, () => loginToShell(page, "admin@taller.demo"), VERSION_A);
    await expect(dialog).toHaveCount(0);
    // The shell's own code in (its location selector's chunk, say) before the server stops: the announcement can come
    // first, and a chunk that fails to arrive takes the shell to its error page, as it would for a user.
    await page.waitForLoadState("networkidle");

    await server.restart({ appVersion: VERSION_B });
    // The socket reconnects to the new process, which announces its version.
    await expect(dialog).toBeVisible({ timeout: 90_000 });
    await expect(dialog).toContainText(VERSION_B);
    await expect(dialog).toContainText(VERSION_A);
    await screenshot(page, "update-dialog");

    // A click outside does not dismiss it; 'Actualizar mas tarde.' does.
    await page.mouse.click(5, 5);
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Actualizar mas tarde." }).click();
    await expect(dialog).toHaveCount(0);

    // A later deploy offers it again; 'Actualizar aplicación.' reloads the page, which is then that version.
    await server.restart({ appVersion: VERSION_C });
    await expect(dialog).toBeVisible({ timeout: 90_000 });
    await expect(dialog).toContainText(VERSION_C);
    await page.evaluate(() => Object.assign(window, { beforeUpdate: true }));
    await versionAnnounced(
      page,
      () => dialog.getByRole("button", { name: "Actualizar aplicación." }).click(),
      VERSION_C,
    );
    expect(await page.evaluate(() => "beforeUpdate" in window)).toBe(false);
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(dialog).toHaveCount(0);
  } finally {
    await context.close();
    await server.dispose();
  }
});
