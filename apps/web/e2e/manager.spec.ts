/**
 * The operators' area (seed 002 section 2.7): the demo operator logs in with password and one-time code, lands on
 * the databases screen, unknown children go back to it, the login redirects an operator who is already in (also when
 * the manager_token hint is gone), and the WhatsApp screen opens from the side menu, where a template with two
 * variables is written in the 450 px 'Plantillas de WhatsApp' dialog (each example required, with the spec's
 * messages) and saved; a database created from a two-sheet .xlsx ('Url DB' downloads its JSON; 'Hoja' lists its
 * sheets; 'ACTUALIZAR' with the rows on another sheet) and connected to Taller Demo puts its client in that
 * company's CRM, 'Deshacer importación' takes it out again, and the connection and then the database are removed
 * after their confirmations; 390 px keeps the login and the databases screen usable.
 */
import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { XLSX_TYPE } from "@taller/core";
import ExcelJS from "exceljs";
import { generate } from "otplib";
import { DEMO_PASSWORD, loginToShell, rutOf, screenshot } from "./fixtures";

// The demo operator's authenticator secret is as public as the demo password (db/src/seed/demo.ts).
const OPERATOR = { email: "operador@taller.demo", secret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP" };

test("an operator logs in with a one-time code and moves through the area", async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto("/manager/login");
  await page.getByLabel("Usuario").fill(OPERATOR.email);
  await page.getByLabel("Contraseña").fill(DEMO_PASSWORD);
  // A code is spent once: a retry (or a --repeat-each run) of this test waits for the next 30-second step.
  if (test.info().retry > 0 || test.info().repeatEachIndex > 0) await page.waitForTimeout(31_000);
  await page.getByLabel("Código de un solo uso").fill(await generate({ secret: OPERATOR.secret }));
  await page.getByRole("button", { name: "Ingresar" }).click();
  await expect(page).toHaveURL(/\/manager\/main\/database$/, { timeout: 20_000 });
  await page.goto("/manager/main/other");
  await expect(page).toHaveURL(/\/manager\/main\/database$/);
  // The session is the cookie: a login page whose manager_token hint is gone (a browser can lose that write) still
  // finds it live and goes in.
  await page.evaluate(() => localStorage.removeItem("manager_token"));
  await page.goto("/manager/login");
  await expect(page).toHaveURL(/\/manager\/main\/database$/);
  expect(await page.evaluate(() => localStorage.getItem("manager_token"))).toBe(OPERATOR.email);
  await page.getByRole("link", { name: "WhatsApp" }).click();
  await expect(page).toHaveURL(/\/manager\/main\/whatsapp$/);
  // The company autocomplete, then that company's WhatsApp form and notifications.
  await page.getByPlaceholder("Buscar empresa").fill("Taller Demo");
  await page.getByRole("option", { name: /Taller Demo/ }).click();
  await expect(page.getByRole("button", { name: "Guardar configuración" })).toBeVisible();
  await expect(page.getByText("Notificaciones de la empresa")).toBeVisible();
  await screenshot(page, "manager-whatsapp");
  // One login per test: a code is spent once, so the template and the databases run on in this session.
  await templateWithTwoVariables(page);
  await createAndConnectDatabase(page);
});

/**
 * Taller Demo's 'Link de pago' template (the demo seeds none for it; the local default keeps it 'En revisión', so it
 * sends nothing to the other specs' clients).
 */
async function templateWithTwoVariables(page: Page) {
  const stamp = String(Date.now()).slice(-6);
  await page.getByRole("button", { name: "Plantilla de Link de pago" }).click();
  const dialog = page.getByRole("dialog", { name: "Plantillas de WhatsApp" });
  await expect(dialog).toBeVisible();
  // Once its opening animation has ended.
  await expect.poll(async () => (await dialog.boundingBox())?.width).toBe(450);
  // What {{1}}.. receive when the notification is sent.
  await expect(
    dialog.getByText("Al enviarse: {{1}} nombre del cliente, {{2}} patente, {{3}} total, {{4}} link de pago."),
  ).toBeVisible();
  const header = dialog.getByLabel("Encabezado");
  await header.fill("");
  await header.blur();
  await expect(dialog.getByText("Ingrese un encabezado").first()).toBeVisible();
  await header.fill(`Link de pago ${stamp}`);
  await dialog.getByLabel("Tipo Respuesta").click();
  await page.getByRole("option", { name: "Sin respuesta" }).click();
  await dialog.getByLabel("Contenido").fill("Hola {{1}}, pague su cobro aquí: {{2}}");
  const examples = dialog.getByRole("group", { name: "Variables de ejemplo" }).getByRole("textbox");
  await expect(examples).toHaveCount(2);
  // A retry of this test finds the examples the first try saved.
  for (const input of [examples.nth(0), examples.nth(1)]) await input.fill("");
  const save = dialog.getByRole("button", { name: "Guardar plantilla" });
  await expect(save).toBeDisabled();
  // A disabled save says why, with the spec's message, before any field is visited.
  await expect(dialog.getByRole("status")).toHaveText("Para guardar: Ingrese un valor de ejemplo.");
  // Both examples are required, each with the spec's message.
  for (const input of [examples.nth(0), examples.nth(1)]) {
    await input.focus();
    await input.blur();
  }
  // Each example's field says it, and so does the reason beside the disabled 'Guardar plantilla'.
  await expect(dialog.getByText("Ingrese un valor de ejemplo").first()).toBeVisible();
  await dialog.getByLabel("{{1}}").fill("Ana");
  await expect(dialog.getByText("Ingrese un valor de ejemplo").first()).toBeVisible();
  await expect(save).toBeDisabled();
  await dialog.getByLabel("{{2}}").fill("https://taller.example/client/payment?token=ejemplo");
  await expect(dialog.getByRole("status")).toHaveCount(0);
  await screenshot(page, "manager-whatsapp-template");
  await save.click();
  await expect(page.getByText("Plantilla guardada correctamente", { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = page
    .getByRole("region", { name: "Notificaciones de la empresa" })
    .getByRole("row", { name: new RegExp(`Link de pago ${stamp}`) });
  await expect(row).toContainText("En revisión");
}

async function createAndConnectDatabase(page: Page) {
  const stamp = Date.now();
  const client = `Cliente Planilla ${stamp}`;
  const wb = new ExcelJS.Workbook();
  wb.addWorksheet("Notas").addRow(["Exportado del sistema anterior"]);
  const sheet = wb.addWorksheet("Clientes");
  sheet.addRow(["RUT", "Nombre", "Ciudad"]);
  const row = [rutOf(30_000_000 + (stamp % 9_000_000)), client, "Talca"];
  sheet.addRow(row);
  const buffer = Buffer.from(await wb.xlsx.writeBuffer());

  await page.getByRole("link", { name: "Bases de datos" }).click();
  const form = page.getByRole("form", { name: "Crear nueva base de datos" });
  await form.getByLabel("Nombre").fill(`Planilla ${stamp}`);
  await form.getByLabel("Archivo Excel").setInputFiles({ name: "clientes.xlsx", mimeType: XLSX_TYPE, buffer });
  await form.getByLabel("Hoja a importar").click();
  await page.getByRole("option", { name: /^Clientes/ }).click();
  const create = form.getByRole("button", { name: "Crear" });
  // Never silently disabled: what is missing shows beside the button, and goes once the columns are mapped.
  await expect(create).toBeDisabled();
  await expect(create).toHaveAccessibleDescription(/\S/);
  await expect(form.getByRole("status").filter({ hasText: /\S/ })).toBeVisible();
  for (const [column, target] of [
    ["RUT", "Cliente · RUT"],
    ["Nombre", "Cliente · Nombre"],
    ["Ciudad", "Cliente · Ciudad"],
  ] as const) {
    await form.getByLabel(`Campo de ${column}`).click();
    await page.getByRole("option", { name: target, exact: true }).click();
  }
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(page, "manager-database-create-390");
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(create).toBeEnabled();
  await expect(create).toHaveAccessibleDescription("");
  await create.click();

  await expect(page.getByLabel("Url DB")).toHaveValue(/\/files\/databases\/\d+$/);
  // 'Url DB' downloads the sheet as the JSON the import reads.
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Descargar JSON" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^base-de-datos-\d+\.json$/);
  const path = await download.path();
  expect(JSON.parse(await readFile(path, "utf8"))).toEqual([
    { row: 2, values: expect.objectContaining({ Nombre: client, Ciudad: "Talca" }) },
  ]);
  // 'Hoja' offers the workbook's sheets; one without the mapped columns is refused with the reason.
  const view = page.getByRole("form", { name: "Base de datos" });
  await view.getByLabel("Hoja").click();
  await page.getByRole("option", { name: "Notas" }).click();
  await view.getByRole("button", { name: "Guardar" }).click();
  await expect(view.getByText("La hoja Notas no tiene la columna RUT")).toBeVisible();
  // 'ACTUALIZAR' with a workbook whose rows are on another sheet: that sheet is chosen, then saved with it.
  const renamed = new ExcelJS.Workbook();
  renamed.addWorksheet("Clientes 2025").addRows([["RUT", "Nombre", "Ciudad"], row]);
  await view.getByLabel("ACTUALIZAR").setInputFiles({
    name: "clientes-2025.xlsx",
    mimeType: XLSX_TYPE,
    buffer: Buffer.from(await renamed.xlsx.writeBuffer()),
  });
  await expect(view.getByText("El nuevo Excel no tiene la hoja Clientes: elige una y guarda.")).toBeVisible();
  await view.getByLabel("Hoja").click();
  await page.getByRole("option", { name: "Clientes 2025" }).click();
  await view.getByRole("button", { name: "Guardar" }).click();
  await expect(page.getByText("Datos actualizados", { exact: true })).toBeVisible();
  await expect(view.getByLabel("Hoja")).toHaveText("Clientes 2025");

  await page.getByLabel("Compañia").click();
  await page.getByRole("option", { name: "Taller Demo" }).click();
  await page.getByRole("button", { name: "Conectar" }).click();
  const connections = page.getByRole("list", { name: "Conexiones" });
  await expect(connections.getByText("Conectado")).toBeVisible({ timeout: 30_000 });
  await screenshot(page, "manager-database-connected");

  const staff = await page.context().browser()?.newContext();
  if (!staff) throw new Error("no browser");
  const crm = await staff.newPage();
  await loginToShell(crm, "admin@taller.demo", "/main/crm/clients");
  await crm.getByLabel("Buscar").fill(client);
  await expect(crm.getByText(client)).toBeVisible({ timeout: 15_000 });

  // 'Deshacer importación': the job removes the client it created, and the CRM no longer finds it.
  await connections.getByRole("button", { name: "Deshacer importación" }).click();
  await page.getByRole("dialog", { name: "Deshacer importación" }).getByRole("button", { name: "Deshacer" }).click();
  await expect(connections.getByText("Importación deshecha")).toBeVisible({ timeout: 30_000 });
  await expect(connections.getByText("Registros eliminados: 1.")).toBeVisible();
  await expect(connections.getByRole("button", { name: "Deshacer importación" })).toHaveCount(0);
  await screenshot(page, "manager-database-undone");
  await crm.reload();
  await crm.getByLabel("Buscar").fill(client);
  await expect(crm.getByText("Taller Demo")).toBeVisible();
  await expect(crm.getByText(client)).toHaveCount(0, { timeout: 15_000 });
  await staff.close();

  // 'Quitar conexión', then 'Eliminar base de datos': each asks first; a cancelled one changes nothing.
  await connections.getByRole("button", { name: "Quitar conexión con Taller Demo" }).click();
  await page.getByRole("dialog", { name: "Quitar conexión" }).getByRole("button", { name: "Cancelar" }).click();
  await expect(connections.getByText("Taller Demo")).toBeVisible();
  await connections.getByRole("button", { name: "Quitar conexión con Taller Demo" }).click();
  await page.getByRole("dialog", { name: "Quitar conexión" }).getByRole("button", { name: "Quitar" }).click();
  await expect(connections.getByText("Sin conexiones.")).toBeVisible();
  await page.getByRole("button", { name: "Eliminar base de datos" }).click();
  await page.getByRole("dialog", { name: "Eliminar base de datos" }).getByRole("button", { name: "Eliminar" }).click();
  await expect(page.getByRole("form", { name: "Crear nueva base de datos" })).toBeVisible();
  await page.getByRole("combobox", { name: "Base de datos" }).click();
  await expect(page.getByRole("option", { name: `Planilla ${stamp}` })).toHaveCount(0);
  await page.keyboard.press("Escape");
}

test("390 px: the operators' login fits the screen", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/manager/login");
  await expect(page.getByRole("button", { name: "Ingresar" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
