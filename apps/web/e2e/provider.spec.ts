/**
 * The supplier's pages without login (seed 000 sections 2.11, 4, 5 and 8), at 390 px, opened from the demo links the
 * server prints at start: Taller Demo's pricing is answered and resent, its buy order confirmed. These two documents
 * belong to this spec (it sends them).
 */
import { addDays, formatDay, PROVIDER_TEXTS, todayIn } from "@taller/core";
import { expect, test } from "@playwright/test";
import { loginToShell, screenshot } from "./fixtures";
import { startPricingRequest } from "./forms";

const PRICING = "/provider/pricing?access_token=demo-pricing-taller-demo";
const BUY_ORDER = "/provider/buy-order?access_token=demo-buy-order-taller-demo";

test.use({ viewport: { width: 390, height: 844 } });
test.describe.configure({ mode: "serial" });

test("nothing loads without the link's token, nor with another page's token", async ({ page }) => {
  await page.goto("/provider/pricing");
  await expect(page.getByRole("heading", { name: "Este enlace no es válido" })).toBeVisible();
  await page.goto("/provider/pricing?access_token=demo-buy-order-taller-demo");
  await expect(page.getByRole("heading", { name: "Este enlace no es válido" })).toBeVisible();
  await expect(page.getByText("Powered by")).toBeVisible();
});

test("pricing: filled, autosaved, sent, then resent", async ({ page }) => {
  await page.goto(PRICING);
  await expect(page.getByRole("heading", { level: 1, name: /^Cotización #\d+$/ })).toBeVisible();
  await expect(page.getByText("Taller Demo", { exact: true })).toBeVisible();
  await expect(page.getByText("Fecha requerida para la entrega")).toBeVisible();
  await expect(page.getByText("Powered by")).toBeVisible();
  const send = page.getByRole("button", { name: "Enviar Cotización" });
  await expect(send).toBeDisabled();
  await expect(send).toHaveAccessibleDescription(PROVIDER_TEXTS.estimatedRequired);

  await page.getByLabel("Fecha estimada de entrega").fill(formatDay(addDays(todayIn(), 4)));
  await page.getByLabel("Bodega", { exact: true }).click();
  await page.getByRole("option", { name: "Bodega principal" }).click();
  const prices = page.getByLabel("Precio unitario");
  await expect(prices).toHaveCount(2);
  await prices.nth(0).fill("29990");
  await prices.nth(1).fill("4990");
  await expect(page.getByText("Guardando cambios...")).toBeVisible();
  await expect(page.getByText("Cambios guardados")).toBeVisible();
  await screenshot(page, "provider-pricing-390");

  // What autosave wrote is what a reload shows.
  await page.reload();
  await expect(page.getByLabel("Precio unitario").nth(0)).toHaveValue("29990");
  await expect(send).toBeEnabled();
  await send.click();
  await expect(page.getByText("Esta acción enviará la cotización al cliente. ¿Desea continuar?")).toBeVisible();
  await page.getByRole("button", { name: "Aceptar" }).click();
  await expect(page.getByRole("dialog", { name: "Cotización enviada con éxito" })).toBeVisible();
  await page.getByRole("button", { name: "Cerrar" }).click();

  const resend = page.getByRole("button", { name: "Reenviar Cotización" });
  await expect(resend).toBeEnabled();
  await resend.click();
  await expect(page.getByText("Esta acción reenviará la cotización al cliente. ¿Desea continuar?")).toBeVisible();
  await page.getByRole("button", { name: "Aceptar" }).click();
  await expect(page.getByRole("dialog", { name: "Cotización enviada con éxito" })).toBeVisible();
});

test("buy order: confirmed once, then 'Finalizado' and nothing editable", async ({ page }) => {
  await page.goto(BUY_ORDER);
  await expect(page.getByRole("heading", { level: 1, name: /^Orden de Compra #\d+$/ })).toBeVisible();
  await expect(page.getByText("Fecha requerida para la entrega")).toBeVisible();
  // The workshop's lines: 8 x $5.200 and 2 x $3.100.
  await expect(page.getByText("$41.600", { exact: true })).toBeVisible();
  await expect(page.getByText("$47.800", { exact: true })).toBeVisible();
  const confirm = page.getByRole("button", { name: "Confirmar Orden de Compra" });
  await expect(confirm).toBeDisabled();
  await page.getByLabel("Fecha estimada de entrega").fill(formatDay(addDays(todayIn(), 2)));
  await expect(page.getByText("Cambios guardados")).toBeVisible();
  await confirm.click();
  await expect(page.getByText("Esta acción confirmará la orden de compra al cliente. ¿Desea continuar?")).toBeVisible();
  await page.getByRole("button", { name: "Aceptar" }).click();
  await expect(page.getByRole("dialog", { name: "Orden de compra confirmada" })).toBeVisible();
  await page.getByRole("button", { name: "Cerrar" }).click();
  await expect(page.getByText("Finalizado")).toBeVisible();
  await expect(confirm).toHaveCount(0);
  await expect(page.getByLabel("Fecha estimada de entrega")).toBeDisabled();
  await page.reload();
  await expect(page.getByText("Finalizado")).toBeVisible();
  await screenshot(page, "provider-buy-order-390");
});

test.describe("staff side", () => {
  test.use({ viewport: { width: 1366, height: 800 } });

  test("an order asks a supplier for prices, the link opens the page, revoking it closes it", async ({
    page,
    browser,
  }) => {
    await loginToShell(page, "admin@taller.demo");
    // Taller Demo is seeded first: its orders hold the first ids.
    await page.goto("/main/orders/1");
    const { section, dialog } = await startPricingRequest(page);
    await dialog.getByLabel("Cantidad").fill("3");
    await dialog.getByRole("button", { name: "Crear y obtener enlace" }).click();
    const linkDialog = page.getByRole("dialog", { name: /^Enlace de Cotización #\d+$/ });
    const url = await linkDialog.getByLabel("Enlace").inputValue();
    expect(url).toMatch(/\/provider\/pricing\?access_token=[\w-]{43}$/);
    const title = ((await linkDialog.getByRole("heading").textContent()) ?? "").replace("Enlace de ", "");
    await linkDialog.getByRole("button", { name: "Cerrar" }).click();

    const supplier = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await supplier.goto(url);
    await expect(supplier.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(supplier.getByText("Filtro de aire")).toBeVisible();

    const row = section.getByRole("listitem").filter({ hasText: title });
    await row.getByRole("button", { name: "Revocar enlace" }).click();
    await expect(row.getByText("Sin enlace vigente")).toBeVisible();
    await supplier.reload();
    await expect(supplier.getByRole("heading", { name: "Este enlace no es válido" })).toBeVisible();
    await supplier.close();
  });
});
