/**
 * Inventory (issue 25): create a product, count its stock on the product's page, consume it from an order, and a
 * second browser's products list follows the stock as it moves; the list's search, low-stock mark and the product's
 * page at 390 px. Writes products with codes of their own (E2E-…), so reruns and other specs are not disturbed.
 */
import { expect as baseExpect, type Page, test } from "@playwright/test";
import { expectNoSidewaysScroll, loginToShell } from "./fixtures";
import { listScreen } from "./lists";

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 180_000 });

const ADMIN = "admin@taller.demo";

async function openProducts(page: Page) {
  await loginToShell(page, ADMIN);
  await showProducts(page);
}

async function showProducts(page: Page) {
  await page.goto("/main/inventory");
  // Any other inventory path shows the products.
  await expect(page).toHaveURL(/\/main\/inventory\/products$/);
  await expect(page.getByRole("heading", { level: 1, name: "Inventario" })).toBeVisible();
}

/** Sets a count on the product's page ('Ajustar stock'), in the first warehouse (Bodega principal). */
async function count(page: Page, quantity: number, reason: string) {
  await page.getByRole("button", { name: "Ajustar stock" }).click();
  const dialog = page.getByRole("dialog", { name: "Ajustar stock" });
  await dialog.getByLabel("Cantidad contada").fill(String(quantity));
  await dialog.getByLabel("Motivo").fill(reason);
  await dialog.getByRole("button", { name: "Ajustar" }).click();
  await expect(dialog).toBeHidden();
}

test.describe("1,280 px", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("create a product, count its stock, and another browser's list follows", async ({ page, browser }) => {
    const code = `E2E-${Date.now().toString(36).toUpperCase()}`;
    await openProducts(page);
    await page.getByRole("button", { name: "Nuevo" }).click();
    const form = page.getByRole("dialog", { name: "Nuevo producto" });
    await form.getByLabel("Código").fill(code);
    await form.getByLabel("Nombre").fill("Refrigerante de prueba");
    await form.getByLabel("Precio de venta (CLP)").fill("12990");
    await form.getByLabel("Costo (CLP)").fill("7000");
    await form.getByRole("button", { name: "Fijar mínimo en Bodega principal" }).click();
    await form.getByLabel("Bodega principal").fill("5");
    await form.getByRole("button", { name: "Crear" }).click();
    await expect(page).toHaveURL(/\/main\/inventory\/products\/\d+$/);
    await expect(page.getByText("Producto creado", { exact: true })).toBeVisible();
    const stock = page.getByRole("region", { name: "Stock por bodega" });
    await expect(stock.getByRole("row", { name: /Bodega principal/ })).toContainText("Stock bajo");

    // The second browser shows the new product in its list.
    const context = await browser.newContext();
    const other = await context.newPage();
    await loginToShell(other, ADMIN);
    // The list follows only once its stream is live: a socket's first data (the version) comes after the
    // subscriptions opened with the page have started. Counted from the products page's load on.
    let streamed = 0;
    other.on("websocket", (socket) =>
      socket.on("framereceived", (f) => {
        if (String(f.payload).includes('"data"')) streamed += 1;
      }),
    );
    await showProducts(other);
    await other.getByRole("searchbox", { name: "Buscar por código o nombre" }).fill(code);
    const row = other.getByRole("table", { name: "Productos" }).getByRole("row").filter({ hasText: code });
    await expect(row).toContainText("Stock bajo");
    await expect.poll(() => streamed).toBeGreaterThan(0);

    await count(page, 12, "Conteo inicial");
    await expect(page.getByText("Stock ajustado", { exact: true })).toBeVisible();
    await expect(stock.getByRole("row", { name: /Bodega principal/ })).toContainText("12");
    await expect(stock.getByRole("row", { name: /Bodega principal/ })).not.toContainText("Stock bajo");
    const movements = page.getByRole("region", { name: "Movimientos" });
    await expect(movements.getByRole("listitem").first()).toContainText("Conteo");
    await expect(movements.getByRole("listitem").first()).toContainText("Conteo inicial");

    // Without a reload, the other list shows the new stock and drops the mark.
    await expect(row).not.toContainText("Stock bajo");
    await expect(row.getByRole("cell").nth(3)).toHaveText("12");

    // A transfer beyond the stock is refused in Spanish and moves nothing.
    await page.getByRole("button", { name: "Ajustar stock" }).click();
    const dialog = page.getByRole("dialog", { name: "Ajustar stock" });
    await dialog.getByRole("combobox", { name: "Tipo de ajuste" }).click();
    await page.getByRole("option", { name: "Traslado entre bodegas" }).click();
    await dialog.getByLabel("Cantidad a trasladar").fill("13");
    await dialog.getByLabel("Motivo").fill("Al taller");
    await dialog.getByRole("button", { name: "Ajustar" }).click();
    await expect(dialog.getByRole("alert")).toHaveText(`Stock insuficiente de ${code} en Bodega principal: hay 12`);
    await dialog.getByLabel("Cantidad a trasladar").fill("4");
    await dialog.getByRole("button", { name: "Ajustar" }).click();
    await expect(dialog).toBeHidden();
    await expect(stock.getByRole("row", { name: /Bodega taller/ })).toContainText("4");
    await expect(row.getByRole("cell").nth(3)).toHaveText("8");
    await expect(row.getByRole("cell").nth(4)).toHaveText("4");
    await expectNoSidewaysScroll(page, "/main/inventory/products/$id");
    await expectNoSidewaysScroll(other, "/main/inventory/products");

    // An order consumes 3 from Bodega principal: its page lists the line, the other browser's list follows.
    await page.goto("/main/orders");
    const orders = listScreen(page, { table: "Órdenes de Trabajo", boxes: "Estados de Orden" });
    await orders.rows.first().getByRole("cell").nth(2).click();
    await expect(page).toHaveURL(/\/main\/orders\/\d+$/);
    const consumed = page.getByRole("region", { name: "Repuestos consumidos" });
    await consumed.getByRole("button", { name: "Consumir repuesto" }).click();
    const consume = page.getByRole("dialog", { name: "Consumir repuesto" });
    await consume.getByLabel("Buscar producto").fill(code);
    await consume.getByRole("combobox", { name: "Producto" }).click();
    await page.getByRole("option", { name: new RegExp(code) }).click();
    await consume.getByRole("combobox", { name: "Bodega" }).click();
    await page.getByRole("option", { name: "Bodega principal" }).click();
    await expect(consume.getByRole("listitem").filter({ hasText: code })).toContainText("hay 8");
    await consume.getByLabel("Cantidad").fill("9");
    await consume.getByRole("button", { name: "Consumir" }).click();
    await expect(consume.getByRole("alert")).toHaveText(`Stock insuficiente de ${code} en Bodega principal: hay 8`);
    await consume.getByLabel("Cantidad").fill("3");
    await consume.getByRole("button", { name: "Consumir" }).click();
    await expect(consume).toBeHidden();
    await expect(consumed.getByRole("listitem").filter({ hasText: code })).toContainText("3");
    await expect(row.getByRole("cell").nth(3)).toHaveText("5");
    await context.close();
  });
});

test.describe("390 px", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the list as cards: search without accents, the low-stock mark, and the product's page", async ({ page }) => {
    await openProducts(page);
    const cards = page.getByRole("list", { name: "Productos" });
    await page.getByRole("searchbox", { name: "Buscar por código o nombre" }).fill("polen");
    await expect(cards.getByRole("listitem")).toHaveCount(1);
    await expect(cards).toContainText("FIL-POL");
    await expect(cards).toContainText("Stock bajo");
    await expectNoSidewaysScroll(page, "/main/inventory/products");
    await page.getByRole("searchbox", { name: "Buscar por código o nombre" }).fill("liquido de FRENOS");
    await expect(cards).toContainText("LIQ-DOT4");
    await cards.getByRole("link", { name: "LIQ-DOT4" }).click();
    await expect(page.getByRole("region", { name: "Stock por bodega" })).toContainText("Bodega principal");
    await expect(page.getByRole("region", { name: "Movimientos" })).toContainText("Inventario inicial");
    await expectNoSidewaysScroll(page, "/main/inventory/products/$id");
  });
});
