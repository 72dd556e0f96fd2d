/**
 * State a user moves through lives in the URL (docs/web.md 'Search params'): an open dialog survives a reload and
 * Back closes it; a list's filter and sort survive a reload. admin@taller.demo only reads here.
 */
import { expect as baseExpect, type Locator, type Page, test } from "@playwright/test";
import { loginToShell } from "./fixtures";
import { listScreen } from "./lists";

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 180_000 });

const ADMIN = "admin@taller.demo";

/** The dialog is in the URL: a reload reopens it, Back closes it, Forward reopens it. */
async function expectDialogInUrl(page: Page, dialog: Locator, param: string) {
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`[?&]${param}=\\d+`));
  await page.reload();
  await expect(dialog).toBeVisible();
  await page.goBack();
  await expect(dialog).toHaveCount(0);
  await expect(page).not.toHaveURL(new RegExp(`[?&]${param}=`));
  await page.goForward();
  await expect(dialog).toBeVisible();
}

test("a payment's dialog", async ({ page }) => {
  await loginToShell(page, ADMIN, "/main/payments");
  const list = listScreen(page, { table: "Cobros", boxes: "Estado" });
  await list.rows.first().click();
  await expectDialogInUrl(page, page.getByRole("dialog", { name: /^Cobro Nº \d+$/ }), "payment");
});

test("the CRM's management and client dialogs, date range and sort", async ({ page }) => {
  await loginToShell(page, ADMIN, "/main/crm/retentions");
  const list = listScreen(page, { table: "Retenciones", boxes: "Indicadores" });
  await expect(list.rows.first()).toBeVisible();

  await list.rows
    .first()
    .getByRole("button", { name: /^Ver detalle de la gestión/ })
    .click();
  await list.rows.first().getByRole("button", { name: "Ver gestión" }).click();
  await expectDialogInUrl(page, page.getByRole("dialog", { name: /^Gestión #\d+/ }), "management");
  await page.goBack();

  await list.rows.first().locator(".crm-link-button").first().click();
  await expectDialogInUrl(page, page.getByRole("dialog", { name: "Cliente" }), "client");
  await page.goBack();

  await page.getByLabel("Rango de fechas").click();
  await page.getByRole("option", { name: "Este año" }).click();
  await expect(page).toHaveURL(/[?&]range=this_year/);
  const header = list.table.getByRole("columnheader", { name: /Fecha Gestión/ });
  await header.getByRole("button").click();
  await expect(header).toHaveAttribute("aria-sort", "ascending");
  await page.reload();
  await expect(page.getByLabel("Rango de fechas")).toHaveText("Este año");
  await expect(header).toHaveAttribute("aria-sort", "ascending");
});

test("the clients' rating filter", async ({ page }) => {
  await loginToShell(page, ADMIN, "/main/crm/clients");
  const ratings = page.getByRole("group", { name: "Filtrar por calificación" });
  const five = ratings.getByRole("button", { name: /^5 estrellas/ });
  await expect(five).toHaveAttribute("aria-pressed", "true");
  await five.click();
  await expect(five).toHaveAttribute("aria-pressed", "false");
  await page.reload();
  await expect(five).toHaveAttribute("aria-pressed", "false");
});

test("the orders list's sort", async ({ page }) => {
  await loginToShell(page, ADMIN, "/main/orders");
  const list = listScreen(page, { table: "Órdenes de Trabajo", boxes: "Estados de Orden" });
  const header = list.table.getByRole("columnheader", { name: /Recepción/ });
  await header.getByRole("button").click();
  await expect(header).toHaveAttribute("aria-sort", "ascending");
  await expect(page).toHaveURL(/[?&]reception=asc/);
  await page.reload();
  await expect(header).toHaveAttribute("aria-sort", "ascending");
});

test("the chat's order dialog", async ({ page }) => {
  await loginToShell(page, ADMIN, "/main/orders");
  await page.getByRole("button", { name: "Abrir chat" }).first().click();
  const chat = page.getByRole("complementary", { name: "Chat" });
  await chat.getByRole("button", { name: "Ver", exact: true }).click();
  await expectDialogInUrl(page, page.getByRole("dialog", { name: "Orden de Trabajo" }), "chat_order");
});

test("a search typed just before leaving a list stays with that list", async ({ page }) => {
  await loginToShell(page, ADMIN, "/main/orders");
  await expect(page.getByRole("searchbox", { name: /Buscar/ })).toBeVisible();
  // The next page's code arrives slowly: the list stays on screen while the router waits for it.
  await page.route("**/assets/vehicles-page-*.js", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  // The box sends its text after a 500 ms pause: the user is on the way to the next page by then.
  await page.getByRole("searchbox", { name: /Buscar/ }).fill("PEREZ");
  await page.getByRole("navigation", { name: "Menú principal" }).getByRole("link", { name: "Vehículos" }).click();
  await expect(page).toHaveURL(/\/main\/vehicles/);
  await page.waitForTimeout(1_000);
  await expect(page).not.toHaveURL(/search=/);
  await expect(page.getByRole("searchbox", { name: /Buscar/ })).toHaveValue("");
});
