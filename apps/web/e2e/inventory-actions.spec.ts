/**
 * Inventory actions (issue 25 section 2): a buy order sent from an order, opened from the actions list, received
 * partly into 'Bodega principal' and the rest into 'Bodega taller'; the action's history, the product's 'Dónde se
 * usó' and stock, and the actions list follow. At 390 px the list and the action's page fit. The spec makes its own
 * buy order and finds it by its number, so other specs' documents do not matter.
 */
import { expect as baseExpect, type Page, test } from "@playwright/test";
import { expectNoSidewaysScroll, loginToShell } from "./fixtures";

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 180_000 });

/** A buy order of 3 'Filtro de aire' sent from the demo's first order; its number. */
async function sendBuyOrder(page: Page): Promise<number> {
  // Taller Demo is seeded first: its orders hold the first ids.
  await page.goto("/main/orders/1");
  const section = page.getByRole("region", { name: "Proveedores" });
  await section.getByRole("button", { name: "Enviar orden de compra" }).click();
  const dialog = page.getByRole("dialog", { name: "Enviar orden de compra" });
  await dialog.getByLabel("Proveedor", { exact: true }).click();
  await page.getByRole("option", { name: "Repuestos del Sur SpA" }).click();
  await dialog.getByLabel("Bodega", { exact: true }).click();
  await page.getByRole("option", { name: "Bodega principal" }).click();
  await dialog.getByLabel("Producto 1", { exact: true }).click();
  await page.getByRole("option", { name: "Filtro de aire (FIL-AIR)" }).click();
  await dialog.getByLabel("Cantidad").fill("3");
  await dialog.getByRole("button", { name: "Crear y obtener enlace" }).click();
  const linkDialog = page.getByRole("dialog", { name: /^Enlace de Orden de Compra #\d+$/ });
  const title = (await linkDialog.getByRole("heading").first().textContent()) ?? "";
  await linkDialog.getByRole("button", { name: "Cerrar" }).click();
  return Number(/#(\d+)/.exec(title)?.[1]);
}

async function receive(page: Page, warehouse: string, quantity: number) {
  await page.getByRole("button", { name: "Recibir" }).click();
  const dialog = page.getByRole("dialog", { name: "Recibir orden de compra" });
  await dialog.getByLabel("Bodega", { exact: true }).click();
  await page.getByRole("option", { name: warehouse }).click();
  await dialog.getByLabel("Recibir FIL-AIR").fill(String(quantity));
  await dialog.getByRole("button", { name: "Recibir" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Recepción registrada", { exact: true }).first()).toBeVisible();
}

test("a buy order received partly into two warehouses; its page, the product's and the list follow", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await loginToShell(page, "admin@taller.demo");
  const number = await sendBuyOrder(page);

  await page.goto("/main/inventory/actions");
  await page.getByRole("searchbox", { name: "Buscar por número o proveedor" }).fill(`#${number}`);
  const list = page.getByRole("table", { name: "Órdenes de compra" });
  const row = list.getByRole("row").filter({ hasText: `#${number}` });
  await expect(row).toContainText("Sin recibir (0 de 3)");
  await row.getByText(`#${number}`, { exact: true }).click();
  await expect(page).toHaveURL(/\/main\/inventory-actions\/\d+$/);
  const actionUrl = page.url();
  await expect(page.getByRole("heading", { name: `Orden de compra #${number}` })).toBeVisible();

  // More than ordered is refused on the line, in Spanish, and nothing is received.
  await page.getByRole("button", { name: "Recibir" }).click();
  const dialog = page.getByRole("dialog", { name: "Recibir orden de compra" });
  await dialog.getByLabel("Recibir FIL-AIR").fill("4");
  await dialog.getByRole("button", { name: "Recibir" }).click();
  await expect(dialog.getByText("No puede recibir más de lo pedido: quedan 3")).toBeVisible();
  await dialog.getByRole("button", { name: "Cancelar" }).click();

  await receive(page, "Bodega principal", 1);
  const history = page.getByRole("region", { name: "Historial" });
  await expect(history).toContainText("Recepción en Bodega principal");
  await expect(page.getByRole("region", { name: "Productos" }).getByRole("row", { name: /FIL-AIR/ })).toContainText(
    "1",
  );
  await receive(page, "Bodega taller", 2);
  await expect(history).toContainText("Recepción en Bodega taller");
  await expect(page.getByText("Recibida", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Recibir" })).toBeDisabled();

  // The product's page: where it was used, and the stock that came in.
  await page.getByRole("region", { name: "Productos" }).getByRole("link", { name: "FIL-AIR" }).click();
  const usage = page.getByRole("region", { name: /^Dónde se usó/ });
  await expect(usage.getByRole("listitem").filter({ hasText: `Orden de compra #${number}` })).toContainText(
    "recibidas 3",
  );
  const movements = page.getByRole("region", { name: /^Movimientos/ });
  await expect(movements).toContainText("Bodega taller");

  // The list follows.
  await page.goto("/main/inventory/actions");
  await page.getByRole("searchbox", { name: "Buscar por número o proveedor" }).fill(`#${number}`);
  await expect(list.getByRole("row").filter({ hasText: `#${number}` })).toContainText("Recibida (3 de 3)");

  // At 390 px the list (as cards) and the action's page fit.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole("list", { name: "Órdenes de compra" })).toContainText(`Orden de compra #${number}`);
  await expectNoSidewaysScroll(page, "/main/inventory/actions");
  await page.goto(actionUrl);
  await expect(page.getByRole("heading", { name: `Orden de compra #${number}` })).toBeVisible();
  await expectNoSidewaysScroll(page, "/main/inventory-actions/$id");
});

test("an inventory action's chat opens from its page and takes a message", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await loginToShell(page, "admin@taller.demo");
  await page.goto("/main/inventory/actions");
  const row = page.getByRole("table", { name: "Órdenes de compra" }).getByRole("row").nth(1);
  const number = (
    (await row
      .getByText(/^#\d+$/)
      .first()
      .textContent()) ?? ""
  ).trim();
  await row.getByText(number, { exact: true }).click();
  await expect(page.getByRole("heading", { name: `Orden de compra ${number}` })).toBeVisible();

  await page.getByRole("button", { name: "Abrir chat" }).click();
  const chat = page.getByRole("complementary", { name: "Chat" });
  await expect(chat.getByRole("button", { name: "Ver", exact: true })).toBeVisible();
  await expect(chat.getByRole("heading", { level: 2 }).last()).toContainText(number);
  await expect(chat).toContainText("Orden de compra");
  const text = `¿Llegó el resto? ${Date.now()}`;
  await chat.getByRole("textbox", { name: "Mensaje" }).fill(text);
  await chat.getByRole("textbox", { name: "Mensaje" }).press("Enter");
  await expect(chat.getByRole("log", { name: "Mensajes" })).toContainText(text);
});
