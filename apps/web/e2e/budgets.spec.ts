/**
 * Budgets (issue 12): Andrés Asesor creates a budget from an order's chat with the budget form (send disabled with
 * zero actions, the hint with one), the message links the budget; its page shows the lines, the total the database
 * kept and the PDF; the list finds it by status and search; both at 390 px without sideways scroll. The technician
 * (no create budget) is not offered the form. The budget made here belongs to this spec.
 */
import { expect, test, type Page } from "@playwright/test";
import { loginToShell } from "./fixtures";

const panel = (page: Page) => page.getByRole("complementary", { name: "Chat" });
const noSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

async function openFirstOrderChat(page: Page) {
  await page.goto("/main/orders");
  const firstRow = page.getByRole("row").nth(1);
  await firstRow.getByRole("button", { name: "Abrir chat" }).click();
  await expect(panel(page).getByRole("textbox", { name: "Mensaje" })).toBeVisible();
}

test("a budget created from the order chat, its page, its PDF and the list", async ({ page }) => {
  test.setTimeout(180_000);
  await loginToShell(page, "asesor@taller.demo");
  await openFirstOrderChat(page);
  const chat = panel(page);
  const send = chat.getByRole("button", { name: "Enviar" });

  await chat.getByRole("button", { name: "Agregar presupuesto" }).click();
  await expect(chat.getByRole("region", { name: "Presupuesto" })).toBeVisible();
  await expect(send).toBeDisabled();
  await expect(chat.getByText("Haz clic o pulsa en enviar para crear el presupuesto")).toBeHidden();

  // Bad input answers in Spanish under the field.
  await chat.getByLabel("Cantidad").fill("0");
  await chat.getByRole("button", { name: "Agregar al presupuesto" }).click();
  await expect(chat.getByText("La cantidad mínima es 1")).toBeVisible();

  // A catalogue product, found by name, its price proposed; then a free-text line with a discount.
  await chat.getByLabel("Producto o descripción").fill("filtro de a");
  await chat.getByRole("listbox", { name: "Productos" }).getByRole("button", { name: /Filtro de aceite/ }).click();
  await chat.getByLabel("Cantidad").fill("2");
  await chat.getByRole("button", { name: "Agregar al presupuesto" }).click();
  await chat.getByLabel("Producto o descripción").fill("Mano de obra");
  await chat.getByLabel("Cantidad").fill("1");
  await chat.getByLabel("Precio unitario").fill("25000");
  await chat.getByLabel("Descuento").fill("5000");
  await chat.getByRole("button", { name: "Agregar al presupuesto" }).click();
  const actions = chat.getByRole("list", { name: "Acciones del presupuesto" });
  await expect(actions).toContainText("2 × Filtro de aceite");
  await expect(actions).toContainText("$32.980");
  await expect(chat.getByText("Haz clic o pulsa en enviar para crear el presupuesto")).toBeVisible();
  await expect(send).toBeEnabled();
  await send.click();

  const card = chat.getByRole("link", { name: /Presupuesto #\d+/ });
  await expect(card).toBeVisible({ timeout: 20_000 });
  await expect(card).toContainText("$32.980");
  const number = ((await card.locator("strong").textContent()) ?? "").replace("Presupuesto #", "").trim();
  await expect(chat.getByRole("region", { name: "Presupuesto" })).toBeHidden();
  await card.click();

  await expect(page).toHaveURL(/\/main\/budgets\/\d+$/);
  await expect(page.getByRole("heading", { name: `Presupuesto Nº ${number}` })).toBeVisible();
  const lines = page.getByRole("table", { name: "Líneas del presupuesto" });
  await expect(lines).toContainText("Filtro de aceite");
  await expect(lines).toContainText("Mano de obra");
  await expect(page.locator(".budget-total")).toContainText("$32.980");
  await expect(page.locator(".budget-history")).toContainText("Andrés Asesor");

  // 'Descargar PDF' opens the server's PDF inline.
  const pdfLink = page.getByRole("link", { name: "Descargar PDF" });
  const href = (await pdfLink.getAttribute("href")) ?? "";
  expect(href).toMatch(/^\/budgets\/\d+\/pdf$/);
  const pdf = await page.request.get(href);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect(pdf.headers()["content-disposition"]).toBe(`inline; filename="Presupuesto_${number}.pdf"`);
  expect((await pdf.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");

  // A status change is recorded.
  await page.getByRole("combobox", { name: "Cambiar estado" }).click();
  await page.getByRole("option", { name: "Enviado" }).click();
  await expect(page.locator(".budget-detail-head")).toContainText("Enviado");
  await expect(page.locator(".budget-history")).toContainText("Borrador →");

  // The list: newest first, found by its number, filtered by status.
  await page.getByRole("link", { name: "Volver" }).click();
  await expect(page).toHaveURL(/\/main\/budgets$/);
  const list = page.getByRole("table", { name: "Presupuestos" });
  await expect(list.getByRole("row").nth(1)).toContainText(`#${number}`);
  await page.getByRole("searchbox").fill(`#${number}`);
  await expect(list.getByRole("link", { name: `#${number}`, exact: true })).toBeVisible();
  await page.getByRole("group", { name: "Estados de Presupuesto" }).getByRole("button", { name: /Enviado/ }).click();
  await expect(list.getByRole("link", { name: `#${number}`, exact: true })).toHaveCount(0);
  await page.getByRole("group", { name: "Estados de Presupuesto" }).getByRole("button", { name: /Enviado/ }).click();
  await expect(list.getByRole("link", { name: `#${number}`, exact: true })).toBeVisible();

  // 390 px: cards, then the page, without sideways scroll.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole("link", { name: new RegExp(`#${number}`) }).first()).toBeVisible();
  await noSidewaysScroll(page);
  await page.getByRole("link", { name: new RegExp(`#${number}`) }).first().click();
  await expect(page.getByRole("heading", { name: `Presupuesto Nº ${number}` })).toBeVisible();
  await noSidewaysScroll(page);
});

test("the technician, who may not create budgets, is not offered the budget form", async ({ page }) => {
  await loginToShell(page, "tecnico@taller.demo");
  await openFirstOrderChat(page);
  await expect(panel(page).getByRole("button", { name: "Agregar presupuesto" })).toHaveCount(0);
});
