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

/** A tRPC query as the browser's session. */
async function query<T>(page: Page, path: string, input: unknown): Promise<T> {
  const res = await page.request.get(`/trpc/${path}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`, {
    headers: { "x-trpc-source": "web" },
  });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { result: { data: { json: T } } }).result.data.json;
}

type OrderRow = { id: number; correlative_id: number };

/**
 * The demo's order with 200 pictures: the newest order with that many (other specs add orders meanwhile, without
 * pictures). Every status of the list, newest first.
 */
async function manyPicturesOrder(page: Page): Promise<OrderRow> {
  const { orders } = await query<{ orders: OrderRow[] }>(page, "orders.list", {});
  for (const order of orders) {
    if ((await query<{ pictures: unknown[] }>(page, "orders.get", { id: order.id })).pictures.length === 200)
      return order;
  }
  throw new Error("no order with 200 pictures among the newest");
}

/** The order numbered `correlative`, searched by its number. */
async function orderNumbered(page: Page, correlative: number): Promise<OrderRow> {
  const { orders } = await query<{ orders: OrderRow[] }>(page, "orders.list", { search: `#${correlative}` });
  const order = orders.find((o) => o.correlative_id === correlative);
  if (!order) throw new Error(`no order #${correlative}`);
  return order;
}

test("'Descargar imágenes' saves the order's pictures as one zip, videos left out", async ({ page }) => {
  test.setTimeout(120_000);
  await loginToShell(page, "admin@taller.demo");
  const order = await manyPicturesOrder(page);
  await page.goto(`/main/orders/${order.id}`);
  const popup = page.waitForEvent("popup");
  await page.getByRole("link", { name: "Descargar imágenes" }).click();
  const zipPage = await popup;
  const download = zipPage.waitForEvent("download", { timeout: 90_000 });
  await expect(zipPage.getByRole("heading", { name: "Creando archivo zip" })).toBeVisible();
  const saved = await download;
  expect(saved.suggestedFilename()).toBe(`Taller Demo - Orden de Trabajo ${order.correlative_id}.zip`);
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
    const { id } = await orderNumbered(page, (await manyPicturesOrder(page)).correlative_id - 40);
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
