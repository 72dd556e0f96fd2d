/**
 * Lists follow changes made by another user without a reload: their rows, not only their counters. Two browsers
 * (two sessions of admin@taller.demo): one shows a list, the other changes what a row of it shows.
 */
import { expect as baseExpect, type Browser, test } from "@playwright/test";
import { loginToShell } from "./fixtures";
import { createOwnBudget } from "./forms";
import { listScreen } from "./lists";

// First loads of a list under the shared machine's load get more time than the default 10 s.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 180_000 });

const ADMIN = "admin@taller.demo";

async function otherBrowser(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await loginToShell(page, ADMIN);
  return { context, page };
}

test("a retention marked lost in one browser turns 'Perdido' in the other's list", async ({ page, browser }) => {
  const other = await otherBrowser(browser);
  // The other browser finds a retention 'En Gestión' (the last one loaded: crm.spec.ts takes the newest ones).
  await other.page.goto("/main/crm/retentions");
  const otherList = listScreen(other.page, { table: "Retenciones", boxes: "Indicadores" });
  const expand = otherList.rows
    .filter({ hasText: "En Gestión" })
    .last()
    .getByRole("button", { name: /^Ver detalle de la gestión/ });
  const correlative = /#\d+$/.exec((await expand.getAttribute("aria-label")) ?? "")?.[0];
  await expand.click();
  await other.page
    .getByRole("region", { name: `Gestión ${correlative}` })
    .getByRole("button", { name: "Ver gestión" })
    .click();
  const opened = other.page.getByRole("dialog", { name: /^Gestión #\d+/ });
  const href = await opened.getByRole("link", { name: "Abrir página" }).getAttribute("href");
  const id = Number(/\/main\/crm\/(\d+)$/.exec(href ?? "")?.[1]);
  expect(id).toBeGreaterThan(0);

  // This browser shows that one retention in the list.
  await loginToShell(page, ADMIN, `/main/crm/retentions/${id}`);
  const list = listScreen(page, { table: "Retenciones", boxes: "Indicadores" });
  await expect(list.rows).toHaveCount(1);
  await expect(list.rows.first()).toContainText("En Gestión");

  await other.page.goto(`/main/crm/${id}`);
  await other.page.getByRole("button", { name: "Marcar como perdida" }).click();
  await other.page.getByRole("dialog", { name: "Confirmar" }).getByRole("button", { name: "Confirmar" }).click();
  await expect(other.page.getByText("Gestión marcada como perdida", { exact: true })).toBeVisible();

  await expect(list.rows.first()).toContainText("Perdido");
  await expect(list.rows.first()).not.toContainText("En Gestión");
  await other.context.close();
});

test("a budget created in one browser appears in the other's budgets list", async ({ page, browser }) => {
  await loginToShell(page, ADMIN, "/main/budgets");
  await expect(page.locator(".budget-number").first()).toBeVisible();

  const other = await otherBrowser(browser);
  const id = await createOwnBudget(other.page, { description: "Presupuesto en vivo", unit_price: 12_345 });
  await expect(page.locator(`a[href="/main/budgets/${id}"]`)).toBeVisible();
  await other.context.close();
});

test("a client edited in one browser changes in the other's clients list", async ({ page, browser }) => {
  await loginToShell(page, ADMIN, "/main/crm/clients");
  const table = page.getByRole("table", { name: "Clientes" });
  const link = table.locator('a[href^="/main/crm/clients/"]').last();
  const href = (await link.getAttribute("href")) ?? "";
  const row = table.getByRole("row").filter({ has: page.locator(`a[href="${href}"]`) });
  const email = `en.vivo.${Date.now()}@correo.cl`;

  const other = await otherBrowser(browser);
  await other.page.goto(href);
  await other.page.getByLabel("Correo").fill(email);
  await other.page.getByRole("button", { name: "Guardar" }).click();
  await expect(other.page.getByText("Datos guardados", { exact: true })).toBeVisible();

  await expect(row).toContainText(email);
  await other.context.close();
});
