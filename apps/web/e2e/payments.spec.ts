/**
 * Cobros (seed 002 sections 2.5 and 2.6): the list with its legend and stored filter, the detail dialog with
 * 'Reprocesar pago' and 'Ver Orden de trabajo', a request created from an order and paid by its client on the local
 * 'Pago de prueba' checkout while the staff list turns 'Pagado' without a reload, and the phone layout.
 * admin@taller.demo only reads, except the request the third test creates and pays.
 */
import { type Page, expect as baseExpect, test } from "@playwright/test";
import { loginToShell, screenshot } from "./fixtures";
import { listScreen } from "./lists";

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 180_000 });

const ADMIN = "admin@taller.demo";
const paymentsList = (page: Page) => listScreen(page, { table: "Cobros", boxes: "Estado" });

async function openList(page: Page) {
  await loginToShell(page, ADMIN, "/main/payments");
  const list = paymentsList(page);
  await expect(page.getByRole("heading", { level: 2, name: /^Cobros \(\d+\)$/ })).toBeVisible();
  await expect(list.rows.first()).toBeVisible();
  return list;
}

test("the list: total, legend toggles stored as payments_filter, filter dialog 'Estado', search", async ({ page }) => {
  const list = await openList(page);
  await list.expectMatchesBoxes();
  await list.box("Pagado").click();
  await expect(list.box("Pagado")).toHaveAttribute("aria-pressed", "false");
  await list.expectMatchesBoxes();
  expect(await page.evaluate(() => localStorage.getItem("payments_filter"))).toBe("1,0");
  // Only pending requests: no paid tick.
  await expect(list.rows.getByRole("img", { name: "Pagado" })).toHaveCount(0);
  await page.getByRole("button", { name: "Filtros" }).click();
  const dialog = page.getByRole("dialog", { name: "Filtros" });
  await expect(dialog.getByText("Estado")).toBeVisible();
  await dialog.getByRole("checkbox", { name: "Pagado" }).check();
  await dialog.getByRole("button", { name: "Aplicar" }).click();
  await expect(list.box("Pagado")).toHaveAttribute("aria-pressed", "true");
  expect(await page.evaluate(() => localStorage.getItem("payments_filter"))).toBe("1,2,0");
  await page.getByRole("searchbox").fill("zzzzzz-nada");
  await expect(page.getByText("No se han encontrado cobros")).toBeVisible();
});

test("the detail: every field, 'Ver Orden de trabajo' and 'Reprocesar pago' on a payment in process", async ({
  page,
}) => {
  const list = await openList(page);
  const processing = list.rows.filter({ has: page.getByRole("img", { name: "El pago se esta procesando" }) }).first();
  await expect(processing).toBeVisible();
  await processing.click();
  const dialog = page.getByRole("dialog", { name: /^Cobro Nº \d+$/ });
  for (const text of [
    "Enlace Cobro",
    "ID Pago",
    "Pagado el",
    "Pago Total",
    "Cuotas",
    "Valor Cuota",
    "Enlace Pago",
    "Total",
  ]) {
    await expect(dialog.getByText(text, { exact: true }).first()).toBeVisible();
  }
  await screenshot(page, "payment-detail");
  // The local provider still reports the rejected payment: reprocessing changes nothing and says no error.
  await dialog.getByRole("button", { name: "Reprocesar pago" }).click();
  await expect(dialog.getByRole("status")).toHaveText(
    "Pago reprocesado: el proveedor aún no informa un pago aprobado.",
  );
  await expect(dialog.getByRole("button", { name: "Reprocesar pago" })).toBeEnabled();
  await expect(dialog.getByRole("alert")).toHaveCount(0);
  // The demo's requests are the test checkout's, and the detail says so.
  await expect(dialog.getByRole("note")).toContainText("Este cobro usa el checkout de prueba");
  await expect(dialog.getByText("Pago de prueba", { exact: true })).toHaveCount(2);
  await dialog.getByRole("button", { name: "Ver Orden de trabajo" }).click();
  await expect(page.getByRole("link", { name: "Abrir página" })).toBeVisible();
});

test("a request made from an order, paid on the local checkout: the open list turns 'Pagado' without a reload", async ({
  page,
  browser,
}) => {
  await loginToShell(page, ADMIN, "/main/orders");
  await page.locator(".order-number").first().click();
  await expect(page).toHaveURL(/\/main\/orders\/\d+$/);
  await page.getByRole("button", { name: "Crear cobro" }).click();
  const form = page.getByRole("dialog", { name: "Crear cobro" });
  await expect(form.getByRole("note")).toContainText("Este servidor usa el checkout de prueba");
  await form.getByLabel("Precio unitario").fill("12345");
  await form.getByRole("button", { name: "Crear cobro" }).click();
  const detail = page.getByRole("dialog", { name: /^Cobro Nº \d+$/ });
  await expect(detail).toBeVisible();
  const title = (await detail.getByRole("heading").first().textContent()) ?? "";
  const correlative = /Nº (\d+)/.exec(title)?.[1] ?? "";
  const clientLink = (await detail.getByRole("link", { name: /\/client\/payment\?token=/ }).getAttribute("href")) ?? "";
  expect(clientLink).toMatch(/^\/client\/payment\?token=/);

  await page.goto("/main/payments");
  const list = paymentsList(page);
  const row = list.rows.filter({ has: page.getByRole("cell", { name: `#${correlative}`, exact: true }) });
  await expect(row.getByRole("img", { name: "Cobro enviado" })).toBeVisible();
  await expect(row.getByText("Pago de prueba", { exact: true })).toBeVisible();
  await expect(row).toContainText("$12.345");

  // The client, in another browser without a session, pays on the local provider's page.
  const client = await browser.newContext();
  try {
    const pay = await client.newPage();
    await pay.goto(clientLink);
    await expect(pay.getByRole("heading", { name: `Cobro Nº ${correlative}` })).toBeVisible();
    await expect(pay.getByText("Total a pagar")).toBeVisible();
    await pay.getByRole("link", { name: "Pagar $12.345" }).click();
    await expect(pay.getByText("Pago de prueba")).toBeVisible();
    await pay.getByRole("button", { name: "Aprobar pago" }).click();
    await expect(pay.getByText("Pago aprobado.")).toBeVisible();
  } finally {
    await client.close();
  }
  await expect(row.getByRole("img", { name: "Pagado" })).toBeVisible();
  await expect(row.getByText("Pago de prueba", { exact: true })).toBeVisible();
});

test.describe("390 px", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  test("the list and the client page fit the phone", async ({ page, browser }) => {
    await loginToShell(page, ADMIN, "/main/payments");
    await expect(page.getByRole("heading", { level: 2, name: /^Cobros \(\d+\)$/ })).toBeVisible();
    await expect(page.getByText(/^#\d+$/).first()).toBeVisible();
    await expectFits(page, "/main/payments");
    await page
      .getByText(/^#\d+$/)
      .first()
      .click();
    const dialog = page.getByRole("dialog", { name: /^Cobro Nº \d+$/ });
    const link = (await dialog.getByRole("link", { name: /\/client\/payment\?token=/ }).getAttribute("href")) ?? "";
    const client = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    try {
      const pay = await client.newPage();
      await pay.goto(link);
      await expect(pay.getByRole("heading", { name: /^Cobro Nº \d+$/ })).toBeVisible();
      await expectFits(pay, "/client/payment");
    } finally {
      await client.close();
    }
  });
});

async function expectFits(page: Page, name: string) {
  await page.waitForLoadState("networkidle");
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, `${name}: ${scrollWidth} px of content in ${clientWidth} px`).toBeLessThanOrEqual(clientWidth);
}
