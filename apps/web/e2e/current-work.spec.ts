/**
 * The current-work panel in the chat and the own-work count on the chat button: Tomás Técnico has open works on his
 * orders (demo data); the button shows how many; an order's chat shows his current work, which expands to its card,
 * switches to another own work and fills the screen.
 */
import { expect, test } from "@playwright/test";
import { loginToShell } from "./fixtures";

test("own-work count on the chat button, and the current-work panel above a chat", async ({ page }) => {
  test.setTimeout(120_000);
  await loginToShell(page, "tecnico@taller.demo");
  const button = page.getByRole("banner").getByRole("button", { name: /chat/i }).first();
  const count = button.getByLabel(/\d trabajos? propios?/);
  await expect(count).toBeVisible({ timeout: 20_000 });
  const own = Number(await count.textContent());
  expect(own).toBeGreaterThan(1);

  // His first order's chat, from the orders list.
  await page.goto("/main/orders");
  await page.getByRole("row").nth(1).getByRole("button", { name: "Abrir chat" }).click();
  const panel = page.getByRole("complementary", { name: "Chat" });
  const current = panel.getByRole("region", { name: "Trabajo actual" });
  await expect(current).toBeVisible({ timeout: 20_000 });
  const title = (await current.locator(".current-work-title").textContent()) ?? "";

  await current.getByRole("button", { name: "Expandir" }).click();
  const switcher = current.getByLabel("Cambiar trabajo");
  await expect(switcher).toBeVisible();
  await switcher.click();
  const options = page.getByRole("option");
  await expect(options).toHaveCount(own);
  await options.nth(1).click();
  await expect(current.locator(".current-work-title")).not.toHaveText(title);

  await current.getByRole("button", { name: "Pantalla completa" }).click();
  await expect(current).toHaveClass(/current-work-full/);
  const box = await current.boundingBox();
  expect(box?.width).toBe(page.viewportSize()?.width);
  await current.getByRole("button", { name: "Salir de pantalla completa" }).click();
  await expect(current).not.toHaveClass(/current-work-full/);
});
