/**
 * Budgets (issue 12): Andrés Asesor creates a budget from an order's chat with the budget form (send disabled with
 * zero actions, the hint with one), the message links the budget; its page shows the lines, the total the database
 * kept and the PDF; the list finds it by status and search; both at 390 px without sideways scroll. The technician
 * (no create budget) is not offered the form. The budget made here belongs to this spec. A budget's page edits its
 * lines, takes pictures, asks a supplier and creates a payment request from its lines, until it is approved
 * (1280 and 390 px).
 */
import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import JSZip from "jszip";
import { orderOutsideWhatsapp, orderRow } from "./chat-helpers";
import { loginToShell, TINY_PNG } from "./fixtures";
import { createOwnBudget, startPricingRequest } from "./forms";

const panel = (page: Page) => page.getByRole("complementary", { name: "Chat" });
const noSidewaysScroll = async (page: Page) =>
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBeLessThanOrEqual(0);

/** The list's first order whose chat whatsapp.spec.ts does not read: a budget made from a chat writes in it. */
async function openFirstOrderChat(page: Page) {
  await page.goto("/main/orders");
  await orderRow(page, await orderOutsideWhatsapp(page))
    .getByRole("button", { name: "Abrir chat" })
    .click();
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
  await chat
    .getByRole("listbox", { name: "Productos" })
    .getByRole("button", { name: /Filtro de aceite/ })
    .click();
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
  await page
    .getByRole("group", { name: "Estados de Presupuesto" })
    .getByRole("button", { name: /Enviado/ })
    .click();
  await expect(list.getByRole("link", { name: `#${number}`, exact: true })).toHaveCount(0);
  await page
    .getByRole("group", { name: "Estados de Presupuesto" })
    .getByRole("button", { name: /Enviado/ })
    .click();
  await expect(list.getByRole("link", { name: `#${number}`, exact: true })).toBeVisible();

  // 390 px: cards, then the page, without sideways scroll.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole("link", { name: new RegExp(`#${number}`) }).first()).toBeVisible();
  await noSidewaysScroll(page);
  await page
    .getByRole("link", { name: new RegExp(`#${number}`) })
    .first()
    .click();
  await expect(page.getByRole("heading", { name: `Presupuesto Nº ${number}` })).toBeVisible();
  await noSidewaysScroll(page);
});

test("the technician, who may not create budgets, is not offered the budget form", async ({ page }) => {
  await loginToShell(page, "tecnico@taller.demo");
  await openFirstOrderChat(page);
  await expect(panel(page).getByRole("button", { name: "Agregar presupuesto" })).toHaveCount(0);
});

test("a budget's page: lines added, changed and removed, a picture, a supplier asked, 'Crear cobro' with its lines; locked once approved", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await loginToShell(page, "admin@taller.demo");
  // A budget of this test's own, on the newest order.
  const budgetId = await createOwnBudget(page, { description: "Diagnóstico", unit_price: 20_000 });
  await page.goto(`/main/budgets/${budgetId}`);
  const lines = page.getByRole("table", { name: "Líneas del presupuesto" });
  const total = page.locator(".budget-total");
  await expect(total).toContainText("$20.000");

  // Add a line: a bad discount answers under its field; a good one adds the line and the database's total.
  const addLine = async (description: string, quantity: string, price: string, discount: string) => {
    await page.getByRole("button", { name: "Agregar línea" }).click();
    const form = page.getByRole("form", { name: "Agregar línea" });
    await form.getByLabel("Descripción").fill(description);
    await form.getByLabel("Cantidad").fill(quantity);
    await form.getByLabel("Precio unitario").fill(price);
    await form.getByLabel("Descuento").fill(discount);
    await form.getByRole("button", { name: "Agregar línea" }).click();
    return form;
  };
  const form = await addLine("Alineación", "3", "10000", "99999");
  await expect(form.getByText("El descuento no puede superar el monto de la línea")).toBeVisible();
  await form.getByLabel("Descuento").fill("1000");
  await form.getByRole("button", { name: "Agregar línea" }).click();
  await expect(form).toBeHidden();
  await expect(lines).toContainText("Alineación");
  await expect(total).toContainText("$49.000");
  await page.getByRole("button", { name: "Editar Diagnóstico" }).click();
  const edit = page.getByRole("form", { name: "Editar línea" });
  await edit.getByLabel("Cantidad").fill("2");
  await edit.getByRole("button", { name: "Guardar línea" }).click();
  await expect(total).toContainText("$69.000");
  await addLine("Lavado", "1", "5000", "0");
  await expect(total).toContainText("$74.000");
  await page.getByRole("button", { name: "Quitar Lavado" }).click();
  // The removal says how it went.
  await expect(page.getByText("Línea eliminada", { exact: true })).toBeVisible();
  await expect(lines).not.toContainText("Lavado");
  await expect(total).toContainText("$69.000");
  await noSidewaysScroll(page);

  // A picture: uploaded, shown, and the zip link offered.
  await page
    .getByLabel("Fotos del presupuesto")
    .setInputFiles({ name: "frente.png", mimeType: "image/png", buffer: TINY_PNG });
  await expect(page.getByRole("link", { name: "frente" })).toBeVisible();
  // The budget's zip now has something to download: the uploaded picture, named after its file.
  const budgetNumber = (
    (await page.getByRole("heading", { name: /^Presupuesto Nº \d+$/ }).textContent()) ?? ""
  ).replace("Presupuesto Nº ", "");
  const popup = page.waitForEvent("popup");
  await page.getByRole("button", { name: "Descargar imágenes" }).click();
  const zipPage = await popup;
  const saved = await zipPage.waitForEvent("download", { timeout: 60_000 });
  expect(saved.suggestedFilename()).toBe(`Taller Demo - Presupuesto ${budgetNumber}.zip`);
  expect(Object.keys((await JSZip.loadAsync(await readFile(await saved.path()))).files)).toEqual(["frente.jpg"]);
  await zipPage.close();

  // A supplier asked for prices from the budget.
  const { section, dialog } = await startPricingRequest(page);
  await dialog.getByRole("button", { name: "Crear y obtener enlace" }).click();
  const linkDialog = page.getByRole("dialog", { name: /^Enlace de Cotización #\d+$/ });
  expect(await linkDialog.getByLabel("Enlace").inputValue()).toMatch(/\/provider\/pricing\?access_token=[\w-]{43}$/);
  const pricing = ((await linkDialog.getByRole("heading").textContent()) ?? "").replace("Enlace de ", "");
  await linkDialog.getByRole("button", { name: "Cerrar" }).click();
  await expect(section).toContainText(pricing);

  // 'Crear cobro': the budget's lines, the discount folded in, and the budget's total.
  await page.locator(".budget-detail-head").getByRole("button", { name: "Crear cobro" }).click();
  const create = page.getByRole("dialog", { name: "Crear cobro" });
  await expect(create).toContainText("3 × $10.000 con descuento de $1.000");
  await expect(create).toContainText("$69.000");
  await create.getByRole("button", { name: "Crear cobro" }).click();
  const payment = page.getByRole("dialog", { name: /^Cobro Nº \d+$/ });
  await expect(payment).toContainText("Diagnóstico");
  await expect(payment).toContainText("$69.000");
  await page.keyboard.press("Escape");

  // 'Aprobado' locks the budget: no line or picture buttons, and the server refuses in Spanish.
  await page.getByRole("combobox", { name: "Cambiar estado" }).click();
  await page.getByRole("option", { name: "Aprobado" }).click();
  await expect(page.locator(".budget-detail-head")).toContainText("Aprobado");
  await expect(page.getByRole("button", { name: "Agregar línea" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Agregar fotos" })).toHaveCount(0);
  const refused = await page.request.post("/trpc/budgets.addLine", {
    headers: { "x-trpc-source": "web" },
    data: { json: { budget_id: budgetId, line: { description: "Tarde", quantity: 1, unit_price: 1, discount: 0 } } },
  });
  expect(refused.status()).toBe(409);
  expect(JSON.stringify(await refused.json())).toContain(
    "El presupuesto está en estado Aprobado y ya no admite cambios",
  );

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole("heading", { name: /^Presupuesto Nº \d+$/ })).toBeVisible();
  await noSidewaysScroll(page);
});
