/**
 * The supplier's pages without login (seed 000 sections 2.11, 4, 5 and 8), at 390 px, opened from the demo links the
 * server prints at start: Taller Demo's pricing is answered and resent, its buy order confirmed. These two documents
 * belong to this spec (it sends them).
 */
import { addDays, todayIn } from "@taller/core";
import { expect, test } from "@playwright/test";
import { screenshot } from "./fixtures";

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

  await page.getByLabel("Fecha estimada de entrega").fill(addDays(todayIn(), 4));
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
  await page.getByLabel("Fecha estimada de entrega").fill(addDays(todayIn(), 2));
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
