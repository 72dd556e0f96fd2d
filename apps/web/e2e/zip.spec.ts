/**
 * The zip page (zip/{model}/{id}, seed 000 section 2.10) from the order dialog's 'Descargar imágenes': the archive
 * saved under the spec's name and its entries read back with jszip; the no-images error; the page at 390 px. The
 * demo seeds its latest order with 200 entries (8 of them videos) and the 41st from the end with a video and a
 * missing picture only (db/src/seed/pictures.ts). Only reads, as admin@taller.demo.
 */
import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import JSZip from "jszip";
import { loginToShell, screenshot } from "./fixtures";

/** The orders list with every order and budget status shown; answers the latest order's number (its first row). */
async function latestOrder(page: Page): Promise<number> {
  await page.goto("/main/orders");
  await page.getByRole("button", { name: "Filtros" }).click();
  const dialog = page.getByRole("dialog", { name: "Filtros" });
  // Every order status and every budget status: another spec may have finished a budget of this order, and the
  // default filter shows open budgets only.
  for (const group of ["Estados de Orden", "Estados de Presupuesto"]) {
    const all = dialog.getByRole("group", { name: group }).getByRole("checkbox", { name: "Todos" });
    if ((await all.getAttribute("aria-checked")) !== "true") await all.click();
  }
  await dialog.getByRole("button", { name: "Aplicar" }).click();
  const first = page.getByRole("link", { name: /^#\d+$/ }).first();
  return Number((await first.textContent())?.trim().slice(1));
}

/** The order's id, from its number's link in the list `latestOrder` opened (searched by number). */
async function orderId(page: Page, correlative: number): Promise<string> {
  await page.getByRole("searchbox").first().fill(String(correlative));
  const link = page.getByRole("link", { name: `#${correlative}`, exact: true }).first();
  const href = await link.getAttribute("href");
  return href!.split("/").pop()!;
}

test("'Descargar imágenes' saves the order's pictures as one zip, videos left out", async ({ page }) => {
  test.setTimeout(120_000);
  await loginToShell(page, "admin@taller.demo");
  const latest = await latestOrder(page);
  const id = await orderId(page, latest);
  await page.goto(`/main/orders/${id}`);
  const popup = page.waitForEvent("popup");
  await page.getByRole("link", { name: "Descargar imágenes" }).click();
  const zipPage = await popup;
  const download = zipPage.waitForEvent("download", { timeout: 90_000 });
  await expect(zipPage.getByRole("heading", { name: "Creando archivo zip" })).toBeVisible();
  const saved = await download;
  expect(saved.suggestedFilename()).toBe(`Taller Demo - Orden de Trabajo ${latest}.zip`);
  await expect(zipPage.getByRole("heading", { name: "Zip creado correctamente" })).toBeVisible();

  const zip = await JSZip.loadAsync(await readFile(await saved.path()));
  const names = Object.keys(zip.files);
  expect(names).toHaveLength(192);
  expect(names[0]).toBe("Foto 1.jpg");
  expect(names).not.toContain("Foto 25.jpg"); // the 25th entry is a video
  expect(names.every((n) => n.endsWith(".jpg"))).toBe(true);
  const first = await zip.file("Foto 1.jpg")!.async("uint8array");
  expect([...first.slice(0, 3)]).toEqual([0xff, 0xd8, 0xff]); // a JPEG from the file store
  await screenshot(zipPage, "zip-done");
});

test.describe("390 px", () => {
  test("an order without a readable picture says so", async ({ page }) => {
    await loginToShell(page, "admin@taller.demo");
    const id = await orderId(page, (await latestOrder(page)) - 40);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/zip/order/${id}`);
    await expect(page.getByRole("alert")).toHaveText("Error al crear el zip: No se encontraron imagenes válidas");
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, "zip-no-images-390");
  });

  test("a budget link without its token opens nothing, and an order's needs a session", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/zip/budget/1");
    await expect(page.getByRole("alert")).toHaveText("Enlace inválido o expirado");
    await page.goto("/zip/order/1");
    await expect(page).toHaveURL(/\/login$/);
  });
});
